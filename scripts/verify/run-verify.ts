// `npm run verify`: a passport's history, a dossier or one tlog-proof, checked against a policy the user trusts
// (decision 010). Exit 0 only when the policy's log key signed the checkpoint, its quorum cosigned it and every
// entry proves into it; 1 tampered; 2 could not check; 3 key or quorum not established. Nothing is remembered.
import {
  indexLookupSchema,
  logProofSchema,
  passportIndexFileSchema,
  passportLogBundleSchema,
  passportLogSchema,
  type IndexLookup,
} from '../../contract/log';
import { fromBase64 } from '../../contract/log/bytes';
import { checkRevealed, type RevealedInput } from '../../contract/log/commitment';
import { decodeLeaf } from '../../contract/log/leaf';
import { parseTlogProof } from '../../contract/log/tlog-proof';
import { getBounded, MAX_RESPONSE_BYTES, readFileBounded } from './bounded-io';
import { CouldNotCheck, NotEstablished, Tampered } from './judge';
import { readPdfAttachments } from './pdf-attachment';
import { parseTrustPolicy, type TrustPolicy } from './policy';
import { checkCompleteness, type IndexedEntry } from './index-check';
import { checkChain, originOf, proveItems, type ProofItem } from './prove';

export type ExitCode = 0 | 1 | 2 | 3;

export interface VerifyOutcome {
  code: ExitCode;
  lines: string[];
}

export interface VerifyOptions {
  /** `--policy`: a file or an http(s) URL. */
  policy?: string;
  /** The policy's text itself (tests, and callers that already hold it). */
  policyText?: string;
  /** `--offline`: fetch nothing. */
  offline?: boolean;
  fetch?: typeof fetch;
}

/** A public passport URL (…/p/{code}) to its site and code. */
export function parsePassportUrl(input: string): { site: URL; code: string } {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new CouldNotCheck(`not a URL or a file: ${input}`);
  }
  const match = /^(.*?)\/(?:p|api\/public\/passports)\/([A-Za-z0-9-]+)\/?$/.exec(url.pathname);
  if (!match) throw new CouldNotCheck(`not a public passport URL (…/p/{code}): ${input}`);
  return { site: new URL(`${url.origin}${match[1]}`), code: decodeURIComponent(match[2]!).toUpperCase() };
}

const get = (f: typeof fetch, url: string) => getBounded(f, url);

async function getOk(f: typeof fetch, url: string): Promise<string> {
  const res = await get(f, url);
  if (res.status !== 200) throw new CouldNotCheck(`GET ${url}: HTTP ${res.status}`);
  return res.text;
}

const local = (host: string) => /^(localhost|127\.|\[::1\])/.test(host);

/**
 * The policy: --policy, or `<origin>/policy` of the log origin the checkpoint names, fetched over the scheme of the
 * address used. `via` (the address used, for a URL) must be that origin's host. Null when none can be had.
 */
async function loadPolicy(
  opts: VerifyOptions,
  origin: string,
  via: URL | null,
  lines: string[],
): Promise<TrustPolicy | null> {
  const f = opts.fetch ?? fetch;
  let text = opts.policyText;
  let source = 'the policy given';
  if (text === undefined && opts.policy) {
    source = opts.policy;
    if (/^https?:\/\//i.test(opts.policy)) text = await getOk(f, opts.policy);
    else {
      try {
        text = readFileBounded(opts.policy, MAX_RESPONSE_BYTES).toString('utf8');
      } catch (e) {
        if (e instanceof CouldNotCheck) throw e;
        throw new CouldNotCheck(`could not read the policy ${opts.policy}: ${(e as Error).message}`);
      }
    }
  }
  const host = origin.split('/')[0]!;
  if (text === undefined) {
    if (via && via.host !== host)
      throw new NotEstablished(
        `the checkpoint names the log ${origin}, but it came from ${via.host}: only ${host} can vouch for it (or give --policy)`,
      );
    const url = `${via ? via.protocol : local(host) ? 'http:' : 'https:'}//${origin}/policy`;
    const how = `get the registry's policy from a source you trust (its site publishes it at ${url}) and run again with --policy FILE`;
    if (opts.offline) {
      lines.push(`No policy: offline, and none given. To check who signed this, ${how}.`);
      return null;
    }
    try {
      text = await getOk(f, url);
    } catch (e) {
      if (via) throw e;
      lines.push(`No policy: ${(e as Error).message}. To check who signed this, ${how}.`);
      return null;
    }
    source = `${url} (the origin named in the checkpoint)`;
  }
  try {
    const policy = await parseTrustPolicy(text);
    lines.push(`Policy from ${source}`);
    return policy;
  } catch (e) {
    throw new CouldNotCheck(`the policy from ${source} ${(e as Error).message}`);
  }
}

/** Proves the items against the policy, a passport's chain when asked, and turns the findings into an outcome. */
async function finish(
  items: ProofItem[],
  opts: VerifyOptions,
  via: URL | null,
  passport: {
    entries: { index: number; leaf: Uint8Array }[];
    revealed?: RevealedInput[];
    /** The verifiable index's lookup and each listed entry's proof at its input size (decision 032). */
    index?: { code: string; lookup: IndexLookup; proofs: Map<number, Uint8Array[]> } | null;
    /** Where the newest lookup can be fetched to say what happened since (a dossier whose origin answers). */
    site?: string | null;
  } | null,
  lines: string[],
): Promise<VerifyOutcome> {
  if (!items.length) throw new CouldNotCheck('there is nothing to prove: no log entries');
  const policy = await loadPolicy(opts, originOf(items[0]!.checkpoint), via, lines);
  const proved = await proveItems(items, policy);
  lines.push(...proved.lines);
  if (passport) {
    const events = await checkChain(passport.entries);
    const first = events[0]!.leaf;
    lines.push(`${first.passport}: ${events.length} events, chain intact, each proved in the log:`);
    for (const e of events)
      lines.push(
        `  #${e.leaf.seq} ${e.leaf.at} ${e.leaf.type} (entry ${e.index}${proved.sizes.has(e.index) ? `, checkpoint size ${proved.sizes.get(e.index)}` : ', NOT PROVED'})`,
      );
    const unproved = events.filter((e) => !proved.sizes.has(e.index));
    if (unproved.length) proved.missing.push(`${unproved.length} events have no proof`);
    if (passport.revealed?.length) {
      const opened = await checkRevealed(
        new Map(events.map((e) => [e.index, { data: e.leaf.data }])),
        passport.revealed,
      );
      if (!opened.ok) throw new Tampered(opened.message);
      lines.push(`  ${opened.opened} private values open their commitments (the owner's copy)`);
    }
  } else {
    for (const item of items) {
      let what = 'a leaf';
      try {
        const leaf = decodeLeaf(new TextDecoder().decode(item.leaf));
        what = `${leaf.passport} #${leaf.seq} ${leaf.type} at ${leaf.at}`;
      } catch {
        // Not a passport leaf: proved all the same.
      }
      lines.push(`Entry ${item.index} proved: ${what}`);
    }
  }
  if (!policy) proved.missing.push('no policy: who signed the checkpoint is not established');
  let verdict: string | null = null;
  if (passport?.index && policy) {
    const { code, lookup, proofs } = passport.index;
    const listed = new Set(lookup.indices);
    // Entries after the revision's log size are newer than the index: they are proved above, not counted here.
    const within: IndexedEntry[] = passport.entries
      .filter((e) => e.index < lookup.inputSize || listed.has(e.index))
      .map((e) => ({ ...e, proof: proofs.get(e.index) ?? [] }));
    const complete = await checkCompleteness(code, lookup, within, policy, proved.origin);
    lines.push(...complete.lines);
    proved.missing.push(...complete.missing);
    const later = passport.entries.length - within.length;
    verdict = `${complete.verdict}${later ? ` (and ${later} later events, after the index revision)` : ''}`;
    if (passport.site) {
      const since = await sinceDossier(opts, passport.site, code, lookup, policy, proved.origin);
      lines.push(...since.lines);
      if (since.alarm) throw new Tampered(since.alarm);
    }
  } else if (passport)
    lines.push('Completeness not checked: no index lookup (passport-index.json) to check against.');
  if (proved.missing.length) {
    for (const m of proved.missing) lines.push(`NOT ESTABLISHED: ${m}`);
    return { code: 3, lines };
  }
  if (verdict) lines.push(verdict);
  lines.push(`VERIFIED: signed by the policy's log key, cosigned to its quorum, every entry proved`);
  return { code: 0, lines };
}

export async function verifyUrl(input: string, opts: VerifyOptions): Promise<VerifyOutcome> {
  return run(async (lines) => {
    const f = opts.fetch ?? fetch;
    const { site, code } = parsePassportUrl(input);
    const base = site.href.replace(/\/$/, '');
    const log = passportLogSchema.parse(
      JSON.parse(await getOk(f, `${base}/api/public/passports/${encodeURIComponent(code)}/log`)),
    );
    const entries = log.entries.map((e) => ({ index: e.index, leaf: fromBase64(e.leafBase64) }));
    // A site answering one passport's address with another passport's history is refused, whatever it proves.
    for (const e of entries) {
      const passport = decodeLeaf(new TextDecoder().decode(e.leaf)).passport;
      if (passport !== code)
        throw new Tampered(`log entry ${e.index} belongs to ${passport}, not to ${code}`);
    }
    // Each entry against the newest checkpoint the registry's quorum has cosigned; one not witnessed yet against the
    // newest checkpoint, with whatever cosignatures it has.
    let latest: { note: string; size: number } | null = null;
    const items: ProofItem[] = [];
    for (const e of entries) {
      const res = await get(f, `${base}/api/log/entries/${e.index}/tlog-proof`);
      if (res.status === 200) {
        const proof = parseTlogProof(res.text);
        items.push({ index: e.index, leaf: e.leaf, proof: proof.proof, checkpoint: proof.checkpoint });
        continue;
      }
      if (res.status !== 409)
        throw new CouldNotCheck(`GET the proof of entry ${e.index}: HTTP ${res.status}`);
      if (!latest) {
        const note = await getOk(f, `${base}/log/checkpoint`);
        latest = { note, size: Number(note.split('\n')[1]) };
      }
      const proof = logProofSchema.parse(
        JSON.parse(await getOk(f, `${base}/api/log/proof/inclusion?index=${e.index}&size=${latest.size}`)),
      ).proof;
      items.push({ index: e.index, leaf: e.leaf, proof: proof.map(fromBase64), checkpoint: latest.note });
    }
    // The index: every entry the passport has at a log size, so none can be left out (409 while none is witnessed).
    let index = null;
    const res = await get(f, `${base}/api/log/index/${encodeURIComponent(code)}`);
    if (res.status === 200) {
      const lookup = indexLookupSchema.parse(JSON.parse(res.text));
      const proofs = new Map<number, Uint8Array[]>();
      for (const i of lookup.indices) {
        const proof = logProofSchema.parse(
          JSON.parse(await getOk(f, `${base}/api/log/proof/inclusion?index=${i}&size=${lookup.inputSize}`)),
        ).proof;
        proofs.set(i, proof.map(fromBase64));
      }
      index = { code, lookup, proofs };
    } else if (res.status !== 409)
      throw new CouldNotCheck(`GET the index lookup of ${code}: HTTP ${res.status}`);
    return finish(items, opts, site, { entries, index }, lines);
  });
}

/** A dossier's attachments: passport-log.json, and the tlog-proof of each event when the dossier has them. */
export async function verifyDossier(pdf: Uint8Array, opts: VerifyOptions): Promise<VerifyOutcome> {
  return run(async (lines) => {
    let files: Map<string, string>;
    try {
      files = await readPdfAttachments(pdf);
    } catch (e) {
      throw new CouldNotCheck(`not a readable PDF: ${(e as Error).message}`);
    }
    const json = files.get('passport-log.json');
    if (!json) throw new CouldNotCheck('the PDF has no attached passport-log.json: it is not a dossier');
    const attached = files.get('log-policy.txt');
    if (attached)
      lines.push(
        `The dossier carries a policy (log-policy.txt), not used: anyone can attach one. Its log line: ${attached.split('\n').find((l) => l.startsWith('log ')) ?? 'none'}`,
      );
    return verifyBundle(json, opts, files, lines);
  });
}

/** The bundle a dossier embeds (passport-log.json), with the tlog-proof files beside it when there are any. */
export async function verifyBundleJson(
  json: string,
  opts: VerifyOptions,
  files: Map<string, string> = new Map(),
): Promise<VerifyOutcome> {
  return run((lines) => verifyBundle(json, opts, files, lines));
}

async function verifyBundle(
  json: string,
  opts: VerifyOptions,
  files: Map<string, string>,
  lines: string[],
): Promise<VerifyOutcome> {
  const bundle = passportLogBundleSchema.parse(JSON.parse(json));
  const entries = bundle.entries.map((e) => ({ index: e.index, leaf: fromBase64(e.leafBase64) }));
  const indexJson = files.get('passport-index.json');
  let index = null;
  if (indexJson) {
    const file = passportIndexFileSchema.parse(JSON.parse(indexJson));
    const proofs = new Map(file.entryProofs.map((p) => [p.index, p.proof.map(fromBase64)]));
    // The code the dossier is about: its own events' passport, never what the lookup says of itself.
    const about = entries[0] ? decodeLeaf(new TextDecoder().decode(entries[0].leaf)).passport : file.code;
    index = { code: about, lookup: file, proofs };
  }
  const items = bundle.entries.map((e, i): ProofItem => {
    const file = files.get(`entry-${e.index}.tlog-proof`);
    if (!file) return { ...entries[i]!, proof: e.proof.map(fromBase64), checkpoint: bundle.checkpoint };
    const proof = parseTlogProof(file);
    if (proof.index !== e.index)
      throw new Tampered(`entry-${e.index}.tlog-proof proves entry ${proof.index}`);
    return { ...entries[i]!, proof: proof.proof, checkpoint: proof.checkpoint };
  });
  const site = opts.offline ? null : bundle.origin;
  return finish(items, opts, null, { entries, revealed: bundle.revealed, index, site }, lines);
}

/** `verify entry.tlog-proof LEAF`: one proof file and the leaf it proves (a file of its bytes). */
export async function verifyTlogProof(proofText: string, leaf: Uint8Array, opts: VerifyOptions) {
  return run(async (lines) => {
    const proof = parseTlogProof(proofText);
    const item = { index: proof.index, leaf, proof: proof.proof, checkpoint: proof.checkpoint };
    return finish([item], opts, null, null, lines);
  });
}

async function run(fn: (lines: string[]) => Promise<VerifyOutcome>): Promise<VerifyOutcome> {
  const lines: string[] = [];
  try {
    return await fn(lines);
  } catch (e) {
    if (e instanceof Tampered) return { code: 1, lines: [...lines, `FAILED: ${e.message}`] };
    if (e instanceof NotEstablished) return { code: 3, lines: [...lines, `NOT ESTABLISHED: ${e.message}`] };
    const message = e instanceof Error ? e.message : String(e);
    return { code: 2, lines: [...lines, `COULD NOT CHECK: ${message}`] };
  }
}

/** Event types a buyer must hear about when they happened after the dossier was made. */
const ALARMING: Record<string, string> = {
  reported_stolen: 'reported stolen',
  transfer_accepted: 'changed owner',
};

/**
 * Fetches the newest lookup of the code and says what happened since the dossier's revision. An alarm (a theft
 * report or a change of owner the dossier does not show) is returned for exit 1; an unreachable site is a line.
 */
async function sinceDossier(
  opts: VerifyOptions,
  site: string,
  code: string,
  old: IndexLookup,
  policy: TrustPolicy,
  origin: string,
): Promise<{ lines: string[]; alarm: string | null }> {
  const f = opts.fetch ?? fetch;
  const base = site.replace(/\/$/, '');
  let newest: IndexLookup;
  try {
    newest = indexLookupSchema.parse(
      JSON.parse(await getOk(f, `${base}/api/log/index/${encodeURIComponent(code)}`)),
    );
  } catch (e) {
    return { lines: [`Since this dossier: not checked (${(e as Error).message})`], alarm: null };
  }
  if (
    newest.inputSize < old.inputSize ||
    newest.indices.slice(0, old.indices.length).join() !== old.indices.join()
  )
    return { lines: [], alarm: `the registry's newest index of ${code} does not extend the dossier's` };
  const added = newest.indices.slice(old.indices.length);
  const entries: IndexedEntry[] = [];
  for (const index of newest.indices) {
    const leaf = fromBase64(
      (JSON.parse(await getOk(f, `${base}/api/log/entries/${index}`)) as { leafBase64: string }).leafBase64,
    );
    const proof = logProofSchema
      .parse(
        JSON.parse(await getOk(f, `${base}/api/log/proof/inclusion?index=${index}&size=${newest.inputSize}`)),
      )
      .proof.map(fromBase64);
    entries.push({ index, leaf, proof });
  }
  const checked = await checkCompleteness(code, newest, entries, policy, origin);
  if (!added.length) return { lines: [`Since this dossier: nothing new (${checked.verdict})`], alarm: null };
  const lines = [`Since this dossier (${checked.verdict}):`];
  const alarms: string[] = [];
  for (const e of entries.filter((x) => added.includes(x.index))) {
    const leaf = decodeLeaf(new TextDecoder().decode(e.leaf));
    const what = ALARMING[leaf.type] ?? leaf.type.replace(/_/g, ' ');
    lines.push(`  ${what} on ${leaf.at.slice(0, 10)} (entry ${e.index})`);
    if (ALARMING[leaf.type]) alarms.push(`${what} on ${leaf.at.slice(0, 10)}`);
  }
  return {
    lines,
    alarm: alarms.length
      ? `since this dossier, ${code} was ${alarms.join(', ')}: the dossier does not show it`
      : null,
  };
}
