import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passportEdits, progressSaves, registrations, runChaos } from './test/chaos';
import { createPostgresDatabase, testBackend } from './test/test-db';

// Reduced form of `npm run test:chaos`: 3 kills. Every write the server acknowledged before a SIGKILL is there
// after the restart.
describe('crash durability', () => {
  let pg: { url: string; drop: () => Promise<void> } | null = null;
  beforeAll(async () => {
    if (testBackend === 'postgres') pg = await createPostgresDatabase();
  });
  afterAll(async () => pg?.drop());

  it('keeps every acknowledged write across SIGKILLs', async () => {
    const result = await runChaos({
      kills: Number(process.env.CHAOS_KILLS ?? 3),
      env: pg ? { DATABASE_URL: pg.url } : {},
      operations: [registrations, progressSaves, passportEdits],
    });
    console.info(
      `chaos: ${result.kills} kills, ${result.acknowledged} acknowledged writes ${JSON.stringify(result.byOperation)}, ${result.lost.length} lost`,
    );
    for (const name of ['register', 'progress', 'passport'])
      expect(result.byOperation[name] ?? 0, name).toBeGreaterThan(0);
    expect(result.lost).toEqual([]);
  }, 300_000);
});
