// Ed25519 signing keys from their 32-byte seeds: the log's, the witnesses' and the academy certificates' keys.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * Decodes LOG_SIGNING_KEY: base64 (or base64url) of a 32-byte Ed25519 seed, or a Go note private key
 * `PRIVATE+KEY+<name>+<hash>+<base64(0x01 ‖ seed)>`. Null when it is neither.
 */
export function parseSigningKey(text: string): Buffer | null {
  const goKey = /^PRIVATE\+KEY\+[^+\s]+\+[0-9a-fA-F]{8}\+(.+)$/.exec(text.trim());
  const b64 = goKey ? goKey[1]! : text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(b64)) return null;
  const raw = Buffer.from(b64, /[-_]/.test(b64) ? 'base64url' : 'base64');
  if (goKey) return raw.length === 33 && raw[0] === 1 ? raw.subarray(1) : null;
  return raw.length === 32 ? raw : null;
}

/** The private key a 32-byte seed stands for, and its raw 32-byte public key. */
export function ed25519FromSeed(seed: Buffer): { privateKey: KeyObject; publicKey: Buffer } {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  return { privateKey, publicKey };
}
