import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as hb from 'harfbuzzjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicCertificate } from '../../contract/certificates';
import { certificatePdf } from '../features/academy/certificate-pdf';
import { api, instrumentOf, luthierWithShop } from '../features/registry/registry-test-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import { labelSvg } from '../features/public-passport/passport-images';
import { openGraphTextSvg } from '../media/og-image';
import { repoRoot } from '../paths';
import { covers, fontkit, SHAPED_SCRIPTS, type FontStyle } from './fonts';
import { typesetLog } from './log';
import { svgLine, svgTextWidth } from './svg-text';
import { escapeXml } from './xml';

type ShapedScript = (typeof SHAPED_SCRIPTS)[number];

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
  expect(SHAPED_SCRIPTS).toHaveLength(14);
  const styles: FontStyle[] = ['sans', 'sans-bold', 'serif', 'serif-bold', 'mono', 'mono-bold'];
  for (const style of styles)
    for (const name of [...Object.values(NAMES), ...SHAPED_NAMES.map(([, n]) => n)])
      for (const char of name.replace(/\s/g, ''))
        expect(covers(style, char.codePointAt(0)!), `${style} ${char}`).toBe(true);
});

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

describe('the certificate PDF', () => {
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
    expect(fonts).toMatch(/[A-Z]{6}\+NotoSerif-Bold/);
    expect(fonts).not.toMatch(/Times|Helvetica|Courier/);
    for (const line of fonts.split('\n').slice(2).filter(Boolean))
      // Subsets, named as ISO 32000 9.6.4 requires: a six-letter tag, "+", the font's name.
      expect(line).toMatch(/^[A-Z]{6}\+\S+ .* yes +yes +yes /);
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

// The scripts HarfBuzz shapes: a name in each, checked against HarfBuzz's own shaping of the committed face (a
// separate instance), in the drawn SVG outlines, the rendered pixels (sharp), the PDFs' text and their centring.
const SHAPED_NAMES: [ShapedScript, string][] = [
  ['Devanagari', 'प्रिया क्षत्रिय'],
  ['Bengali', 'সত্যজিৎ রায়'],
  ['Tamil', 'தமிழ்செல்வி'],
  ['Telugu', 'శ్రీనివాస్'],
  ['Gujarati', 'કૃષ્ણ પટેલ'],
  ['Gurmukhi', 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ'],
  ['Thai', 'สมชาย ใจดี'],
  ['Lao', 'ສົມພອນ'],
  ['Khmer', 'សុខ ស្រីពៅ'],
  ['Myanmar', 'အောင်ဆန်း'],
  ['Sinhala', 'ශ්‍රී ලංකා'],
  ['Ethiopic', 'ኃይሌ ገብረሥላሴ'],
  ['Georgian', 'ნინო ბერიძე'],
  ['Armenian', 'Անի Սարյան'],
];
/** Scripts whose glyphs are not the characters one for one (conjuncts, reordered vowel signs). */
const REORDERED = [
  'Devanagari',
  'Bengali',
  'Tamil',
  'Telugu',
  'Gujarati',
  'Gurmukhi',
  'Khmer',
  'Myanmar',
  'Sinhala',
];

function reference(script: ShapedScript, text: string, weight = 'Regular') {
  const bytes = fs.readFileSync(path.join(repoRoot, `server/typeset/fonts/NotoSans${script}-${weight}.ttf`));
  const font = new hb.Font(new hb.Face(new hb.Blob(bytes)));
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const ids = buffer.getGlyphInfos().map((g) => g.codepoint);
  const advance = buffer.getGlyphPositions().reduce((w, p) => w + p.xAdvance, 0) / font.face.upem;
  const nominal = Array.from(text, (c) => font.nominalGlyph(c.codePointAt(0)!));
  return { ids, advance, nominal, outlines: ids.map((id) => font.glyphToPath(id)).filter(Boolean) };
}

/** The ink of one text line of an SVG (found by its label), rendered alone by sharp: its box in SVG units. */
async function inkOfLine(svg: string, label: string, pixelsPerUnit: number) {
  const [, width, height] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!.map(Number) as [
    number,
    number,
    number,
  ];
  const group = svg.match(/<g class="text-line"[^>]*>(?:<g [^>]*>(?:<path [^>]*\/>)*<\/g>)*<\/g>/g)!;
  const line = group.find((g) => g.includes(`aria-label="${escapeXml(label)}"`));
  expect(line, label).toBeDefined();
  const alone = `<svg xmlns="http://www.w3.org/2000/svg" width="${width * pixelsPerUnit}" height="${height * pixelsPerUnit}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#fff"/>${line!.replace(/fill="[^"]*"/, 'fill="#000"')}</svg>`;
  const { data, info } = await sharp(Buffer.from(alone))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [left, right, inked] = [Infinity, -Infinity, 0];
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if (data[y * info.width + x]! < 128) {
        inked++;
        left = Math.min(left, x);
        right = Math.max(right, x + 1);
      }
  return { inked, width: (right - left) / pixelsPerUnit };
}

describe('names in the scripts HarfBuzz shapes', () => {
  it.each(SHAPED_NAMES)('%s: draws the glyphs HarfBuzz shapes, in the SVG outlines', (script, name) => {
    const ref = reference(script, name, 'Bold');
    if (REORDERED.includes(script)) expect(ref.ids).not.toEqual(ref.nominal);
    const line = svgLine(name, { x: 0, y: 0, size: 10, style: 'sans-bold' });
    const drawn = Array.from(line.matchAll(/ d="([^"]*)"/g), (m) => m[1]);
    expect(drawn).toEqual(ref.outlines);
    expect(svgTextWidth(name, 10, 'sans-bold')).toBeCloseTo(ref.advance * 10, 6);
  });

  it.each(SHAPED_NAMES)('%s: the label shows the name, as wide as it is shaped', async (script, name) => {
    const svg = await labelSvg({
      url: 'https://registry.test/p/LR-7Q4M-2KXA',
      code: 'LR-7Q4M-2KXA',
      name,
      maker: name,
    });
    // The label's name line: bold, 2.8 mm; 20 pixels a millimetre.
    const ink = await inkOfLine(svg, name, 20);
    expect(ink.inked).toBeGreaterThan(200);
    const shaped = reference(script, name, 'Bold').advance * 2.8;
    expect(Math.abs(ink.width - shaped), `${ink.width} vs ${shaped}`).toBeLessThan(
      0.15 * 2.8 + 0.05 * shaped,
    );
    const maker = await inkOfLine(svg, `by ${name}`, 20);
    expect(maker.inked).toBeGreaterThan(200);
  });

  it('the share image shows a title in each script', async () => {
    for (const [, name] of SHAPED_NAMES) {
      const svg = openGraphTextSvg({
        kicker: 'Luthier Registry · Passport',
        title: name,
        subtitle: `by ${name}`,
        badge: 'LR-7Q4M-2KXA',
      });
      const ink = await inkOfLine(svg, name, 0.5);
      expect(ink.inked, name).toBeGreaterThan(40);
    }
  });

  it.each([0, 2, 4, 6, 8, 10, 12])('certificates print and centre %#: names in two scripts', async (i) => {
    const [[, learner], [, title]] = [SHAPED_NAMES[i]!, SHAPED_NAMES[i + 1]!];
    const pdf = await certificatePdf(certificate(learner, title), 'https://registry.test/c/abc', {
      kid: 'kid-1',
      algorithm: 'RSA, RS256',
    });
    const text = pdfText(pdf, 'shaped.pdf');
    expect(text).toContain(learner);
    expect(text).toContain(title);
    // Centred by the shaped width: the learner's line (30 pt) is in the middle of the page (841.89 pt).
    const boxes = execFileSync('pdftotext', ['-bbox-layout', path.join(dir, 'shaped.pdf'), '-'], {
      encoding: 'utf8',
    });
    const lines = Array.from(
      boxes.matchAll(/<line xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([\s\S]*?)<\/line>/g),
    );
    const words = (l: RegExpMatchArray) =>
      Array.from(l[3]!.matchAll(/>([^<]*)<\/word>/g), (w) => w[1]).join(' ');
    const line = lines.find((l) => words(l) === learner);
    expect(line, boxes).toBeDefined();
    expect(Math.abs((Number(line![1]) + Number(line![2])) / 2 - 841.89 / 2)).toBeLessThan(3);
    const fonts = pdfFonts('shaped.pdf');
    for (const row of fonts.split('\n').slice(2).filter(Boolean))
      expect(row).toMatch(/^[A-Z]{6}\+\S+ .* yes +yes +yes /);
  });

  it('prints a shop, an instrument and its description in every script in the dossier', async () => {
    const t = await createTestApp();
    try {
      const maker = await luthierWithShop(t, SHAPED_NAMES[0]![1]);
      const inst = await instrumentOf(t, maker.shop.id, {
        name: SHAPED_NAMES[6]![1],
        model: SHAPED_NAMES[1]![1],
        serialNumber: 'ES-2',
        description: SHAPED_NAMES.map(([, n]) => n).join('\n'),
      });
      const res = await api(t, null).get(`/p/${inst.passportCode}/dossier.pdf`);
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload, 'shaped-dossier.pdf');
      for (const [, name] of SHAPED_NAMES) expect(text).toContain(name);
      expect(text).toContain(`Maker: ${SHAPED_NAMES[0]![1]}`);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('draws a character no font has as a visible replacement, and logs its code point', async () => {
    const warn = vi.spyOn(typesetLog, 'warn').mockImplementation(() => undefined);
    const name = `Ana \u{1D11E} ${SHAPED_NAMES[0]![1]}`;
    const svg = svgLine(name, { x: 0, y: 0, size: 10 });
    expect(warn).toHaveBeenCalledWith({ codePoint: 'U+1D11E' }, expect.any(String));
    const replacement = fontkit.create(
      fs.readFileSync(path.join(repoRoot, 'server/typeset/fonts/NotoSans-Regular.ttf')),
    );
    expect(svg).toContain(replacement.glyphForCodePoint(0xfffd).path.toSVG());
    const pdf = await certificatePdf(certificate(name, 'Course'), 'https://registry.test/c/abc', {
      kid: 'kid-1',
      algorithm: 'RSA, RS256',
    });
    expect(pdfText(pdf, 'replacement.pdf')).toContain(`Ana \uFFFD ${SHAPED_NAMES[0]![1]}`);
    warn.mockRestore();
  });
});
