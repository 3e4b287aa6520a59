import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassportLog, PassportLogBundle } from '../../../contract/log';
import { verifyPassportLog } from '../../../contract/log/verify-passport';
import { cosignatureLine, verifyCosignatureLine } from '../../log/cosignature';
import { noteBody, storeCosignatures } from '../../log/cosignatures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeWitness, writePolicy } from '../log/witness-kit';
import { instrumentOf, luthierWithShop } from '../registry/registry-test-kit';

/*
 * A passport's log bundle carries the cosigned checkpoint: the newest one its witnesses cosigned to quorum that
 * covers the passport's last event, else the newest, cosigned or not — and the policy a reader counts them with.
 * Cosignatures are stored as the submitter stores verified ones (the submitter itself is tested in
 * server/log/witnessing.test.ts with real witness processes).
 */
const a = makeWitness('A');
const b = makeWitness('B');
let t: TestApp;
let vkey: string;

beforeAll(async () => {
  // B has no URL (verification only) and A's is unreachable: nothing is cosigned but what the test stores.
  const file = writePolicy([{ ...a, url: 'http://127.0.0.1:9/a/' }, b], 'group both all A B\nquorum both\n');
  t = await createTestApp({ env: { LOG_POLICY: file, PUBLIC_URL: 'https://registry.test' } });
  vkey = (await t.app.inject('/api/log/key')).body.trim();
});
afterAll(() => t.close());

const logOf = async (code: string) =>
  (await t.app.inject(`/api/public/passports/${code}/log`)).json<PassportLog>();
const sizeOf = (note: string) => Number(note.split('\n')[1]);

async function cosign(note: string, ...witnesses: (typeof a)[]) {
  const body = noteBody(note);
  const stamp = Math.floor(Date.now() / 1000);
  await storeCosignatures(
    t.db,
    sizeOf(note),
    witnesses.map((w) =>
      verifyCosignatureLine(
        cosignatureLine(body, w.keyName, w.seed, stamp),
        body,
        t.env.logPolicy.witnesses,
      )!,
    ),
  );
}

async function newPassport(name: string) {
  const maker = await luthierWithShop(t, `${name} Workshop`);
  return (await instrumentOf(t, maker.shop.id, { name })).passportCode;
}

describe('GET /api/public/passports/:code/log with witnesses', () => {
  it('is "not yet witnessed" until both witnesses cosign, then names them', async () => {
    const code = await newPassport('First Witnessed');
    const before = await logOf(code);
    expect(before.witnesses).toEqual({
      quorum: 'both',
      witnesses: [
        { name: 'A', vkey: a.vkey },
        { name: 'B', vkey: b.vkey },
      ],
      groups: [{ name: 'both', threshold: 2, members: ['A', 'B'] }],
    });
    const unwitnessed = await verifyPassportLog({ vkey, ...before, passport: code });
    expect(unwitnessed.ok && unwitnessed.witnessed).toEqual({
      cosigned: [],
      named: 2,
      quorum: 'both',
      quorumMet: false,
    });

    await cosign(before.checkpoint, a);
    const one = await verifyPassportLog({ vkey, ...(await logOf(code)), passport: code });
    expect(one.ok && one.witnessed?.cosigned.map((c) => c.name)).toEqual(['A']);
    expect(one.ok && one.witnessed?.quorumMet).toBe(false);

    await cosign(before.checkpoint, b);
    const after = await logOf(code);
    expect(after.checkpoint.startsWith(before.checkpoint)).toBe(true);
    expect(after.checkpoint.split('\n\n')[1]!.trim().split('\n')).toHaveLength(3);
    const both = await verifyPassportLog({ vkey, ...after, passport: code });
    expect(both.ok && both.witnessed?.cosigned.map((c) => c.name)).toEqual(['A', 'B']);
    expect(both.ok && both.witnessed?.quorumMet).toBe(true);
  });

  it('keeps proving an older passport against the witnessed checkpoint while a newer one is not yet cosigned', async () => {
    const older = await newPassport('Older Witnessed');
    const witnessed = (await logOf(older)).checkpoint;
    await cosign(witnessed, a, b);
    const newer = await newPassport('Newer Unwitnessed');
    const newerLog = await logOf(newer);
    // The newer passport's event is beyond the witnessed size: it is proved against the newest checkpoint.
    expect(sizeOf(newerLog.checkpoint)).toBeGreaterThan(sizeOf(witnessed));
    const newerResult = await verifyPassportLog({ vkey, ...newerLog, passport: newer });
    expect(newerResult.ok && newerResult.witnessed?.quorumMet).toBe(false);
    // The older one stays on the size both witnesses cosigned, with proofs against it.
    const olderLog = await logOf(older);
    expect(sizeOf(olderLog.checkpoint)).toBe(sizeOf(witnessed));
    const olderResult = await verifyPassportLog({ vkey, ...olderLog, passport: older });
    expect(olderResult).toMatchObject({ ok: true, treeSize: sizeOf(witnessed) });
    expect(olderResult.ok && olderResult.witnessed?.quorumMet).toBe(true);
    // Once both cosign the newest, the newer passport is witnessed too.
    await cosign(newerLog.checkpoint, a, b);
    const later = await verifyPassportLog({ vkey, ...(await logOf(newer)), passport: newer });
    expect(later.ok && later.witnessed?.quorumMet).toBe(true);
  });

  it('the dossier embeds the same cosigned checkpoint and policy', async () => {
    const code = await newPassport('Dossier Witnessed');
    const log = await logOf(code);
    await cosign(log.checkpoint, a, b);
    const res = await t.app.inject(`/p/${code}/dossier.pdf`);
    expect(res.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'witnessed-dossier-'));
    fs.writeFileSync(path.join(dir, 'dossier.pdf'), res.rawPayload);
    execFileSync('pdfdetach', ['-saveall', '-o', dir, path.join(dir, 'dossier.pdf')]);
    const bundle = JSON.parse(
      fs.readFileSync(path.join(dir, 'passport-log.json'), 'utf8'),
    ) as PassportLogBundle;
    expect(bundle.witnesses?.quorum).toBe('both');
    const result = await verifyPassportLog({ ...bundle, passport: code });
    expect(result.ok && result.witnessed?.cosigned.map((c) => c.name)).toEqual(['A', 'B']);
    expect(result.ok && result.witnessed?.quorumMet).toBe(true);
  });
});
