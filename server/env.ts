import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { NO_WITNESSES, parsePolicy, type WitnessPolicy } from '../contract/log/policy';
import { parseRsaPrivateKey } from './certificates/key-material';
import { parseSigningKey } from './log/signing-key';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'], { message: 'must be 0/1, true/false or yes/no' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
  /** Absent: 127.0.0.1 outside production (nobody else on the network reaches a developer's demo accounts), 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  /** Production without SMTP_URL: every mail stays in DATA_DIR/outbox, on purpose (the start refuses otherwise). */
  MAIL_OUTBOX_ONLY: bool.default(false),
  MAIL_FROM: z.string().min(3).default('Luthier Registry <no-reply@localhost>'),
  /** Who runs this registry, named on /contact. */
  OPERATOR_NAME: z
    .string()
    .trim()
    .min(1, { message: 'must not be empty' })
    .max(120, { message: 'must be at most 120 characters' })
    .default('The Luthier Registry team'),
  /** The operator's address: shown on /contact and sent every message from it; absent: admins' inboxes only. */
  OPERATOR_EMAIL: z.string().trim().email({ message: 'must be an email address' }).optional(),
  SAMPLE_DATA: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /** Multiplies every rate limit; end-to-end runs raise it so journeys never hit a limit. */
  RATE_LIMIT_SCALE: z.coerce
    .number({ message: 'must be a number' })
    .positive({ message: 'must be a number above 0' })
    .default(1),
  /** How long a shared public read (explore, registry list, profiles) is answered from memory; 0 turns it off. */
  SHARED_CACHE_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number of seconds' })
    .min(0, { message: 'must be 0 (off) or more' })
    .max(3600, { message: 'must be at most 3600' })
    .default(5),
  /** The largest lesson video an author may upload, in bytes (default 2 GiB); the bytes stream to DATA_DIR/media/videos. */
  VIDEO_UPLOAD_MAX_BYTES: z.coerce
    .number({ message: 'must be a number of bytes' })
    .int({ message: 'must be a whole number of bytes' })
    .min(1024 * 1024, { message: 'must be at least 1048576 (1 MiB)' })
    .max(Number.MAX_SAFE_INTEGER)
    .default(2 * 1024 ** 3),
  /** Ed25519 seed (base64, 32 bytes) that signs the transparency log's checkpoints; absent: generated and stored. */
  LOG_SIGNING_KEY: z
    .string()
    .refine((v) => parseSigningKey(v) !== null, { message: 'must be the base64 of a 32-byte Ed25519 seed' })
    .optional(),
  /** Path of a C2SP tlog-policy file naming the witnesses that cosign the log's checkpoints; absent: `quorum none`. */
  LOG_POLICY: z.string().optional(),
  /**
   * RSA private key (PKCS#8 PEM, or base64 PKCS#8 DER; 2048 bits or more) that signs academy certificates (RS256);
   * an Ed25519 seed that signed before is recorded and retired. Absent: generated and stored.
   */
  CERTIFICATE_SIGNING_KEY: z
    .string()
    .refine((v) => parseRsaPrivateKey(v) !== null || parseSigningKey(v) !== null, {
      message: 'must be an RSA private key of 2048 bits or more (PKCS#8 PEM or base64 DER)',
    })
    .optional(),
  /** HMAC key (base64, at least 32 bytes) signing sign-in device cookies; absent: generated and stored. */
  DEVICE_COOKIE_KEY: z
    .string()
    .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length >= 32, {
      message: 'must be the base64 of at least 32 random bytes',
    })
    .optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, 'HOST'> & {
  HOST: string;
  publicUrl: string;
  dataDir: string;
  /** LOG_POLICY as read and checked at start. */
  logPolicy: WitnessPolicy;
};

export class EnvError extends Error {}

/** Parses the environment once; a wrong value throws one line naming the variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new EnvError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'} (got "${name.endsWith('_KEY') ? '…' : String(cleaned[name])}")`,
    );
  }
  const env = result.data;
  if (env.NODE_ENV === 'production' && env.RATE_LIMIT_SCALE > 1) {
    throw new EnvError(
      `Invalid configuration: RATE_LIMIT_SCALE must be at most 1 in production (got "${String(cleaned.RATE_LIMIT_SCALE)}")`,
    );
  }
  // Reset and verification mails that silently pile up in a folder are lost sign-ins; an operator says so once.
  if (env.NODE_ENV === 'production' && !env.SMTP_URL && !env.MAIL_OUTBOX_ONLY) {
    throw new EnvError(
      'Invalid configuration: SMTP_URL must be set in production (or set MAIL_OUTBOX_ONLY=1 to keep every mail in DATA_DIR/outbox only)',
    );
  }
  const logPolicy = env.LOG_POLICY ? readPolicyFile(env.LOG_POLICY) : NO_WITNESSES;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const HOST = env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
  return { ...env, HOST, publicUrl, dataDir: path.resolve(env.DATA_DIR), logPolicy };
}

/** True for an address only this machine can reach: 127.0.0.0/8, ::1 (also IPv4-mapped), localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h) ||
    /^(0{0,4}:){7}0{0,3}1$/.test(h) ||
    h === '::1'
  );
}

/**
 * Demo accounts have their passwords in the README, so they are made only where nobody else can sign in with
 * them: never in production, and outside it only when the server listens on a loopback address.
 */
export const demoAccountsAllowed = (env: Pick<Env, 'NODE_ENV' | 'HOST'>) =>
  env.NODE_ENV !== 'production' && isLoopbackHost(env.HOST);

/** A policy that cannot be read or parsed stops the start: witnesses silently dropped would weaken every proof. */
function readPolicyFile(file: string): WitnessPolicy {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
    throw new EnvError(`Invalid configuration: LOG_POLICY ${reason} (got "${file}")`);
  }
  try {
    return parsePolicy(text);
  } catch (error) {
    throw new EnvError(`Invalid configuration: LOG_POLICY ${(error as Error).message} (got "${file}")`);
  }
}
