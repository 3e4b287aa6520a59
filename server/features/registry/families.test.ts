import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES_BY_TYPE, INSTRUMENT_CATEGORIES, INSTRUMENT_TYPES } from '../../../contract/registry';
import { instruments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from './registry-test-kit';

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Family Workshop');
});
afterAll(async () => t.close());

const create = (fields: object) =>
  api(t, maker.cookie).post('/api/registry/instruments', { name: 'Family piece', yearMade: 2024, ...fields });

describe('types and categories of every family', () => {
  it('registers every type with each of its own categories, and lists them by type', async () => {
    for (const type of INSTRUMENT_TYPES) {
      const category = CATEGORIES_BY_TYPE[type].at(-1);
      const res = await create({ name: `A ${type}`, instrumentType: type, category });
      expect(res.statusCode, type).toBe(201);
      expect(res.json()).toMatchObject({ instrumentType: type, category });
    }
    const cellos = await api(t, null).get('/api/registry/instruments?type=cello&category=electric');
    expect(cellos.json().map((i: { name: string }) => i.name)).toEqual(['A cello']);
    const basses = await api(t, null).get('/api/registry/instruments?type=double-bass');
    expect(basses.json()).toHaveLength(1);
    expect((await api(t, null).get('/api/registry/instruments?type=theorbo')).statusCode).toBe(400);
  });

  it('refuses a category that makes no sense for the type, on the category field, with the choices', async () => {
    const res = await create({ instrumentType: 'violin', category: 'flamenco' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { category: 'Choose a category of violin: classical, baroque or electric.' },
    });
    const uke = await create({ instrumentType: 'ukulele', category: 'classical' });
    expect(uke.json().fields.category).toBe(
      'Choose a category of ukulele: soprano, concert, tenor or baritone.',
    );
    expect((await create({ instrumentType: 'theorbo', category: 'baroque' })).json().fields).toHaveProperty(
      'instrumentType',
    );
  });

  it('checks the pair an edit leaves, also when only one of the two is sent', async () => {
    const cello = await create({ instrumentType: 'cello', category: 'classical' });
    const url = `/api/registry/instruments/${cello.json().id}`;
    const patch = (body: object) => api(t, maker.cookie).patch(url, body);

    const onlyCategory = await patch({ category: 'flamenco' });
    expect(onlyCategory.statusCode).toBe(400);
    expect(onlyCategory.json().fields).toEqual({
      category: 'Choose a category of cello: classical, baroque or electric.',
    });
    const onlyType = await patch({ instrumentType: 'oud' });
    expect(onlyType.statusCode).toBe(400);
    expect(onlyType.json().fields).toEqual({ category: 'Choose a category of oud: arabic or turkish.' });
    const both = await patch({ instrumentType: 'harp', category: 'classical' });
    expect(both.json().fields).toEqual({
      category: 'Choose a category of harp: lever, pedal or wire-strung.',
    });
    // Nothing was changed by the refused edits.
    const [row] = await t.db.select().from(instruments).where(eq(instruments.id, cello.json().id));
    expect(row).toMatchObject({ instrumentType: 'cello', category: 'classical' });

    expect((await patch({ instrumentType: 'viola' })).statusCode).toBe(200);
    expect((await patch({ category: 'baroque' })).json()).toMatchObject({
      instrumentType: 'viola',
      category: 'baroque',
    });
    expect((await patch({ instrumentType: 'lute', category: 'renaissance' })).json()).toMatchObject({
      instrumentType: 'lute',
      category: 'renaissance',
    });
  });

  it('the database refuses a pair the contract would refuse', async () => {
    await expect(
      instrumentOf(t, maker.shop.id, { instrumentType: 'violin', category: 'flamenco' }),
    ).rejects.toThrow();
  });

  it('the OpenAPI document lists every type and category', async () => {
    const text = (await t.app.inject({ url: '/api/openapi.json' })).body;
    const doc = JSON.parse(text) as { components?: unknown; paths: unknown };
    const enums: string[][] = [];
    JSON.stringify(doc, (_k, v: unknown) => {
      if (v && typeof v === 'object' && 'enum' in v && Array.isArray(v.enum)) enums.push(v.enum as string[]);
      return v;
    });
    expect(enums).toContainEqual([...INSTRUMENT_TYPES]);
    expect(enums).toContainEqual([...INSTRUMENT_CATEGORIES]);
  });
});

describe('the migration of existing passports', () => {
  it('gives a pair that made no sense its type’s usual category, and keeps the others', async () => {
    const dir = new URL('../../../drizzle/', import.meta.url);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('_instrument_families.sql'))!;
    const migration = fs.readFileSync(new URL(file, dir), 'utf8').split('--> statement-breakpoint');
    // The database as it was before: any category with any of the four types.
    await t.db.execute(sql`alter table instruments drop constraint instruments_type_category_check`);
    const old = [
      ['violin', 'flamenco', 'classical'],
      ['violin', 'acoustic', 'classical'],
      ['violin', 'electric', 'electric'],
      ['banjo', 'classical', 'acoustic'],
      ['banjo', 'archtop', 'acoustic'],
      ['mandolin', 'flamenco', 'acoustic'],
      ['mandolin', 'archtop', 'archtop'],
      ['guitar', 'archtop', 'archtop'],
      ['guitar', 'flamenco', 'flamenco'],
    ] as const;
    const ids: string[] = [];
    for (const [type, category] of old) {
      const inst = await instrumentOf(t, maker.shop.id, { name: `Old ${type} ${category}` });
      await t.db.execute(
        sql`update instruments set instrument_type = ${type}, category = ${category} where id = ${inst.id}`,
      );
      ids.push(inst.id);
    }
    for (const statement of migration) await t.db.execute(sql.raw(statement));
    for (const [i, [type, , now]] of old.entries()) {
      const [row] = await t.db.select().from(instruments).where(eq(instruments.id, ids[i]!));
      expect(row, `${type}`).toMatchObject({ instrumentType: type, category: now });
    }
    await expect(
      t.db.execute(sql`update instruments set category = 'flamenco' where id = ${ids[0]!}`),
    ).rejects.toThrow();
  });
});
