// `npm run verify`: checks a passport's log entries with contract/log code only (nothing from server/).
import { passportLogBundleSchema, passportLogSchema, logProofSchema } from '../../contract/log';
import { fromBase64 } from '../../contract/log/bytes';
import { checkRevealed, type RevealedInput } from '../../contract/log/commitment';
import { verifyConsistency } from '../../contract/log/merkle';
import { parseVerifierKey, verifyCheckpoint } from '../../contract/log/note';
import { verifyPassportLog, type PassportLogInput } from '../../contract/log/verify-passport';
import { readCached, writeCached } from './checkpoint-cache';

export interface VerifyOutcome {
  ok: boolean;
  lines: string[];
}

export interface VerifyOptions {
  cacheDir: string;
  fetch?: typeof fetch;
}

class Mismatch extends Error {}

/** A public passport URL (…/p/{code}) to its origin and code. */
export function parsePassportUrl(input: string): { origin: string; code: string } {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new Error(`not a URL or a .pdf file: ${input}`);
  }
  const match = /\/(?:p|api\/public\/passports)\/([A-Za-z0-9-]+)\/?$/.exec(url.pathname);
  if (!match) throw new Error(`not a public passport URL (…/p/{code}): ${input}`);
  return { origin: url.origin, code: decodeURIComponent(match[1]!).toUpperCase() };
}

async function getText(f: typeof fetch, url: string): Promise<string> {
  const res = await f(url, { headers: { accept: 'application/json, text/plain' } });
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return res.text();
}

const when = (iso: string | undefined) =>
  iso && !Number.isNaN(Date.parse(iso))
    ? `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : null;

/** Verifies the bundle; then, against the cached checkpoint of that origin, consistency (fetching the proof). */
async function check(
  bundle: PassportLogInput & { origin: string; signedAt?: string; revealed?: RevealedInput[] },
  opts: VerifyOptions & { online: boolean },
): Promise<VerifyOutcome> {
  const lines: string[] = [];
  const result = await verifyPassportLog(bundle);
  if (!result.ok) throw new Mismatch(`FAILED (${result.step}): ${result.message}`);
  const signed = when(bundle.signedAt);
  lines.push(
    `${result.passport}: ${result.events} events, chain intact, included in the registry log ${result.origin} at size ` +
      `${result.treeSize.toLocaleString('en-US')}${signed ? `, checkpoint signed ${signed} (time as reported by the server)` : ''}`,
  );
  for (const v of result.verified) lines.push(`  #${v.seq} ${v.at} ${v.type}  leaf ${v.index} ${v.hash}`);
  if (bundle.revealed?.length) {
    const opened = await checkRevealed(
      new Map(result.verified.map((v) => [v.index, { data: v.leaf.data }])),
      bundle.revealed,
    );
    if (!opened.ok) throw new Mismatch(`FAILED (commitment): ${opened.message}`);
    lines.push(
      `  ${opened.opened} private ${opened.opened === 1 ? 'value opens its commitment' : 'values open their commitments'} (the owner's copy)`,
    );
  }
  const key = await parseVerifierKey(bundle.vkey);
  const current = await verifyCheckpoint(bundle.checkpoint, key);
  const cached = readCached(opts.cacheDir, bundle.origin);
  if (cached) {
    if (cached.vkey.trim() !== bundle.vkey.trim())
      throw new Mismatch(
        `FAILED (key): the log key changed since ${cached.seenAt || 'the last check'}: was ${cached.vkey.trim()}, now ${bundle.vkey.trim()}`,
      );
    const old = await verifyCheckpoint(cached.checkpoint, key);
    if (current.size < old.size) {
      lines.push(
        `  (an older checkpoint, size ${current.size}; the newest seen is ${old.size}: checking that one instead)`,
      );
    }
    const [from, to] = current.size < old.size ? [current, old] : [old, current];
    let proof: Uint8Array[] = [];
    if (from.size !== to.size && from.size > 0) {
      let body: string;
      try {
        body = await getText(
          opts.fetch ?? fetch,
          `${bundle.origin}/api/log/proof/consistency?from=${from.size}&to=${to.size}`,
        );
      } catch (e) {
        if (opts.online) throw e;
        lines.push(
          `  consistency with the checkpoint seen earlier (size ${old.size}) not checked: ${bundle.origin} unreachable`,
        );
        return { ok: true, lines };
      }
      proof = logProofSchema.parse(JSON.parse(body)).proof.map(fromBase64);
    }
    if (!(await verifyConsistency(from.size, to.size, from.root, to.root, proof)))
      throw new Mismatch(
        `FAILED (consistency): the log at size ${to.size} does not extend the checkpoint of size ${from.size} seen ${cached.seenAt || 'earlier'}: history was rewritten`,
      );
    lines.push(`  consistent with the checkpoint seen ${cached.seenAt || 'earlier'} (size ${old.size})`);
    if (current.size < old.size) return { ok: true, lines };
  } else {
    lines.push(`  first check of ${bundle.origin} on this machine: key ${key.keyHash} remembered`);
    if (!opts.online)
      lines.push(
        `  the key came with the file: compare it with ${bundle.origin}/api/log/key: ${bundle.vkey}`,
      );
  }
  writeCached(opts.cacheDir, bundle.origin, {
    vkey: bundle.vkey,
    checkpoint: bundle.checkpoint,
    seenAt: new Date().toISOString(),
  });
  return { ok: true, lines };
}

export async function verifyUrl(input: string, opts: VerifyOptions): Promise<VerifyOutcome> {
  const f = opts.fetch ?? fetch;
  const { origin, code } = parsePassportUrl(input);
  const [vkey, logText] = await Promise.all([
    getText(f, `${origin}/api/log/key`),
    getText(f, `${origin}/api/public/passports/${encodeURIComponent(code)}/log`),
  ]);
  const log = passportLogSchema.parse(JSON.parse(logText));
  return run(() => check({ ...log, vkey: vkey.trim(), origin, passport: code }, { ...opts, online: true }));
}

/** A site origin from a bundle's `origin`: a URL, or a bare host (a log origin's `/log` dropped). */
function siteOrigin(origin: string): string {
  if (/^https?:\/\//.test(origin)) return new URL(origin).origin;
  const host = origin.replace(/\/log\/?$/, '').replace(/\/+$/, '');
  return `${/^(localhost|127\.|\[::1\])/.test(host) ? 'http' : 'https'}://${host}`;
}

export async function verifyBundleJson(json: string, opts: VerifyOptions): Promise<VerifyOutcome> {
  const bundle = passportLogBundleSchema.parse(JSON.parse(json));
  return run(() => check({ ...bundle, origin: siteOrigin(bundle.origin) }, { ...opts, online: false }));
}

async function run(fn: () => Promise<VerifyOutcome>): Promise<VerifyOutcome> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Mismatch) return { ok: false, lines: [e.message] };
    throw e;
  }
}
