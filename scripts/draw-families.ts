// Writes the sample drawings of the types added after the first four (viola, cello, …, dulcimer) from the shapes
// the app draws inline (presentation/instrument-drawings.ts), in the frame and the four woods of the first drawings
// (scripts/draw-instruments.mjs), so sample and generated passports of every family have a picture. Made for
// this project.
//   npx tsx scripts/draw-families.ts     (writes client/public/instruments/<type>-<wood>.svg)
import fs from 'node:fs';
import path from 'node:path';
import { instrumentDrawing, type Shape, type ShapeKind } from '../presentation/instrument-drawings';
import { describeKind, INSTRUMENT_TYPES, typeLabel } from '../contract/registry-values';

const FIRST_DRAWN = new Set(['guitar', 'violin', 'mandolin', 'banjo']);
const WOODS = {
  spruce: ['#ecc98b', '#c99a55', '#8a5a2b'],
  cedar: ['#c9804a', '#9c5a2c', '#5e3318'],
  maple: ['#dca35a', '#b0702f', '#6e3e16'],
  mahogany: ['#8e4b2c', '#6a3319', '#3b1a0b'],
} as const;
const INK = '#3f2012';

function shapeSvg(shape: Shape, mid: string) {
  const look: Record<ShapeKind, string> = {
    body: `fill="url(#wood)" stroke="${INK}" stroke-width="3"`,
    part: `fill="${mid}" stroke="${INK}" stroke-width="2"`,
    hole: 'fill="#24140b"',
    line: `fill="none" stroke="${INK}" stroke-width="1.5"`,
    string: 'fill="none" stroke="#e8e2d6" stroke-width="0.8"',
  };
  if ('circle' in shape) {
    const [cx, cy, r] = shape.circle;
    return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r}" ${look[shape.kind]}/>`;
  }
  return `<path d="${shape.d}" ${look[shape.kind]}/>`;
}

const dir = path.resolve(import.meta.dirname, '../client/public/instruments');
let written = 0;
/** One file per drawing style (server/db/sample/drawings.ts): a type, or a category drawn apart from its type. */
const STYLES = [
  ...INSTRUMENT_TYPES.filter((t) => !FIRST_DRAWN.has(t)).map((type) => ({
    style: type,
    type,
    category: undefined,
    name: typeLabel(type),
  })),
  {
    style: 'hammered-dulcimer',
    type: 'dulcimer',
    category: 'hammered',
    name: describeKind('dulcimer', 'hammered'),
  },
] as const;
for (const { style, type, category, name } of STYLES)
  for (const [wood, [light, mid, dark]] of Object.entries(WOODS)) {
    const label = `Drawing of a ${name.toLowerCase()} in ${wood}`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img" aria-label="${label}">
<title>${label}</title>
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbf6ef"/><stop offset="1" stop-color="#f1e2cc"/></linearGradient>
<radialGradient id="wood" cx="0.4" cy="0.4" r="0.7"><stop offset="0" stop-color="${light}"/><stop offset="0.75" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></radialGradient>
</defs>
<rect width="400" height="300" fill="url(#bg)"/>
<ellipse cx="200" cy="${type === 'harp' ? 274 : 262}" rx="170" ry="10" fill="${INK}" opacity="0.12"/>
<g stroke-linecap="round" stroke-linejoin="round">${instrumentDrawing(type, category)
      .map((s) => shapeSvg(s, mid))
      .join('')}</g>
</svg>
`;
    fs.writeFileSync(path.join(dir, `${style}-${wood}.svg`), svg);
    written++;
  }
console.log(`wrote ${written} drawings to ${dir}`);
