// A tlog-tiles monitor (decision 010): mirrors the entry bundles, re-hashes every new entry into its own tree,
// checks the served level-0 tiles and the signed root against it, each new checkpoint against the last one seen and
// against the policy. Its state (a JSON file and the mirrored bundles) lets a second run pick up where one stopped.
import fs from 'node:fs';
import path from 'node:path';
import { toHex } from '../../contract/log/bytes';
import { decodeLeaf } from '../../contract/log/leaf';
import { leafHash } from '../../contract/log/merkle';
import { CouldNotCheck, judgeCheckpoint, NotEstablished, Tampered } from '../verify/judge';
import { parseTrustPolicy } from '../verify/policy';
import { append, rootOf, splitBundle, tilePath, type Edge } from './tree';

interface State {
  origin: string;
  size: number;
  root: string;
  checkpoint: string;
  edge: Edge[];
  /** Per passport: its last seq and hex leaf hash, to check each new event continues its chain. */
  chains: Record<string, { seq: number; hash: string }>;
  /** The log keys of the policy it last checked with: a change is not accepted silently. */
  logKeys: string[];
}

export interface MonitorOptions {
  prefix: string;
  stateDir: string;
  policy?: string;
  fetch?: typeof fetch;
}

async function get(f: typeof fetch, url: string): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await f(url, { redirect: 'error' });
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    throw new CouldNotCheck(`${url} is unreachable (${cause ?? (e as Error).message})`);
  }
  if (res.status !== 200) throw new CouldNotCheck(`GET ${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

const text = (b: Uint8Array) => new TextDecoder().decode(b);

export async function monitorOnce(opts: MonitorOptions): Promise<string[]> {
  const f = opts.fetch ?? fetch;
  const stateFile = path.join(opts.stateDir, 'state.json');
  const state: State | null = fs.existsSync(stateFile)
    ? (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as State)
    : null;
  const lines: string[] = [];
  const note = text(await get(f, `${opts.prefix}/checkpoint`));
  const origin = note.slice(0, note.indexOf('\n'));
  const prefixUrl = new URL(opts.prefix);
  if (!opts.policy && origin.split('/')[0] !== prefixUrl.host)
    throw new NotEstablished(`the checkpoint names the log ${origin}, not ${prefixUrl.host}: give --policy`);
  const policyText = opts.policy
    ? /^https?:\/\//.test(opts.policy)
      ? text(await get(f, opts.policy))
      : fs.readFileSync(opts.policy, 'utf8')
    : text(await get(f, `${prefixUrl.protocol}//${origin}/policy`));
  const policy = await parseTrustPolicy(policyText).catch((e: Error) => {
    throw new CouldNotCheck(`the policy ${e.message}`);
  });
  const logKeys = policy.logs.map((l) => l.vkey).sort();
  if (state && state.origin !== origin)
    throw new Tampered(`this state follows ${state.origin}; ${opts.prefix} serves ${origin}`);
  if (state && logKeys.join() !== state.logKeys.join() && !opts.policy)
    throw new NotEstablished(
      `the policy published for ${origin} names other log keys than at the last run (${state.logKeys.join(', ')}): confirm the new key out of band and pass --policy`,
    );
  const judged = judgeCheckpoint(note, policy);
  lines.push(...judged.lines);
  const { size } = judged.checkpoint;
  const root = note.split('\n')[2]!;
  const from = state?.size ?? 0;
  if (state && size < state.size)
    throw new Tampered(`rollback: the log now shows ${size} entries; it showed ${state.size} before`);
  if (state && size === state.size && root !== state.root)
    throw new Tampered(`fork: two different trees of ${size} entries (${state.root} before, ${root} now)`);
  let edge = state?.edge ?? [];
  // A bad entry is reported after the root is checked: entries that do not extend the tree seen are a fork first.
  let badEntry: string | null = null;
  const chains = { ...(state?.chains ?? {}) };
  for (let tile = Math.floor(from / 256); tile * 256 < size; tile++) {
    const width = Math.min(256, size - tile * 256);
    const addr = tilePath(tile, width);
    const bundle = await get(f, `${opts.prefix}/tile/entries/${addr}`);
    const hashes = await get(f, `${opts.prefix}/tile/0/${addr}`);
    const entries = splitBundle(bundle);
    if (entries.length !== width || hashes.length !== width * 32)
      throw new Tampered(`bad tile: tile ${addr} should hold ${width} entries`);
    for (let k = Math.max(0, from - tile * 256); k < width; k++) {
      const index = tile * 256 + k;
      const hash = await leafHash(entries[k]!);
      if (toHex(hash) !== toHex(hashes.slice(k * 32, k * 32 + 32)))
        throw new Tampered(`bad entry: entry ${index} does not hash to its level-0 tile hash`);
      edge = await append(edge, hash);
      if (badEntry) continue;
      let leaf;
      try {
        leaf = decodeLeaf(new TextDecoder('utf-8', { fatal: true }).decode(entries[k]));
      } catch (e) {
        badEntry = `bad entry: entry ${index}: ${(e as Error).message}`;
        continue;
      }
      const chain = chains[leaf.passport];
      if (leaf.seq !== (chain ? chain.seq + 1 : 0) || leaf.prev !== (chain?.hash ?? null))
        badEntry = `bad entry: entry ${index} does not continue the chain of ${leaf.passport}`;
      else chains[leaf.passport] = { seq: leaf.seq, hash: toHex(hash) };
    }
    const file = path.join(opts.stateDir, 'tile/entries', addr);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bundle);
  }
  if ((await rootOf(edge)) !== root)
    throw new Tampered(
      state
        ? `fork: the checkpoint of ${size} entries does not extend the tree of ${state.size} entries seen before`
        : `the checkpoint's root is not the root of the ${size} entries served`,
    );
  if (badEntry) throw new Tampered(badEntry);
  lines.push(
    state
      ? `  consistent with the checkpoint of ${state.size} entries seen before; ${size - from} new entries re-hashed`
      : `  first run: ${size} entries mirrored and re-hashed into the signed root`,
  );
  if (judged.missing.length) throw new NotEstablished(judged.missing.join('; '));
  const next: State = { origin, size, root, checkpoint: note, edge, chains, logKeys };
  fs.mkdirSync(opts.stateDir, { recursive: true });
  fs.writeFileSync(`${stateFile}.tmp`, JSON.stringify(next));
  fs.renameSync(`${stateFile}.tmp`, stateFile);
  return lines;
}
