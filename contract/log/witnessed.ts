// Which of a policy's witnesses cosigned a checkpoint (C2SP tlog-cosignature, Ed25519 cosignature/v1), and whether
// they make its quorum (C2SP tlog-policy). Runs in the browser and in Node: WebCrypto, with the Ed25519 fallback.
import { concatBytes, fromBase64, sha256, toHex, utf8 } from './bytes';
import { ed25519Verify } from './ed25519';

/** The signature type byte of Ed25519 cosignature/v1 keys. */
const COSIGNATURE_V1 = 0x04;
const SIG_PREFIX = '\u2014 ';

/** The part of a tlog-policy a checkpoint's reader needs: witness keys, groups and the quorum. */
export interface WitnessQuorum {
  /** A witness or group name, or `none`. */
  quorum: string;
  witnesses: { name: string; vkey: string }[];
  groups: { name: string; threshold: number; members: string[] }[];
}

export interface WitnessCosignature {
  /** The witness's name in the policy. */
  name: string;
  /** When it cosigned (POSIX seconds, from the cosignature's signed timestamp). */
  timestamp: number;
}

export interface WitnessVerdict {
  /** The policy's witnesses whose cosignature of this checkpoint verifies, in policy order. */
  cosigned: WitnessCosignature[];
  /** How many witnesses the policy names. */
  named: number;
  quorum: string;
  quorumMet: boolean;
}

interface CosignerKey {
  name: string;
  keyName: string;
  keyId: string;
  publicKey: Uint8Array;
}

async function cosignerKey(name: string, vkey: string): Promise<CosignerKey> {
  const match = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/]+={0,2})$/i.exec(vkey);
  if (!match) throw new Error(`witness ${name}'s key is not <name>+<key id>+<key>`);
  const [, keyName, keyId, key64] = match as unknown as [string, string, string, string];
  const raw = fromBase64(key64);
  if (raw.length !== 33 || raw[0] !== COSIGNATURE_V1)
    throw new Error(`witness ${name}'s key is not an Ed25519 cosignature/v1 key`);
  const publicKey = raw.slice(1);
  const id = toHex(
    (await sha256(concatBytes(utf8(`${keyName}\n`), new Uint8Array([COSIGNATURE_V1]), publicKey))).slice(
      0,
      4,
    ),
  );
  if (id !== keyId.toLowerCase()) throw new Error(`witness ${name}'s key id does not match its key`);
  return { name, keyName, keyId: id, publicKey };
}

/** Whether the witnesses named as having cosigned satisfy the quorum (a group counts its members recursively). */
export function quorumSatisfied(policy: WitnessQuorum, cosigned: ReadonlySet<string>): boolean {
  const groups = new Map(policy.groups.map((g) => [g.name, g]));
  const met = (name: string, depth: number): boolean => {
    if (name === 'none') return true;
    const group = groups.get(name);
    if (!group) return cosigned.has(name);
    if (depth > 32) return false;
    return group.members.filter((m) => met(m, depth + 1)).length >= group.threshold;
  };
  return met(policy.quorum, 0);
}

/**
 * Checks the cosignature lines of a signed checkpoint note against the policy's witness keys. Lines by keys the
 * policy does not list are ignored; a line by a listed key that does not verify throws (a known key's bad
 * signature means tampering, as the signed-note specification treats it).
 */
export async function checkWitnesses(note: string, policy: WitnessQuorum): Promise<WitnessVerdict> {
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw new Error('signed note has no signature block');
  const body = note.slice(0, split + 1);
  const keys = await Promise.all(policy.witnesses.map((w) => cosignerKey(w.name, w.vkey)));
  const found = new Map<string, number>();
  for (const line of note.slice(split + 2).split('\n')) {
    if (!line.startsWith(SIG_PREFIX)) continue;
    const [keyName, b64] = line.slice(SIG_PREFIX.length).split(' ');
    if (!keyName || !b64) continue;
    let sig: Uint8Array;
    try {
      sig = fromBase64(b64);
    } catch {
      continue;
    }
    const key = keys.find((k) => k.keyName === keyName && k.keyId === toHex(sig.slice(0, 4)));
    if (!key) continue;
    if (sig.length !== 4 + 8 + 64) throw new Error(`the cosignature by ${key.name} is malformed`);
    let stamp = 0n;
    for (const b of sig.slice(4, 12)) stamp = (stamp << 8n) | BigInt(b);
    if (stamp === 0n || stamp >= 2n ** 63n)
      throw new Error(`the cosignature by ${key.name} has no valid time`);
    const message = utf8(`cosignature/v1\ntime ${stamp}\n${body}`);
    if (!(await ed25519Verify(key.publicKey, sig.slice(12), message)))
      throw new Error(`the cosignature by ${key.name} does not verify`);
    found.set(key.name, Number(stamp));
  }
  const cosigned = policy.witnesses
    .filter((w) => found.has(w.name))
    .map((w) => ({ name: w.name, timestamp: found.get(w.name)! }));
  return {
    cosigned,
    named: policy.witnesses.length,
    quorum: policy.quorum,
    quorumMet: quorumSatisfied(policy, new Set(found.keys())),
  };
}
