// The real servers the bench measures and what it knows about each: E on PGlite, D on PostgreSQL, each with
// the sample content, seeded learners, the statements each endpoint issues (for G) and a twin server that keeps
// the default server cache.
import fs from 'node:fs';
import path from 'node:path';
import {
  captureSequences,
  openRecordedPg,
  openRecordedPglite,
  pgliteReplayer,
  pgReplayer,
  QueryRecorder,
  type BenchEndpoint,
  type Query,
  type Replayer,
} from './driver';
import { seedPeople, type People } from './fixtures';
import { startRealServer, stop, type RealServer } from './lib';
import { saveRotation, type SaveRotation } from './writes';

/** The reads the issue names: registry search, course explore, a learner's outline, auth/me. */
export const ENDPOINTS: BenchEndpoint[] = [
  { name: 'registry search', path: '/api/registry/instruments?search=spruce', signedIn: false },
  { name: 'course explore', path: '/api/lms/courses/explore', signedIn: false },
  { name: 'course outline', path: '/api/lms/courses/course-1/outline', signedIn: true },
  { name: 'auth/me', path: '/api/auth/me', signedIn: true },
];
export const EXPLORE = 1;
/** The database path alone: the real servers' shared response cache off (the default is on). */
export const NO_CACHE = { SHARED_CACHE_SECONDS: '0' };

export interface Backend {
  name: 'E' | 'D';
  server: RealServer;
  /** The server's own settings, to start it again (PGlite's files have one owner at a time). */
  serverEnv: Record<string, string>;
  /** Where its database is, for the instrument generator: DATA_DIR or DATABASE_URL. */
  dbEnv: Record<string, string>;
  /** Same database, default server cache: the "server cache on" row. */
  cached: RealServer;
  people: People;
  sequences: Query[][];
  replayer: Replayer;
  saves: SaveRotation;
  /** The same saves without watched ranges (the seed's body), for the merging ratio. */
  plainSaves: SaveRotation;
  /** Adversarial saves of 500 scattered fragments each, for their ratio to the ordinary saves. */
  fragmentSaves: SaveRotation;
}

/**
 * Starts every real server in `dir` (and on the PostgreSQL database `pgUrl`). The first start of each backend,
 * alone on an empty database (migrations and sample content), is the cold start.
 */
export async function startBackends(
  dir: string,
  pgUrl: string | null,
  options: { writers: number; connections: number },
): Promise<{ backends: Backend[]; coldStartMs: { E: number; D: number | null } }> {
  // Cold starts, each server alone on an empty database (migrations and sample content).
  const eColdDir = path.join(dir, 'e-cold');
  const eCold = await startRealServer({ DATA_DIR: eColdDir, SAMPLE_DATA: '1' });
  const dEnv = pgUrl
    ? { DATA_DIR: path.join(dir, 'd'), SAMPLE_DATA: '1', DATABASE_URL: pgUrl, ...NO_CACHE }
    : null;
  const d = dEnv ? await startRealServer(dEnv) : null;

  // PGlite: the cold-started server's files get the learners and give the captured statements in this process;
  // copies then serve E (no server cache), E with the default server cache, and G, so all see identical rows.
  await stop(eCold.child);
  const gDir = path.join(dir, 'g');
  fs.cpSync(path.join(eColdDir, 'pgdata'), path.join(gDir, 'pgdata'), { recursive: true });
  const eRecorder = new QueryRecorder();
  const gDatabase = await openRecordedPglite(gDir, eRecorder);
  const ePeople = await seedPeople(gDatabase.db, options.writers);
  const eSequences = await captureSequences(gDatabase, eRecorder, ENDPOINTS, ePeople);
  await gDatabase.close();
  const eDir = path.join(dir, 'e');
  const eCachedDir = path.join(dir, 'e-cached');
  for (const copy of [eDir, eCachedDir])
    fs.cpSync(path.join(gDir, 'pgdata'), path.join(copy, 'pgdata'), { recursive: true });
  const eEnv = { DATA_DIR: eDir, SAMPLE_DATA: '1', ...NO_CACHE };
  const [e, eCached] = await Promise.all([
    startRealServer(eEnv),
    startRealServer({ DATA_DIR: eCachedDir, SAMPLE_DATA: '1' }),
  ]);
  const backends: Backend[] = [
    {
      name: 'E',
      server: e,
      serverEnv: eEnv,
      dbEnv: { DATA_DIR: eDir },
      cached: eCached,
      people: ePeople,
      sequences: eSequences,
      replayer: await pgliteReplayer(gDir),
      saves: saveRotation(ePeople.writers),
      plainSaves: saveRotation(ePeople.writers, 'plain'),
      fragmentSaves: saveRotation(ePeople.fragmentWriters, 'fragments'),
    },
  ];
  if (pgUrl && d && dEnv) {
    // D loaded the sample content itself; the learners and the capture go into its database.
    const recorder = new QueryRecorder();
    const database = openRecordedPg(pgUrl, recorder);
    const people = await seedPeople(database.db, options.writers);
    const sequences = await captureSequences(database, recorder, ENDPOINTS, people);
    await database.close();
    backends.push({
      name: 'D',
      server: d,
      serverEnv: dEnv,
      dbEnv: { DATABASE_URL: pgUrl },
      cached: await startRealServer({ DATA_DIR: path.join(dir, 'd-cached'), DATABASE_URL: pgUrl }),
      people,
      sequences,
      replayer: pgReplayer(pgUrl, options.connections),
      saves: saveRotation(people.writers),
      plainSaves: saveRotation(people.writers, 'plain'),
      fragmentSaves: saveRotation(people.fragmentWriters, 'fragments'),
    });
  }

  return {
    backends,
    coldStartMs: { E: Math.round(eCold.coldStartMs), D: d ? Math.round(d.coldStartMs) : null },
  };
}

/** Writes the exact bytes each endpoint answered on `ref` into `dir` (0, 1, …) for A, B and C. */
export async function writeBodies(dir: string, ref: Pick<Backend, 'server' | 'people'>): Promise<void> {
  fs.mkdirSync(dir);
  for (const [i, ep] of ENDPOINTS.entries()) {
    const res = await fetch(`${ref.server.url}${ep.path}`, {
      headers: ep.signedIn ? { cookie: ref.people.reader.cookie } : {},
    });
    if (!res.ok) throw new Error(`${ep.path}: ${res.status}`);
    fs.writeFileSync(path.join(dir, String(i)), Buffer.from(await res.arrayBuffer()));
  }
}
