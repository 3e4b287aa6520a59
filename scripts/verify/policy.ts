// C2SP tlog-policy, read by the verifier and the monitor: the log keys it accepts, the witnesses, groups and quorum.
// Its own reading (decision 010: the verifier imports nothing from server/).
import { createHash } from 'node:crypto';
import { parseVerifierKey, type VerifierKey } from '../../contract/log/note';

/** The signature type byte of Ed25519 cosignature/v1 keys (C2SP tlog-cosignature). */
const COSIGNATURE_V1 = 0x04;

export interface Witness {
  name: string;
  keyName: string;
  keyId: string;
  publicKey: Buffer;
  url: string | null;
}

export interface TrustPolicy {
  logs: { key: VerifierKey; vkey: string; url: string | null }[];
  witnesses: Witness[];
  groups: { name: string; threshold: number; members: string[] }[];
  quorum: string;
}

export class PolicyError extends Error {}

function witnessKey(vkey: string, n: number): Omit<Witness, 'name' | 'url'> {
  const match = /^([^+]+)\+([0-9a-fA-F]{8})\+([A-Za-z0-9+/]+={0,2})$/.exec(vkey);
  const raw = match ? Buffer.from(match[3]!, 'base64') : Buffer.alloc(0);
  if (!match || raw.length !== 33 || raw[0] !== COSIGNATURE_V1)
    throw new PolicyError(`line ${n}: not an Ed25519 cosignature/v1 witness key`);
  const publicKey = raw.subarray(1);
  const id = createHash('sha256')
    .update(Buffer.concat([Buffer.from(`${match[1]}\n`), Buffer.from([COSIGNATURE_V1]), publicKey]))
    .digest()
    .subarray(0, 4)
    .toString('hex');
  if (id !== match[2]!.toLowerCase())
    throw new PolicyError(`line ${n}: the witness key id does not match its key`);
  return { keyName: match[1]!, keyId: id, publicKey };
}

/** Parses a policy file; any departure from the grammar throws one sentence naming the line. */
export async function parseTrustPolicy(text: string): Promise<TrustPolicy> {
  if ([...text].some((c) => (c < ' ' && c !== '\t' && c !== '\n') || c === '\x7f'))
    throw new PolicyError('has a control character other than tab');
  const policy: TrustPolicy = { logs: [], witnesses: [], groups: [], quorum: '' };
  const defined = new Set(['none']);
  const keys = new Set<string>();
  for (const [i, raw] of text.split('\n').entries()) {
    const n = i + 1;
    const words = raw.trim().split(/[ \t]+/);
    if (words[0] === '' || words[0]!.startsWith('#')) continue;
    const [keyword, ...args] = words as [string, ...string[]];
    const fresh = (name: string) => {
      if (defined.has(name)) throw new PolicyError(`line ${n}: the name "${name}" is already defined`);
      defined.add(name);
    };
    if (keyword === 'log' && (args.length === 1 || args.length === 2)) {
      let key: VerifierKey;
      try {
        key = await parseVerifierKey(args[0]!);
      } catch (e) {
        throw new PolicyError(`line ${n}: ${(e as Error).message}`);
      }
      const hex = Buffer.from(key.publicKey).toString('hex');
      if (keys.has(hex)) throw new PolicyError(`line ${n}: a key listed twice`);
      keys.add(hex);
      policy.logs.push({ key, vkey: args[0]!, url: args[1] ?? null });
    } else if (keyword === 'witness' && (args.length === 2 || args.length === 3)) {
      const key = witnessKey(args[1]!, n);
      const hex = key.publicKey.toString('hex');
      if (keys.has(hex)) throw new PolicyError(`line ${n}: a key listed twice`);
      keys.add(hex);
      fresh(args[0]!);
      policy.witnesses.push({ name: args[0]!, ...key, url: args[2] ?? null });
    } else if (keyword === 'group' && args.length >= 3) {
      const [name, k, ...members] = args as [string, string, ...string[]];
      if (new Set(members).size !== members.length) throw new PolicyError(`line ${n}: a member listed twice`);
      for (const m of members)
        if (m === 'none' || !defined.has(m)) throw new PolicyError(`line ${n}: "${m}" is not defined above`);
      const threshold =
        k === 'all' ? members.length : k === 'any' ? 1 : /^[1-9][0-9]*$/.test(k) ? Number(k) : NaN;
      if (!(threshold >= 1 && threshold <= members.length))
        throw new PolicyError(`line ${n}: the threshold must be all, any or 1 to ${members.length}`);
      fresh(name);
      policy.groups.push({ name, threshold, members });
    } else if (keyword === 'quorum' && args.length === 1) {
      if (policy.quorum) throw new PolicyError(`line ${n}: a second quorum line`);
      if (!defined.has(args[0]!))
        throw new PolicyError(`line ${n}: quorum "${args[0]}" is not defined above`);
      policy.quorum = args[0]!;
    } else {
      throw new PolicyError(`line ${n}: "${keyword}" is not a policy line of that form`);
    }
  }
  if (!policy.quorum) throw new PolicyError('has no quorum line');
  return policy;
}

export function quorumMet(policy: TrustPolicy, cosigned: ReadonlySet<string>): boolean {
  const groups = new Map(policy.groups.map((g) => [g.name, g]));
  const met = (name: string): boolean => {
    if (name === 'none') return true;
    const group = groups.get(name);
    return group ? group.members.filter(met).length >= group.threshold : cosigned.has(name);
  };
  return met(policy.quorum);
}

/** The quorum in words: `both (all of A, B)`, `A`, `none (no witness needed)`. */
export function quorumWords(policy: TrustPolicy): string {
  if (policy.quorum === 'none') return 'none (no witness needed)';
  const group = policy.groups.find((g) => g.name === policy.quorum);
  if (!group) return `witness ${policy.quorum}`;
  const k = group.threshold === group.members.length ? 'all' : `${group.threshold}`;
  return `"${group.name}": ${k} of ${group.members.join(', ')}`;
}
