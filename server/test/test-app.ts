import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../app';
import type { Database, Db } from '../db/client';
import { createUser, type UserSeed } from '../db/builders/accounts';
import { readEnv, type Env } from '../env';
import { createMemoryMailer, type MailMessage } from '../mail/mailer';
import { createMediaStore } from '../media/media-store';
import { createTestDatabase } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  env: Env;
  mail: MailMessage[];
  dataDir: string;
  close(): Promise<void>;
}

/** buildApp() on a fresh database, with mail kept in memory and media in a temporary folder. */
export async function createTestApp(
  overrides: Omit<Partial<BuildOptions>, 'env'> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'luthier-test-'));
  // Limits are scaled up so tests signing many people in never trip them; rate-limit tests pass RATE_LIMIT_SCALE '1'.
  const env = readEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000',
    ...overrides.env,
  });
  const mailer = createMemoryMailer();
  const { env: _env, ...rest } = overrides;
  const app = await buildApp({
    db: database.db,
    env,
    mailer,
    media: createMediaStore(database.db, {
      storage: database.kind === 'postgres' ? 'db' : 'fs',
      dir: path.join(dataDir, 'media'),
    }),
    ping: () => database.ping(),
    // Documents are built in-process unless a test asks for workers (decision 029): a worker from the TypeScript
    // sources compiles them again through tsx, a second of CPU per test app.
    documentWorkers: 0,
    ...rest,
  });
  return {
    app,
    db: database.db,
    database,
    env,
    mail: mailer.sent,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `sid` cookie a response set, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no session cookie in the response (status ${res.statusCode}: ${res.body})`);
  return `sid=${cookie.value}`;
}

let ipCounter = 0;
/**
 * A client address no other request of this process used: limits counted per address (sign-in, resets) then
 * count only what the test means them to.
 */
export const freshIp = () =>
  `10.${100 + Math.floor(ipCounter / 62_500)}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

/** A POST as from one client address (a fresh one unless given), with a session cookie when given. */
export const postFrom = (
  t: TestApp,
  url: string,
  payload: object,
  options: { cookie?: string; ip?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.ip ?? freshIp(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

/** A PATCH with a session cookie, its body sent as JSON (or as `type`, e.g. application/merge-patch+json). */
export const patchAs = (
  t: TestApp,
  url: string,
  cookie: string,
  payload: object,
  type = 'application/json',
) =>
  t.app.inject({
    method: 'PATCH',
    url,
    headers: { cookie, 'content-type': type },
    payload: JSON.stringify(payload),
  });

/**
 * Creates a person directly in the database and signs them in; returns the user and their Cookie header. With
 * `fromOwnAddress`, the sign-in comes from a fresh address (for apps with production sign-in limits).
 */
export async function signedInUser(
  t: TestApp,
  seed: Partial<UserSeed> = {},
  options: { fromOwnAddress?: boolean } = {},
) {
  const password = seed.password ?? 'correct horse battery';
  const user = await createUser(t.db, { ...seed, password });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password },
    ...(options.fromOwnAddress ? { remoteAddress: freshIp() } : {}),
  });
  return { user, cookie: sessionCookie(res) };
}
