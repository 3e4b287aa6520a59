// The log's Ed25519 signing key: LOG_SIGNING_KEY, or one generated on first start and kept in the database.
import { createHash, randomBytes, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { toBase64 } from '../../contract/log/bytes';
import { formatVerifierKey, noteKeyHash } from '../../contract/log/note';
import type { Db } from '../db/client';
import { logCheckpoints, logHead, logSigningKeys } from '../db/schema';
import type { Env } from '../env';
import { ed25519FromSeed, parseSigningKey } from './signing-key';

export class LogKeyError extends Error {}

export interface LogSigner {
  /** The log's origin and the note key's name, e.g. `registry.example.com/log`. */
  origin: string;
  vkey: string;
  keyHash: string;
  /** Signs a note text (ending in a newline) and returns the whole signed note. */
  signNote(text: string): string;
}

/** PUBLIC_URL's host (with port) and path, plus /log (or /index for the verifiable index's output log). */
export function logOrigin(publicUrl: string, name: 'log' | 'index' = 'log'): string {
  const url = new URL(publicUrl);
  return `${url.host}${url.pathname.replace(/\/+$/, '')}/${name}`;
}

export async function createSigner(seed: Buffer, origin: string): Promise<LogSigner> {
  const keys = ed25519FromSeed(seed);
  const { privateKey } = keys;
  const publicKey = new Uint8Array(keys.publicKey);
  const keyHash = await noteKeyHash(origin, publicKey);
  const prefix = Buffer.from(keyHash, 'hex');
  return {
    origin,
    vkey: await formatVerifierKey(origin, publicKey),
    keyHash,
    signNote(text) {
      const sig = sign(null, Buffer.from(text, 'utf8'), privateKey);
      return `${text}\n\u2014 ${origin} ${toBase64(new Uint8Array(Buffer.concat([prefix, sig])))}\n`;
    },
  };
}

/**
 * The output log of the verifiable index signs with its own key, derived from the log's seed (a policy may not list
 * one key twice): SHA-256("luthier-registry/index-key" ‖ seed).
 */
const derive = (seed: Buffer, name: 'log' | 'index') =>
  name === 'log' ? seed : createHash('sha256').update('luthier-registry/index-key').update(seed).digest();

/**
 * The signer for this start. LOG_SIGNING_KEY wins; otherwise the stored key; otherwise, while no checkpoint has
 * been signed yet, a new key is generated and stored. Signed checkpoints but no key stops the start: a silently
 * replaced key would make every earlier checkpoint unverifiable against the published one.
 */
export async function loadLogSigner(db: Db, env: Env, name: 'log' | 'index' = 'log'): Promise<LogSigner> {
  const origin = logOrigin(env.publicUrl, name);
  if (env.LOG_SIGNING_KEY) {
    const seed = parseSigningKey(env.LOG_SIGNING_KEY);
    if (!seed) throw new LogKeyError('LOG_SIGNING_KEY is not a base64 Ed25519 seed of 32 bytes');
    return createSigner(derive(seed, name), origin);
  }
  const stored = async () => (await db.select().from(logSigningKeys).where(eq(logSigningKeys.id, 1)))[0];
  let row = await stored();
  if (!row) {
    // Only a key that signed something can be missed: a log grown before any checkpoint was signed (the scale
    // generator on a new database) gets its first key here like an empty one.
    const [signed] = await db.select({ size: logCheckpoints.size }).from(logCheckpoints).limit(1);
    if (signed) {
      const [head] = await db.select({ size: logHead.size }).from(logHead).where(eq(logHead.id, 1));
      throw new LogKeyError(
        `The transparency log has ${head?.size ?? 0} entries and signed checkpoints but no signing key: set LOG_SIGNING_KEY to the key that signed them (docs/decisions/010-transparency-log.md).`,
      );
    }
    await db
      .insert(logSigningKeys)
      .values({ id: 1, seed: randomBytes(32).toString('base64') })
      .onConflictDoNothing();
    row = await stored();
  }
  if (!row) throw new LogKeyError('could not store the transparency log signing key');
  return createSigner(derive(Buffer.from(row.seed, 'base64'), name), origin);
}
