import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexLookupSchema, passportLogBundleSchema } from '../contract/log';
import { verifyLookup } from '../contract/log/index-proof';
import { buildRevision } from '../server/log-index/indexer';
import { recordPassportEvent } from '../server/log/passport-events';
import { loadLogSigner } from '../server/log/signing';
import { instrumentOf, luthierWithShop } from '../server/features/registry/registry-test-kit';
import { freePort } from '../server/test/processes';
import { createTestApp, type TestApp } from '../server/test/test-app';
import { readPdfAttachments } from './verify/pdf-attachment';
import { verifyBundleJson, verifyUrl } from './verify/run-verify';

// A dossier must show a passport's whole history: the verifiable index's lookup names every entry at a log size,
// and the verifier refuses a history with one left out, one added or one of another passport.
let t: TestApp;
let base: string;
let code: string;
let otherCode: string;
let policyText: string;
let before: Map<string, string>;
let after: Map<string, string>;

const revise = async () => {
  const signer = await loadLogSigner(t.db, t.env);
  return buildRevision(t.db, signer, t.database.kind);
};
const dossier = async () =>
  readPdfAttachments(new Uint8Array((await t.app.inject(`/p/${code}/dossier.pdf`)).rawPayload));

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { PUBLIC_URL: base } });
  const maker = await luthierWithShop(t);
  const guitar = await instrumentOf(t, maker.shop.id, { name: 'Indexed Guitar' });
  otherCode = (await instrumentOf(t, maker.shop.id, { name: 'Clean Guitar' })).passportCode;
  code = guitar.passportCode;
  await recordPassportEvent(t.db, { instrumentId: guitar.id, type: 'verified', data: {} });
  expect(await revise()).toBe(0);
  before = await dossier();
  await recordPassportEvent(t.db, { instrumentId: guitar.id, type: 'reported_stolen', data: {} });
  expect(await revise()).toBe(1);
  expect(await revise()).toBeNull();
  after = await dossier();
  policyText = (await t.app.inject('/log/policy')).body;
  await t.app.listen({ port, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => t?.close());

const bundleOf = (files: Map<string, string>) =>
  passportLogBundleSchema.parse(JSON.parse(files.get('passport-log.json')!));
const check = (files: Map<string, string>, json = files.get('passport-log.json'), offline = true) =>
  verifyBundleJson(json!, { policyText, offline }, files);

describe('verifiable index', () => {
  it('answers every passport entry with a lookup proof, and a code with none with a proof of absence', async () => {
    const res = await t.app.inject(`/api/log/index/${code}`);
    expect(res.statusCode).toBe(200);
    const lookup = indexLookupSchema.parse(res.json());
    expect(lookup).toMatchObject({ code, indices: [0, 2, 3], inputSize: 4, outputIndex: 1 });
    expect(await verifyLookup(code, lookup.indices, lookup.lookupProof, lookup.indexRoot)).toBe(true);
    expect(await verifyLookup(code, [0, 2], lookup.lookupProof, lookup.indexRoot)).toBe(false);
    const none = indexLookupSchema.parse((await t.app.inject('/api/log/index/LR-NONE-0000')).json());
    expect(none.indices).toEqual([]);
    expect(await verifyLookup('LR-NONE-0000', [], none.lookupProof, none.indexRoot)).toBe(true);
    expect(policyText.split('\n').filter((l) => l.startsWith('log '))).toEqual([
      expect.stringMatching(new RegExp(`^log 127\\.0\\.0\\.1:\\d+/log\\+[0-9a-f]{8}\\+\\S+ ${base}/log$`)),
      expect.stringMatching(
        new RegExp(`^log 127\\.0\\.0\\.1:\\d+/index\\+[0-9a-f]{8}\\+\\S+ ${base}/index$`),
      ),
    ]);
    const checkpoint = (await t.app.inject('/index/checkpoint')).body;
    expect(checkpoint.split('\n').slice(0, 2)).toEqual([`127.0.0.1:${base.split(':')[2]}/index`, '2']);
  });

  it('verifies a dossier as the complete history as of its revision', async () => {
    expect(after.has('passport-index.json')).toBe(true);
    const ok = await check(after);
    expect(ok.code).toBe(0);
    expect(ok.lines).toContain(`Complete history of ${code} as of log size 4 (no witness time): 3 events`);
  });

  it('refuses the dossier with the theft report cut out, naming the missing entry', async () => {
    const bundle = bundleOf(after);
    const cut = { ...bundle, entries: bundle.entries.filter((e) => e.index !== 3) };
    const files = new Map([...after].filter(([name]) => name !== 'entry-3.tlog-proof'));
    const refused = await check(files, JSON.stringify(cut));
    expect(refused.code).toBe(1);
    expect(refused.lines.at(-1)).toBe(
      `FAILED: log entry 3 of ${code} is missing: the index lists 3 entries at log size 4, and this history leaves it out`,
    );
  });

  it('refuses an extra entry and another passport lookup', async () => {
    const bundle = bundleOf(after);
    const other = (await t.app.inject(`/api/log/entries/1`)).json<{ leafBase64: string }>();
    const { proof } = (await t.app.inject(`/api/log/proof/inclusion?index=1&size=4`)).json<{
      proof: string[];
    }>();
    const extra = {
      ...bundle,
      entries: [...bundle.entries, { index: 1, leafBase64: other.leafBase64, proof }],
    };
    const files = new Map([...after].filter(([name]) => !name.endsWith('.tlog-proof')));
    const refused = await check(files, JSON.stringify(extra));
    expect(refused.code).toBe(1);
    expect(refused.lines.at(-1)).toMatch(
      new RegExp(`^FAILED: log entry 1 belongs to ${otherCode}, not ${code}$`),
    );

    const swapped = new Map(after);
    const lookup = (await t.app.inject(`/api/log/index/${otherCode}`)).json<object>();
    swapped.set('passport-index.json', JSON.stringify({ ...lookup, entryProofs: [] }));
    const wrong = await check(swapped);
    expect([wrong.code, wrong.lines.at(-1)]).toEqual([
      1,
      `FAILED: the index lookup is for ${otherCode}, not for ${code}`,
    ]);
  });

  it('refuses a site answering one passport with another passport history', async () => {
    const mirror: typeof fetch = (input, init) =>
      fetch((input as string).replace(`/passports/${code}/log`, `/passports/${otherCode}/log`), init);
    const refused = await verifyUrl(`${base}/p/${code}`, { policyText, fetch: mirror });
    expect(refused.code).toBe(1);
    expect(refused.lines.at(-1)).toBe(`FAILED: log entry 1 belongs to ${otherCode}, not to ${code}`);
    const ok = await verifyUrl(`${base}/p/${code}`, { policyText });
    expect([ok.code, ok.lines.at(-2)]).toEqual([
      0,
      `Complete history of ${code} as of log size 4 (no witness time): 3 events`,
    ]);
  });

  it('online, an older dossier is refused once the passport was reported stolen after it', async () => {
    const offline = await check(before);
    expect([offline.code, offline.lines.at(-2)]).toEqual([
      0,
      `Complete history of ${code} as of log size 3 (no witness time): 2 events`,
    ]);
    const online = await check(before, before.get('passport-log.json'), false);
    expect(online.code).toBe(1);
    expect(online.lines).toContainEqual(
      expect.stringMatching(/^ {2}reported stolen on \d{4}-\d\d-\d\d \(entry 3\)$/),
    );
    expect(online.lines.at(-1)).toMatch(
      new RegExp(
        `^FAILED: since this dossier, ${code} was reported stolen on \\d{4}-\\d\\d-\\d\\d: the dossier does not show it$`,
      ),
    );
  });
});
