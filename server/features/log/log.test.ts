import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passportLogSchema } from '../../../contract/log';
import { fromBase64 } from '../../../contract/log/bytes';
import { isCommitment, openCommitment } from '../../../contract/log/commitment';
import { leafHash, verifyConsistency, verifyInclusion } from '../../../contract/log/merkle';
import { parseVerifierKey, verifyCheckpoint } from '../../../contract/log/note';
import { verifyPassportLog } from '../../../contract/log/verify-passport';
import { recordPassportEvent } from '../../log/passport-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from '../registry/registry-test-kit';
import { rootFromLeaves, rows } from './log-test-kit';

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://registry.example.com' } });
  maker = await luthierWithShop(t);
});
afterAll(async () => t.close());

const get = (url: string) => api(t, null).get(url);
const vkey = async () => (await get('/api/log/key')).body.trim();
const passportLog = async (code: string) =>
  passportLogSchema.parse((await get(`/api/public/passports/${code}/log`)).json());
const allLeaves = async (n: number) =>
  Promise.all(
    Array.from(
      { length: n },
      async (_, i) => (await get(`/api/log/entries/${i}`)).json().leafBase64 as string,
    ),
  );

describe('transparency log', () => {
  it('serves a note verifier key named after PUBLIC_URL and a signed checkpoint of the empty log', async () => {
    const res = await get('/api/log/key');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^registry\.example\.com\/log\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}\n$/);
    const key = await parseVerifierKey(res.body);
    const note = await get('/api/log/checkpoint');
    expect(note.headers['content-type']).toMatch(/^text\/plain/);
    const cp = await verifyCheckpoint(note.body, key);
    expect(cp.size).toBe(0);
    expect(note.body.split('\n')[2]).toBe('47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });

  it('logs every passport event as a chained leaf that verifies, with private values committed', async () => {
    const guitar = await instrumentOf(t, maker.shop.id, { name: 'Logged Guitar' });
    const edit = await api(t, maker.cookie).patch(`/api/registry/instruments/${guitar.id}`, {
      description: 'Spruce top',
      estimatedValue: 4200,
      estimatedValueCurrency: 'USD',
    });
    expect(edit.statusCode).toBe(200);
    await api(t, maker.cookie).post(`/api/registry/instruments/${guitar.id}/stolen`);
    const events = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from instrument_events where instrument_id = ${guitar.id}`,
    );
    const log = await passportLog(guitar.passportCode);
    expect(log.entries.length).toBe(events[0]!.n);
    const result = await verifyPassportLog({
      vkey: await vkey(),
      checkpoint: log.checkpoint,
      entries: log.entries,
    });
    expect(result).toMatchObject({
      ok: true,
      passport: guitar.passportCode,
      events: events[0]!.n,
      chainIntact: true,
    });
    if (!result.ok) return;
    expect(result.verified.map((v) => v.type).slice(0, 2)).toEqual(['created', 'edited']);
    const changes = result.verified[1]!.leaf.data.changes as { field: string; from: unknown; to: unknown }[];
    const value = changes.find((c) => c.field === 'estimatedValue')!;
    const description = changes.find((c) => c.field === 'description')!;
    // Free text is committed like a price: it could name an owner who is, or becomes, private.
    expect(isCommitment(description.to)).toBe(true);
    expect(JSON.stringify(result.verified[1]!.leaf)).not.toContain('Spruce top');
    expect(isCommitment(value.to)).toBe(true);
    expect(JSON.stringify(result.verified[1]!.leaf)).not.toContain('4200');
    const [salt] = await rows<{ salt: string }>(
      t.db,
      sql`select salt from log_salts where leaf_index = ${result.verified[1]!.index} and path = 'changes.1.to'`,
    );
    expect(isCommitment(value.to) && (await openCommitment(value.to, 4200, salt!.salt))).toBe(true);
    expect(isCommitment(value.to) && (await openCommitment(value.to, 4201, salt!.salt))).toBe(false);
  });

  it('serialises concurrent appends: 20 events get consecutive indexes with no gap, in step with the events', async () => {
    const guitar = await instrumentOf(t, maker.shop.id);
    const others = await Promise.all([1, 2, 3].map(() => instrumentOf(t, maker.shop.id)));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction((tx) =>
          recordPassportEvent(tx, {
            instrumentId: (i % 2 ? guitar : others[i % 3]!).id,
            type: 'photo_added',
            data: { caption: `photo ${i}` },
          }),
        ),
      ),
    );
    const [stats] = await rows<{ n: number; lo: number; hi: number; events: number; head: number }>(
      t.db,
      sql`select count(*)::int as n, min(index)::int as lo, max(index)::int as hi,
            (select count(*)::int from instrument_events) as events,
            (select size::int from log_head) as head from log_leaves`,
    );
    expect(stats).toEqual({
      n: stats!.events,
      lo: 0,
      hi: stats!.events - 1,
      events: stats!.events,
      head: stats!.events,
    });
    const log = await passportLog(guitar.passportCode);
    expect(log.entries.length).toBe(11);
    expect(
      (await verifyPassportLog({ vkey: await vkey(), checkpoint: log.checkpoint, entries: log.entries })).ok,
    ).toBe(true);
  });

  it('writes no leaf and leaves no gap when the event’s transaction rolls back', async () => {
    const guitar = await instrumentOf(t, maker.shop.id);
    const before = (await rows<{ size: number }>(t.db, sql`select size::int as size from log_head`))[0]!.size;
    await expect(
      t.db.transaction(async (tx) => {
        await recordPassportEvent(tx, { instrumentId: guitar.id, type: 'verified', data: {} });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await rows<{ size: number }>(t.db, sql`select size::int as size from log_head`))[0]!.size).toBe(
      before,
    );
    await recordPassportEvent(t.db, { instrumentId: guitar.id, type: 'verified', data: {} });
    const [leaf] = await rows<{ index: number; seq: number }>(
      t.db,
      sql`select index::int, seq from log_leaves where instrument_id = ${guitar.id} order by seq desc limit 1`,
    );
    expect(leaf).toEqual({ index: before, seq: 1 });
  });

  it('serves inclusion and consistency proofs that verify at every size', async () => {
    const size = (
      await verifyCheckpoint((await get('/api/log/checkpoint')).body, await parseVerifierKey(await vkey()))
    ).size;
    expect(size).toBeGreaterThan(25);
    const leaves = await allLeaves(size);
    const roots = await Promise.all(Array.from({ length: size + 1 }, (_, n) => rootFromLeaves(leaves, n)));
    for (const n of [1, 2, 3, 7, 8, 13, 16, size]) {
      for (const i of new Set([0, 1, Math.floor(n / 2), n - 1].filter((i) => i < n))) {
        const res = await get(`/api/log/proof/inclusion?index=${i}&size=${n}`);
        expect(res.statusCode).toBe(200);
        const proof = (res.json().proof as string[]).map(fromBase64);
        expect(await verifyInclusion(i, n, await leafHash(fromBase64(leaves[i]!)), proof, roots[n]!)).toBe(
          true,
        );
      }
      for (const m of [0, 1, 2, 5, 8, n - 1, n].filter((m) => m >= 0 && m <= n)) {
        const res = await get(`/api/log/proof/consistency?from=${m}&to=${n}`);
        expect(res.statusCode).toBe(200);
        const proof = (res.json().proof as string[]).map(fromBase64);
        expect(await verifyConsistency(m, n, roots[m]!, roots[n]!, proof)).toBe(true);
      }
    }
  });

  it('answers bad or out-of-range values with 400 or 404', async () => {
    const size = Number((await get('/api/log/checkpoint')).body.split('\n')[1]);
    const cases: [string, number][] = [
      ['/api/log/entries/-1', 400],
      ['/api/log/entries/abc', 400],
      ['/api/log/entries/1e400', 400],
      [`/api/log/entries/${size}`, 404],
      ['/api/log/proof/inclusion?index=1', 400],
      ['/api/log/proof/inclusion?index=3&size=3', 400],
      [`/api/log/proof/inclusion?index=0&size=${size + 1}`, 404],
      ['/api/log/proof/inclusion?index=0&size=99999999999999999999', 400],
      ['/api/log/proof/consistency?from=5&to=2', 400],
      [`/api/log/proof/consistency?from=1&to=${size + 5}`, 404],
      ['/api/log/proof/consistency?from=x&to=2', 400],
      ['/api/public/passports/LR-NONE-NONE/log', 404],
    ];
    for (const [url, status] of cases) expect([url, (await get(url)).statusCode]).toEqual([url, status]);
  });

  it('refuses UPDATE and DELETE on leaves, stored hashes and checkpoints', async () => {
    for (const statement of [
      sql`update log_leaves set leaf = 'x' where index = 0`,
      sql`delete from log_leaves where index = 0`,
      sql`update log_hashes set hash = 'x' where level = 0 and idx = 0`,
      sql`delete from log_hashes`,
      sql`update log_checkpoints set note = 'x'`,
      sql`delete from log_checkpoints`,
      sql`truncate log_leaves`,
    ])
      await expect(t.db.execute(statement)).rejects.toThrow();
    const [row] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from log_leaves where index = 0`,
    );
    expect(row!.n).toBe(1);
  });

  it('keeps the log when an instrument is deleted', async () => {
    const guitar = await instrumentOf(t, maker.shop.id);
    await t.db.execute(sql`delete from instruments where id = ${guitar.id}`);
    const log = await passportLog(guitar.passportCode);
    expect(
      (await verifyPassportLog({ vkey: await vkey(), checkpoint: log.checkpoint, entries: log.entries })).ok,
    ).toBe(true);
  });

  it('detects a leaf altered behind the trigger’s back', async () => {
    const guitar = await instrumentOf(t, maker.shop.id, { name: 'Tampered' });
    await recordPassportEvent(t.db, { instrumentId: guitar.id, type: 'reported_stolen', data: {} });
    await t.db.execute(sql`alter table log_leaves disable trigger log_leaves_append_only`);
    await t.db.execute(
      sql`update log_leaves set leaf = replace(leaf, 'reported_stolen', 'recovered') where instrument_id = ${guitar.id}`,
    );
    await t.db.execute(sql`alter table log_leaves enable trigger log_leaves_append_only`);
    const log = await passportLog(guitar.passportCode);
    const result = await verifyPassportLog({
      vkey: await vkey(),
      checkpoint: log.checkpoint,
      entries: log.entries,
    });
    expect(result).toMatchObject({ ok: false, step: 'inclusion', index: log.entries[1]!.index });
  });
});
