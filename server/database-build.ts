import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { issueDueCertificates } from './certificates/issue';
import { loadCertificateSigner } from './certificates/signing';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { loadSampleContent } from './db/sample/load-sample';
import { demoAccountsAllowed, readEnv, type Env } from './env';
import { prepareTransparencyLog } from './log/startup';

/**
 * What every start does to the database before serving: migrations, the log's key and its backfill, the
 * certificate key, the sample content, certificates due. Returns true when sample content was loaded.
 */
export async function prepareDatabase(database: Database, env: Env, log: pino.Logger): Promise<boolean> {
  await migrateDatabase(database);
  // The log's key before any event is logged; events from before the log existed are appended in order.
  const { backfilled } = await prepareTransparencyLog(database.db, env);
  if (backfilled) log.info({ backfilled }, 'passport events appended to the transparency log');
  const certificates = await loadCertificateSigner(database.db, env);
  let loaded = false;
  if (env.SAMPLE_DATA) {
    const demoAccounts = demoAccountsAllowed(env);
    if (!demoAccounts && env.NODE_ENV !== 'production')
      log.warn({ host: env.HOST }, 'demo accounts not created: HOST is not a loopback address');
    const ran = await loadSampleContent(database.db, { demoAccounts, certificates });
    if (ran.length) log.info({ steps: ran }, 'sample content loaded');
    loaded = ran.length > 0;
  }
  // Courses completed before certificates existed get theirs now, dated by their last lesson.
  const issued = await issueDueCertificates(database.db, certificates);
  if (issued) log.info({ issued }, 'certificates issued for courses completed earlier');
  return loaded;
}

/** Builds a complete embedded database in `dataDir`'s pgdata and closes it. */
export type DatabaseBuilder = (env: Env, dataDir: string, log: pino.Logger) => Promise<void>;

/** The builder tests and in-process servers use: this process opens, prepares and closes the new database. */
export const buildInProcess: DatabaseBuilder = async (env, dataDir, log) => {
  const database = await openDatabase({ dataDir });
  try {
    await prepareDatabase(database, env, log);
  } finally {
    await database.close();
  }
};

/**
 * A new data folder's database is built in DATA_DIR/new-database and moved to DATA_DIR/pgdata only once complete,
 * so a start that dies mid-way (initdb, migrations, sample content) never leaves a half-built pgdata to be served:
 * the next start discards the leftover and builds again. The caller holds the data folder's lock. Returns true when
 * it built one (false: pgdata already existed).
 */
export async function buildNewDataDir(env: Env, log: pino.Logger, build: DatabaseBuilder): Promise<boolean> {
  const target = path.join(env.dataDir, 'pgdata');
  const staging = path.join(env.dataDir, 'new-database');
  fs.rmSync(staging, { recursive: true, force: true });
  if (fs.existsSync(target)) return false;
  fs.mkdirSync(staging);
  try {
    await build(env, staging, log);
    fs.renameSync(path.join(staging, 'pgdata'), target);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return true;
}

/** Set in the environment of the child that builds a new database: the folder to build it in. */
const BUILD_INTO = 'LUTHIER_BUILD_DATABASE_INTO';

// Flags that must not be passed on: a second profile, a second inspector on the same port.
const NOT_INHERITED = /^--(cpu-prof|heap-prof|prof|inspect)/;

/**
 * The production server's builder: the same program (`entry`, this process's own code) started again as a child
 * that builds the database and exits. Building touches far more of PGlite's WASM heap (initdb, index builds, the
 * sample content) and of glibc's arenas (argon2 hashes of the sample accounts) than serving does, and neither is
 * given back; in a process that then ends, none of it stays with the server (docs/decisions/020).
 */
export function buildInChildProcess(entry: string): DatabaseBuilder {
  return async (_env, dataDir) => {
    const child = fork(entry, [], {
      env: { ...process.env, [BUILD_INTO]: dataDir },
      execArgv: process.execArgv.filter((arg) => !NOT_INHERITED.test(arg)),
      stdio: 'inherit',
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (exitCode, signal) => resolve(signal ? null : exitCode));
    });
    if (code !== 0)
      throw new Error(
        `Building the new database failed (the builder ${code === null ? 'was killed' : `exited with ${code}`}).`,
      );
  };
}

/** True when this process was started by buildInChildProcess (run runDatabaseBuilder instead of serving). */
export function isDatabaseBuilder(): boolean {
  return Boolean(process.env[BUILD_INTO]);
}

/**
 * The child's side of buildInChildProcess. The parent holds the data folder's lock for it: the child checks that the
 * lock names its parent and stops as soon as the parent is gone (its IPC channel closes), so it never builds for a
 * server that no longer owns the folder; and it never moves the database into place: the parent does, after a clean
 * exit.
 */
export async function runDatabaseBuilder(): Promise<void> {
  const env = readEnv();
  const log = pino({ level: env.LOG_LEVEL });
  const lock = path.join(env.dataDir, 'server.lock');
  const owner = fs.existsSync(lock) ? fs.readFileSync(lock, 'utf8') : '';
  if (!process.connected || owner !== String(process.ppid)) {
    console.error(`The database builder runs only for the server that holds ${lock}.`);
    process.exit(1);
  }
  process.on('disconnect', () => process.exit(1));
  try {
    await buildInProcess(env, process.env[BUILD_INTO]!, log);
  } catch (error) {
    log.fatal({ err: error }, 'could not build the database');
    process.exit(1);
  }
  process.exit(0);
}
