import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCertificate } from '../../contract/certificates';
import { certificatePdf } from '../features/academy/certificate-pdf';
import { api, instrumentOf, luthierWithShop } from '../features/registry/registry-test-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import { covers, type FontStyle } from './fonts';

// Names in every script the product promises print as themselves in the certificate and the dossier: read back
// with poppler's pdftotext (an independent reader), each found exactly; and every character has a glyph in the
// committed fonts (no missing-glyph boxes).

const NAMES = {
  polish: 'Łukasz Żółć',
  japanese: '東京ギター工房',
  russian: '«Гитара»',
  arabic: 'عود محمد',
  hebrew: 'דוד כהן',
  greek: 'Νίκος Παπαδόπουλος',
  korean: '서울 현악기',
  chinese: '北京制琴坊',
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'every-script-'));
/** The text poppler reads from a PDF, without the direction marks it puts around right-to-left text. */
function pdfText(bytes: Uint8Array, name: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/[\u202a-\u202e]/g, '');
}
const pdfFonts = (name: string) => execFileSync('pdffonts', [path.join(dir, name)], { encoding: 'utf8' });

it('has a glyph for every character of these names in every style', () => {
  const styles: FontStyle[] = ['sans', 'sans-bold', 'serif', 'serif-bold', 'mono', 'mono-bold'];
  for (const style of styles)
    for (const name of Object.values(NAMES))
      for (const char of name.replace(/\s/g, ''))
        expect(covers(style, char.codePointAt(0)!), `${style} ${char}`).toBe(true);
});

describe('the certificate PDF', () => {
  const certificate = (learnerName: string, title: string): PublicCertificate => ({
    id: 'abcdef0123456789',
    jwt: 'header.payload.signature',
    credential: {},
    verified: true,
    reason: null,
    keyRevokedAt: null,
    learnerName,
    learnerHandle: null,
    course: { id: 'c1', slug: 'course', title },
    issuedAt: '2026-11-01T10:00:00.000Z',
    builds: null,
    instruments: [],
    mine: false,
  });

  it.each([
    [NAMES.polish, `${NAMES.russian} для начинающих`],
    [NAMES.arabic, NAMES.greek],
    [NAMES.hebrew, NAMES.japanese],
    [NAMES.korean, NAMES.chinese],
  ])('prints %s and %s as they are written', async (learner, title) => {
    const pdf = await certificatePdf(certificate(learner, title), 'https://registry.test/c/abc', {
      kid: 'kid-1',
      algorithm: 'RSA, RS256',
    });
    const text = pdfText(pdf, 'certificate.pdf');
    expect(text).toContain(learner);
    expect(text).toContain(title);
    expect(text).not.toContain('?');
    // Embedded subsets of the Noto (and, for CJK, Droid) faces; no standard font that cannot encode them.
    const fonts = pdfFonts('certificate.pdf');
    expect(fonts).toMatch(/[A-Z]{6}\+NotoSerif-Bold|NotoSerif-Bold/);
    expect(fonts).not.toMatch(/Times|Helvetica|Courier/);
    for (const line of fonts.split('\n').slice(2).filter(Boolean))
      expect(line).toMatch(/ yes +(yes|no) +yes /);
  });
});

describe('the dossier PDF', () => {
  let t: TestApp;
  let code: string;
  beforeAll(async () => {
    t = await createTestApp();
    const maker = await luthierWithShop(t, NAMES.japanese);
    const inst = await instrumentOf(t, maker.shop.id, {
      name: NAMES.russian,
      model: NAMES.arabic,
      serialNumber: 'ES-1',
      description: `${NAMES.polish}\n${NAMES.hebrew}\n${NAMES.greek} · ${NAMES.korean} · ${NAMES.chinese}`,
    });
    code = inst.passportCode;
  });
  afterAll(() => t.close());

  it('prints every name exactly, and the checkpoint with its line breaks', async () => {
    const res = await api(t, null).get(`/p/${code}/dossier.pdf`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload, 'dossier.pdf');
    for (const name of Object.values(NAMES)) expect(text).toContain(name);
    expect(text).toContain(`Maker: ${NAMES.japanese}`);
    // The description's lines stay lines.
    expect(text).toMatch(new RegExp(`${NAMES.polish}\\n+${NAMES.hebrew}\\n`));
    execFileSync('pdfdetach', ['-saveall', '-o', dir, path.join(dir, 'dossier.pdf')]);
    const bundle = JSON.parse(fs.readFileSync(path.join(dir, 'passport-log.json'), 'utf8')) as {
      checkpoint: string;
    };
    // Each checkpoint line on a line of its own, in order (a long signature line may wrap at its space).
    const lines = bundle.checkpoint.trim().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    const escape = (l: string) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
    expect(text).toMatch(new RegExp(lines.map(escape).join('\\s*\\n\\s*')));
    // Latin letters drawn after Cyrillic ones that are built from them (the label's «Гитара») still read back.
    for (const heading of ['Build facts', 'Verification', 'Provenance', 'Checkpoint'])
      expect(text).toContain(heading);
    expect(text).not.toContain('?');
  }, 60_000);
});
