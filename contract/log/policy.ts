// C2SP tlog-policy files: which log keys, which witnesses and how many of them make a quorum. One reading for the
// server (its own LOG_POLICY, checked while the environment is read, so pure and synchronous) and for the standalone
// verifier and monitor (the policy they trust, scripts/verify/policy.ts). Node only: the browser reads the part of
// a policy it needs through witnessed.ts.
import { createHash } from 'node:crypto';

/** The signature type byte of Ed25519 cosignature/v1 keys (tlog-cosignature). */
export const COSIGNATURE_V1 = 0x04;

export interface PolicyWitness {
  /** The name the policy file gives it (only meaningful inside the policy). */
  name: string;
  vkey: string;
  /** The key name cosignature lines carry. */
  keyName: string;
  /** 8 lowercase hex digits. */
  keyId: string;
  publicKey: Buffer;
  /** The witness's submission prefix (no trailing slash); null for a witness listed for verification only. */
  url: string | null;
}

export interface PolicyGroup {
  name: string;
  threshold: number;
  members: string[];
  /** As written (`all`, `any` or the number), to publish the policy as it was given. */
  thresholdText: string;
}

export interface WitnessPolicy {
  /** The log keys it accepts, each with its line in the file (for the verifier's messages). */
  logs: { vkey: string; url: string | null; line: number }[];
  witnesses: PolicyWitness[];
  groups: PolicyGroup[];
  /** A witness or group name, or `none`. */
  quorum: string;
}

export const NO_WITNESSES: WitnessPolicy = { logs: [], witnesses: [], groups: [], quorum: 'none' };

export class PolicyError extends Error {}

export function vkeyId(keyName: string, type: number, publicKey: Buffer): string {
  const digest = createHash('sha256')
    .update(Buffer.concat([Buffer.from(`${keyName}\n`, 'utf8'), Buffer.from([type]), publicKey]))
    .digest();
  return digest.subarray(0, 4).toString('hex');
}

/** A cosigner vkey: `<key name>+<key id>+base64(0x04 ‖ Ed25519 public key)`. */
export function parseWitnessKey(vkey: string): { keyName: string; keyId: string; publicKey: Buffer } {
  const match = /^([^+]+)\+([0-9a-fA-F]{8})\+([A-Za-z0-9+/]+={0,2})$/.exec(vkey);
  if (!match) throw new PolicyError(`"${vkey}" is not a vkey (<name>+<8 hex key id>+<base64 key>)`);
  const [, keyName, keyId, key64] = match as unknown as [string, string, string, string];
  const raw = Buffer.from(key64, 'base64');
  if (raw.toString('base64') !== key64) throw new PolicyError(`"${vkey}" has a key that is not base64`);
  if (raw.length !== 33 || raw[0] !== COSIGNATURE_V1)
    throw new PolicyError(`"${vkey}" is not an Ed25519 cosignature/v1 key (type 0x04, 32 bytes)`);
  const publicKey = raw.subarray(1);
  if (vkeyId(keyName, COSIGNATURE_V1, publicKey) !== keyId.toLowerCase())
    throw new PolicyError(`"${vkey}" has a key id that does not match its name and key`);
  return { keyName, keyId: keyId.toLowerCase(), publicKey };
}

function parseUrl(text: string | undefined, line: number): string | null {
  if (text === undefined) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new PolicyError(`line ${line}: "${text}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PolicyError(`line ${line}: "${text}" is not an http(s) URL`);
  return text.replace(/\/+$/, '');
}

/** Parses a tlog-policy file; any departure from the grammar throws one sentence naming the line. */
export function parsePolicy(text: string): WitnessPolicy {
  // Only tab and newline among the control characters (a CR from a Windows editor included).
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f)
      throw new PolicyError('has a control character other than tab');
  }
  const policy: WitnessPolicy = { logs: [], witnesses: [], groups: [], quorum: '' };
  const defined = new Set<string>(['none']);
  const keys = new Set<string>();
  let quorumSeen = false;
  for (const [i, raw] of text.split('\n').entries()) {
    const n = i + 1;
    const words = raw.trim().split(/[ \t]+/);
    if (words[0] === '' || words[0]!.startsWith('#')) continue;
    const [keyword, ...args] = words as [string, ...string[]];
    const fresh = (name: string) => {
      if (defined.has(name)) throw new PolicyError(`line ${n}: the name "${name}" is already defined`);
      defined.add(name);
    };
    if (keyword === 'log') {
      if (args.length < 1 || args.length > 2)
        throw new PolicyError(`line ${n}: expected "log <vkey> [<url>]"`);
      policy.logs.push({ vkey: args[0]!, url: parseUrl(args[1], n), line: n });
    } else if (keyword === 'witness') {
      if (args.length < 2 || args.length > 3)
        throw new PolicyError(`line ${n}: expected "witness <name> <vkey> [<url>]"`);
      const [name, vkey] = args as [string, string];
      let key;
      try {
        key = parseWitnessKey(vkey);
      } catch (error) {
        throw new PolicyError(`line ${n}: ${(error as Error).message}`);
      }
      const raw64 = key.publicKey.toString('hex');
      if (keys.has(raw64)) throw new PolicyError(`line ${n}: the key of witness "${name}" is listed twice`);
      keys.add(raw64);
      fresh(name);
      policy.witnesses.push({ name, vkey, ...key, url: parseUrl(args[2], n) });
    } else if (keyword === 'group') {
      if (args.length < 3) throw new PolicyError(`line ${n}: expected "group <name> all|any|<k> <name>..."`);
      const [name, thresholdText, ...members] = args as [string, string, ...string[]];
      const seen = new Set<string>();
      for (const m of members) {
        if (m === 'none' || !defined.has(m) || m === name)
          throw new PolicyError(`line ${n}: group member "${m}" is not a witness or group defined above`);
        if (seen.has(m)) throw new PolicyError(`line ${n}: "${m}" is listed twice in the group`);
        seen.add(m);
      }
      const threshold =
        thresholdText === 'all'
          ? members.length
          : thresholdText === 'any'
            ? 1
            : /^[1-9][0-9]*$/.test(thresholdText)
              ? Number(thresholdText)
              : NaN;
      if (!(threshold >= 1 && threshold <= members.length))
        throw new PolicyError(
          `line ${n}: the threshold must be all, any or a number from 1 to ${members.length}`,
        );
      fresh(name);
      policy.groups.push({ name, threshold, members, thresholdText });
    } else if (keyword === 'quorum') {
      if (args.length !== 1) throw new PolicyError(`line ${n}: expected "quorum <name>"`);
      if (quorumSeen) throw new PolicyError(`line ${n}: a second quorum line`);
      if (!defined.has(args[0]!))
        throw new PolicyError(`line ${n}: quorum "${args[0]}" is not a witness or group defined above`);
      quorumSeen = true;
      policy.quorum = args[0]!;
    } else {
      throw new PolicyError(`line ${n}: unknown keyword "${keyword}"`);
    }
  }
  if (!quorumSeen) throw new PolicyError('has no quorum line');
  return policy;
}

/** Whether the witnesses named (by their policy names) as having cosigned satisfy the quorum. */
export function quorumMet(
  policy: Pick<WitnessPolicy, 'groups' | 'quorum'>,
  cosigned: ReadonlySet<string>,
): boolean {
  const groups = new Map(policy.groups.map((g) => [g.name, g]));
  const met = (name: string): boolean => {
    if (name === 'none') return true;
    const group = groups.get(name);
    if (!group) return cosigned.has(name);
    return group.members.filter(met).length >= group.threshold;
  };
  return met(policy.quorum);
}

/** The policy a verifier of this log needs: this log's line first, then the witnesses, groups and quorum. */
export function formatPolicy(policy: WitnessPolicy, ...logs: { vkey: string; url: string }[]): string {
  const lines = logs.map((log) => `log ${log.vkey} ${log.url}`);
  for (const w of policy.witnesses) lines.push(`witness ${w.name} ${w.vkey}${w.url ? ` ${w.url}` : ''}`);
  for (const g of policy.groups) lines.push(`group ${g.name} ${g.thresholdText} ${g.members.join(' ')}`);
  lines.push(`quorum ${policy.quorum}`);
  return `${lines.join('\n')}\n`;
}
