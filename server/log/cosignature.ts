// C2SP tlog-cosignature, Ed25519 cosignature/v1: a note signature line whose signature is a big-endian u64
// timestamp followed by an Ed25519 signature over "cosignature/v1\ntime <t>\n" and the checkpoint body.
import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { COSIGNATURE_V1, vkeyId, type PolicyWitness } from '../../contract/log/policy';
import { ed25519FromSeed } from './signing-key';

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const MAX_TIMESTAMP = 2n ** 63n - 1n;
/** Clock skew tolerated before a cosignature's timestamp counts as "in the future" (which the spec lets us refuse). */
const FUTURE_SLACK_SECONDS = 300;

export class CosignatureError extends Error {}

export interface Cosignature {
  witness: PolicyWitness;
  /** POSIX seconds. */
  timestamp: number;
  /** The signature line without its newline. */
  line: string;
}

export function cosignedMessage(body: string, timestamp: number | bigint): Buffer {
  return Buffer.from(`cosignature/v1\ntime ${timestamp}\n${body}`, 'utf8');
}

/** `— <key name> <base64>` split into its name and decoded signature; null when the line is not of that form. */
export function parseSignatureLine(line: string): { keyName: string; sig: Buffer } | null {
  const match = /^\u2014 ([^ +\n]+) ([A-Za-z0-9+/]+={0,2})$/u.exec(line);
  if (!match) return null;
  const sig = Buffer.from(match[2]!, 'base64');
  if (sig.toString('base64') !== match[2]) return null;
  return { keyName: match[1]!, sig };
}

function publicKeyObject(raw: Buffer): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
}

/**
 * Checks one signature line against the policy's witnesses. A line from a key the policy does not list (name and
 * key id not both matching) is ignored: null. A line from a listed key that does not verify throws, as the
 * signed-note spec asks of known keys.
 */
export function verifyCosignatureLine(
  line: string,
  body: string,
  witnesses: readonly PolicyWitness[],
  nowSeconds = Math.floor(Date.now() / 1000),
): Cosignature | null {
  const parsed = parseSignatureLine(line);
  if (!parsed) throw new CosignatureError('is not a note signature line');
  const keyId = parsed.sig.subarray(0, 4).toString('hex');
  const witness = witnesses.find((w) => w.keyName === parsed.keyName && w.keyId === keyId);
  if (!witness) return null;
  if (parsed.sig.length !== 4 + 8 + 64)
    throw new CosignatureError(`from ${witness.name} is not an Ed25519 timestamped signature`);
  const stamp = parsed.sig.readBigUInt64BE(4);
  if (stamp === 0n || stamp > MAX_TIMESTAMP)
    throw new CosignatureError(`from ${witness.name} has no valid timestamp`);
  if (stamp > BigInt(nowSeconds + FUTURE_SLACK_SECONDS))
    throw new CosignatureError(`from ${witness.name} is dated in the future`);
  const ok = verify(
    null,
    cosignedMessage(body, stamp),
    publicKeyObject(witness.publicKey),
    parsed.sig.subarray(12),
  );
  if (!ok) throw new CosignatureError(`from ${witness.name} does not verify`);
  return { witness, timestamp: Number(stamp), line };
}

/** Signs a checkpoint body as a cosigner (the test witness uses it; the registry itself never cosigns). */
export function cosignatureLine(body: string, keyName: string, seed: Buffer, timestamp: number): string {
  const { privateKey, publicKey: raw } = ed25519FromSeed(seed);
  const stamp = Buffer.alloc(8);
  stamp.writeBigUInt64BE(BigInt(timestamp));
  const sig = sign(null, cosignedMessage(body, timestamp), privateKey);
  const id = Buffer.from(vkeyId(keyName, COSIGNATURE_V1, raw), 'hex');
  return `\u2014 ${keyName} ${Buffer.concat([id, stamp, sig]).toString('base64')}`;
}

/** The cosigner vkey of an Ed25519 seed: `<key name>+<key id>+base64(0x04 ‖ public key)`. */
export function cosignerVkey(keyName: string, seed: Buffer): string {
  const { publicKey: raw } = ed25519FromSeed(seed);
  const key = Buffer.concat([Buffer.from([COSIGNATURE_V1]), raw]).toString('base64');
  return `${keyName}+${vkeyId(keyName, COSIGNATURE_V1, raw)}+${key}`;
}

/** `<key name>+<key id>`, how stored cosignatures and statuses name a witness. */
export const witnessKeyOf = (w: Pick<PolicyWitness, 'keyName' | 'keyId'>) => `${w.keyName}+${w.keyId}`;
