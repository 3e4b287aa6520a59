import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelSvg } from '../features/public-passport/passport-images';
import { openGraphTextSvg } from '../media/og-image';
import { svgTextWidth } from './svg-text';

// The QR label (60 × 30 mm) and the share image's text, rendered by Chromium: every line of text stays inside its
// area and off the lines around it, long names wrap to two lines and end with "…", and names in every script are
// drawn with their own glyphs (their width is the width Chromium itself gives the same text in the same fonts).

const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ??
  '/usr/bin/chromium';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage({ deviceScaleFactor: 4 });
}, 60_000);
afterAll(() => browser?.close());

interface Box {
  label: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Each text line's label and its box in the SVG's own units (millimetres for the label). */
async function lineBoxes(svg: string): Promise<Box[]> {
  await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
  return page.$$eval('svg g.text-line', (groups) =>
    groups.map((g) => {
      const b = (g as SVGGraphicsElement).getBBox();
      return { label: g.getAttribute('aria-label') ?? '', x: b.x, y: b.y, w: b.width, h: b.height };
    }),
  );
}

function expectInside(boxes: Box[], area: { left: number; right: number; top: number; bottom: number }) {
  for (const b of boxes) {
    expect(b.w, b.label).toBeGreaterThan(0);
    expect(b.x, b.label).toBeGreaterThanOrEqual(area.left);
    expect(b.x + b.w, b.label).toBeLessThanOrEqual(area.right);
    expect(b.y, b.label).toBeGreaterThanOrEqual(area.top);
    expect(b.y + b.h, b.label).toBeLessThanOrEqual(area.bottom);
  }
  // Lines do not run into each other.
  for (let i = 1; i < boxes.length; i++)
    expect(boxes[i]!.y, `${boxes[i - 1]!.label} / ${boxes[i]!.label}`).toBeGreaterThanOrEqual(
      boxes[i - 1]!.y + boxes[i - 1]!.h - 0.05,
    );
}

/** The label's text column: right of the QR code (which ends at 29 mm), inside the 60 × 30 mm edge. */
const COLUMN = { left: 30, right: 59.5, top: 0.5, bottom: 29.5 };
const facts = (name: string, maker: string | null) => ({
  url: 'https://registry.example.org/p/LR-7Q4M-2KXA',
  code: 'LR-7Q4M-2KXA',
  name,
  maker,
});

describe('the 60 × 30 mm label', () => {
  it('wraps a long name and a long shop to two lines each, ending with "…", inside the label', async () => {
    const boxes = await lineBoxes(
      await labelSvg(
        facts(
          'The Grand Auditorium Cutaway Dreadnought with Sunburst Finish and Abalone Rosette',
          'Łukasz Żółć Lutherie and Restoration Workshop of the Lower Silesian Mountains',
        ),
      ),
    );
    expect(boxes.map((b) => b.label)).toEqual([
      'Luthier Registry',
      'LR-7Q4M-2KXA',
      expect.stringMatching(/^The Grand/),
      expect.stringMatching(/…$/),
      expect.stringMatching(/^by Łukasz Żółć/),
      expect.stringMatching(/…$/),
    ]);
    expectInside(boxes, COLUMN);
  });

  it('breaks names without spaces (CJK, one long Arabic or Cyrillic run) inside the label', async () => {
    for (const [name, maker] of [
      [
        '東京ギター工房の特製クラシックギター松と紫檀と黒檀の最高級モデル',
        '北京制琴坊北京制琴坊北京制琴坊北京制琴坊',
      ],
      [
        'عود محمد العربي الكلاسيكي المصنوع يدويا في القاهرة من خشب الجوز',
        'Мастерская «Гитара» Александра Константиновича',
      ],
    ] as const) {
      const boxes = await lineBoxes(await labelSvg(facts(name, maker)));
      expect(boxes).toHaveLength(6);
      expectInside(boxes, COLUMN);
    }
  });

  const scripts = [
    ['Łukasz Żółć', 'Latin'],
    ['«Гитара»', 'Cyrillic'],
    ['Νίκος Λύρα', 'Greek'],
    ['عود محمد', 'Arabic'],
    ['דוד כהן', 'Hebrew'],
    ['東京の工房', 'Japanese'],
    ['서울 현악기', 'Korean'],
  ] as const;

  it.each(scripts)('shows %s (%s) with its own glyphs', async (name) => {
    const boxes = await lineBoxes(await labelSvg(facts(name, name)));
    expectInside(boxes, COLUMN);
    expect(boxes[2]!.label).toBe(name);
    expect(boxes[3]!.label).toBe(`by ${name}`);
    // Ink where the name is: the line is drawn, not blank.
    const png = await page.screenshot({
      clip: {
        x: boxes[2]!.x * (96 / 25.4),
        y: boxes[2]!.y * (96 / 25.4),
        width: boxes[2]!.w * (96 / 25.4),
        height: boxes[2]!.h * (96 / 25.4),
      },
    });
    expect(png.length).toBeGreaterThan(300);
  });

  it('lays names out as Chromium does in the same fonts (shaping, direction, no missing glyphs)', async () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts');
    const faces = [
      'NotoSans-Regular',
      'NotoSansArabic-Regular',
      'NotoSansHebrew-Regular',
      'DroidSansFallback',
      // Korean: the labels' own face, never a system font Chromium might find (fonts-droid-fallback has Hangul).
      'NanumGothic',
    ];
    const css = faces
      .map(
        (f) =>
          `@font-face{font-family:'${f}';src:url(data:font/ttf;base64,${fs.readFileSync(path.join(dir, `${f}.ttf`)).toString('base64')})}`,
      )
      .join('');
    await page.setContent(
      `<!doctype html><style>${css} span{font:100px ${faces.map((f) => `'${f}'`).join(',')};white-space:pre;font-kerning:normal}</style>${scripts
        .map(([name]) => `<div><span>${name}</span></div>`)
        .join('')}`,
    );
    // Each face loaded before measuring: fonts.ready can settle before a large face (the CJK fallback, 4 MB) has
    // even started to load, and the text is then measured in a system font.
    await page.evaluate(async () => {
      await Promise.all([...document.fonts].map((face) => face.load()));
      await document.fonts.ready;
    });
    const widths = await page.$$eval('span', (spans) => spans.map((s) => s.getBoundingClientRect().width));
    // Within 2 %: Chromium rounds advances to its pixel grid.
    scripts.forEach(([name], i) =>
      expect(Math.abs(svgTextWidth(name, 100) - widths[i]!), name).toBeLessThan(widths[i]! * 0.02),
    );
  });
});

describe("the passport's share image", () => {
  it('wraps a long title to two lines ending with "…", above the code badge, inside the panel', async () => {
    const boxes = await lineBoxes(
      openGraphTextSvg({
        kicker: 'Luthier Registry · Passport',
        title: 'The Grand Auditorium Cutaway Dreadnought with Sunburst Finish',
        subtitle: 'by عود محمد · 東京ギター工房 · Мастерская «Гитара» Александра',
        badge: 'LR-7Q4M-2KXA',
      }),
    );
    expect(boxes.map((b) => b.label)).toEqual([
      'Luthier Registry · Passport',
      expect.stringMatching(/^The Grand/),
      expect.stringMatching(/…$/),
      expect.stringMatching(/^by عود محمد/),
      expect.any(String),
      'LR-7Q4M-2KXA',
    ]);
    expectInside(boxes.slice(0, -1), { left: 38, right: 602, top: 0, bottom: 430 });
    expectInside(boxes.slice(-1), { left: 40, right: 600, top: 430, bottom: 540 });
  });
});
