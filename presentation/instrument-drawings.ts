// One line drawing per instrument type, as plain shapes on a 400 × 300 canvas (the body to the left, the neck and
// head to the right, like the sample drawings in client/public/instruments/). The client draws them inline
// (client/components/instrument-drawing.tsx) and scripts/draw-families.ts writes the sample content's drawings of
// the newer types from the same shapes, in the four woods.
import type { InstrumentCategory, InstrumentType } from '../contract/registry-values';

/**
 * What a shape is decides how it is drawn, the same everywhere: a body is filled with wood and outlined with the
 * heavy stroke, a part (neck, head, bridge) filled darker with the middle stroke, a hole filled with ink, a line
 * drawn with the light stroke, a string with the finest.
 */
export type ShapeKind = 'body' | 'part' | 'hole' | 'line' | 'string';
export type Shape =
  { kind: ShapeKind; d: string } | { kind: ShapeKind; circle: readonly [cx: number, cy: number, r: number] };

const p = (kind: ShapeKind, d: string): Shape => ({ kind, d });
const c = (kind: ShapeKind, cx: number, cy: number, r: number): Shape => ({ kind, circle: [cx, cy, r] });
const n = (v: number) => String(Math.round(v * 10) / 10);
const rect = (kind: ShapeKind, x: number, y: number, w: number, h: number) =>
  p(kind, `M${n(x)} ${n(y)} L${n(x + w)} ${n(y)} L${n(x + w)} ${n(y + h)} L${n(x)} ${n(y + h)} Z`);
const line = (x1: number, y1: number, x2: number, y2: number, kind: ShapeKind = 'line') =>
  p(kind, `M${n(x1)} ${n(y1)} L${n(x2)} ${n(y2)}`);
/** Strings from x1 to x2 at these heights. */
const strings = (x1: number, x2: number, ys: readonly number[]) =>
  ys.map((y) => line(x1, y, x2, y, 'string'));
/** Frets between from (nut) and to, closer together towards the body as on a real neck (12th root of 2). */
function frets(nut: number, body: number, top: number, bottom: number, count: number) {
  const scale = (body - nut) / (1 - 2 ** (-count / 12));
  return Array.from({ length: count }, (_, i) => {
    const x = nut + (nut < body ? 1 : -1) * Math.abs(scale) * (1 - 2 ** (-(i + 1) / 12));
    return line(x, top, x, bottom);
  });
}
/** Moves and stretches a path of absolute M/L/C/Q commands about a centre (a bigger or narrower body). */
function stretch(d: string, sx: number, sy: number, cx = 200, cy = 150) {
  let i = 0;
  return d.replace(/-?\d+(\.\d+)?/g, (v) =>
    n(i++ % 2 === 0 ? cx + (Number(v) - cx) * sx : cy + (Number(v) - cy) * sy),
  );
}

// The violin family: the sample violin's outline, f-holes, fingerboard, bridge, tailpiece and scroll.
const VIOLIN_BODY =
  'M50 150 C50 95 85 82 115 92 C135 99 140 112 152 112 C160 112 162 104 175 102 C190 100 196 108 202 108 C214 108 218 95 238 92 C262 88 282 110 282 150 C282 190 262 212 238 208 C218 205 214 192 202 192 C196 192 190 200 175 198 C162 196 160 188 152 188 C140 188 135 201 115 208 C85 218 50 205 50 150 Z';
/** Sloping shoulders towards the neck: the double bass and the viola da gamba. */
const SLOPED_BODY =
  'M50 150 C50 92 88 80 118 92 C136 99 140 112 152 112 C162 112 166 104 180 104 C200 104 216 114 238 124 C264 134 284 140 286 150 C284 160 264 166 238 176 C216 186 200 196 180 196 C166 196 162 188 152 188 C140 188 136 201 118 208 C88 220 50 208 50 150 Z';
const fHoles = (x1: number, x2: number, dy: number) => [
  p('line', `M${x1} ${150 - dy} C${x1 + 10} ${146 - dy} ${x2 - 8} ${148 - dy} ${x2} ${144 - dy}`),
  p('line', `M${x1} ${150 + dy} C${x1 + 10} ${154 + dy} ${x2 - 8} ${152 + dy} ${x2} ${156 + dy}`),
  c('hole', x1 - 2, 150 - dy, 2.5),
  c('hole', x2 + 2, 144 - dy, 2.5),
  c('hole', x1 - 2, 150 + dy, 2.5),
  c('hole', x2 + 2, 156 + dy, 2.5),
];
const scrollHead = (x: number) => [
  rect('part', x, 142, 34, 16),
  c('part', x + 42, 150, 12),
  p(
    'line',
    `M${x + 42} 150 C${x + 42} 156 ${x + 48} 156 ${x + 48} 150 C${x + 48} 144 ${x + 40} 142 ${x + 37} 148`,
  ),
  ...[6, 15, 24].map((dx) => rect('part', x + dx, 134, 4, 32)),
];
function violinFamily(body: string, { endpin = false, frets: fretted = false, cHoles = false } = {}) {
  const shapes: Shape[] = [
    p('body', body),
    ...(cHoles
      ? [p('line', 'M150 122 C140 126 140 134 150 136'), p('line', 'M150 164 C140 166 140 174 150 178')]
      : fHoles(150, 178, 24)),
    p('part', 'M62 136 L100 140 L100 160 L62 164 Z'),
    p('part', 'M175 140 L330 144 L330 156 L175 160 Z'),
    rect('part', 158, 134, 5, 32),
    ...scrollHead(328),
    ...strings(100, 330, [146, 149, 152, 155]),
  ];
  if (endpin) shapes.push(line(50, 150, 16, 150, 'part'), c('hole', 16, 150, 2.5));
  if (fretted) shapes.push(...frets(326, 200, 144, 156, 7));
  return shapes;
}

// The sample steel-string guitar's outline; the others are drawn from it or beside it.
const GUITAR_BODY =
  'M40 150 C40 85 95 70 130 92 C150 104 165 108 180 100 C205 86 250 90 255 150 C250 210 205 214 180 200 C165 192 150 196 130 208 C95 230 40 215 40 150 Z';
const ELECTRIC_BODY =
  'M40 150 C40 92 78 78 112 94 C130 102 146 100 160 88 C176 74 206 70 222 90 C228 100 214 112 214 130 L214 170 C214 190 230 200 222 212 C206 232 176 226 160 212 C146 200 130 198 112 206 C78 222 40 208 40 150 Z';
/** A headstock from x with tuners a-side: `perSide` pegs above and below. */
function headstock(x: number, perSide: number, length = 48) {
  const pegs = Array.from(
    { length: perSide },
    (_, i) => x + 12 + (i * (length - 20)) / Math.max(perSide - 1, 1),
  );
  return [
    p(
      'part',
      `M${x} 136 L${x + length - 6} 131 L${x + length} 136 L${x + length} 164 L${x + length - 6} 169 L${x} 164 Z`,
    ),
    ...pegs.flatMap((px) => [c('part', px, 127, 3.5), c('part', px, 173, 3.5)]),
  ];
}
function guitar(category?: InstrumentCategory): Shape[] {
  if (category === 'electric')
    return [
      p('body', ELECTRIC_BODY),
      p(
        'line',
        'M72 176 C70 150 96 118 142 112 C176 108 200 118 204 136 L204 164 C196 188 150 196 112 200 C90 202 74 194 72 176 Z',
      ),
      rect('hole', 128, 130, 14, 40),
      rect('hole', 172, 130, 14, 40),
      rect('part', 88, 132, 14, 36),
      rect('part', 214, 140, 124, 20),
      ...frets(338, 214, 140, 160, 21),
      ...headstock(336, 3),
      ...strings(95, 380, [143, 147, 151, 155, 158]),
    ];
  return [
    p('body', GUITAR_BODY),
    c('hole', 175, 150, 22),
    c('line', 175, 150, 28),
    rect('part', 92, 128, 12, 44),
    rect('part', 205, 139, 130, 22),
    ...frets(335, 205, 139, 161, 12),
    ...headstock(333, 3),
    ...strings(98, 384, [143, 146.5, 150, 153.5, 157]),
  ];
}
const bassGuitar = (): Shape[] => [
  p('body', ELECTRIC_BODY),
  p(
    'line',
    'M72 176 C70 150 96 118 142 112 C176 108 200 118 204 136 L204 164 C196 188 150 196 112 200 C90 202 74 194 72 176 Z',
  ),
  rect('hole', 140, 132, 16, 36),
  rect('part', 84, 134, 14, 32),
  rect('part', 214, 142, 140, 16),
  ...frets(354, 214, 142, 158, 20),
  p('part', 'M352 138 L394 132 L394 168 L352 162 Z'),
  ...[364, 380].flatMap((x) => [c('part', x, 128, 4), c('part', x, 172, 4)]),
  ...strings(90, 390, [145, 148.5, 151.5, 155]),
];
const ukulele = (): Shape[] => [
  p('body', stretch(GUITAR_BODY, 0.72, 0.66, 40)),
  c('hole', 137, 150, 15),
  rect('part', 80, 134, 9, 32),
  rect('part', 178, 142, 110, 16),
  ...frets(288, 178, 142, 158, 12),
  ...headstock(286, 2, 40),
  ...strings(86, 324, [145, 148.5, 151.5, 155]),
];

/** A teardrop body (mandolin, bouzouki), widest near the tail. */
const teardrop = (x0: number, x1: number, h: number) =>
  `M${x0} 150 C${x0} ${150 - h * 0.8} ${x0 + (x1 - x0) * 0.45} ${150 - h} ${x0 + (x1 - x0) * 0.65} ${150 - h * 0.82} C${x0 + (x1 - x0) * 0.85} ${150 - h * 0.6} ${x1} ${150 - h * 0.2} ${x1} 150 C${x1} ${150 + h * 0.2} ${x0 + (x1 - x0) * 0.85} ${150 + h * 0.6} ${x0 + (x1 - x0) * 0.65} ${150 + h * 0.82} C${x0 + (x1 - x0) * 0.45} ${150 + h} ${x0} ${150 + h * 0.8} ${x0} 150 Z`;
const mandolin = (): Shape[] => [
  p('body', teardrop(44, 224, 64)),
  c('hole', 168, 150, 15),
  p('part', 'M52 142 L80 144 L80 156 L52 158 Z'),
  rect('part', 104, 136, 7, 28),
  rect('part', 214, 142, 110, 16),
  ...frets(324, 214, 142, 158, 12),
  ...headstock(322, 4, 56),
  ...strings(80, 374, [145, 148.5, 151.5, 155]),
];
const bouzouki = (): Shape[] => [
  p('body', teardrop(40, 200, 58)),
  c('hole', 150, 150, 14),
  rect('part', 86, 136, 7, 28),
  rect('part', 192, 143, 150, 14),
  ...frets(342, 192, 143, 157, 18),
  ...headstock(340, 4, 50),
  ...strings(60, 386, [145.5, 148.5, 151.5, 154.5]),
];
/** A pear-shaped, round-backed body with a rose, and the pegbox bent back (lute, oud). */
function bentNeck({
  neckEnd,
  fretted,
  roses,
}: {
  neckEnd: number;
  fretted: boolean;
  roses: readonly (readonly [number, number, number])[];
}): Shape[] {
  return [
    p(
      'body',
      'M30 150 C30 84 92 68 142 84 C186 98 220 128 232 150 C220 172 186 202 142 216 C92 232 30 216 30 150 Z',
    ),
    ...roses.flatMap(([x, y, r]) => [c('line', x, y, r), c('hole', x, y, r * 0.7)]),
    rect('part', 74, 138, 8, 24),
    p('part', `M226 143 L${neckEnd} 144 L${neckEnd} 156 L226 157 Z`),
    ...(fretted ? frets(neckEnd, 228, 144, 156, 8) : []),
    p('part', `M${neckEnd} 144 L${neckEnd + 58} 188 L${neckEnd + 48} 198 L${neckEnd} 156 Z`),
    ...[14, 26, 38, 50].flatMap((dx) => [
      c('part', neckEnd + dx, 150 + dx * 0.76 - 9, 3.5),
      c('part', neckEnd + dx - 2, 150 + dx * 0.76 + 13, 3.5),
    ]),
    ...strings(78, neckEnd, [146, 149, 152, 155]),
  ];
}
const banjo = (): Shape[] => [
  c('body', 110, 150, 84),
  c('line', 110, 150, 72),
  ...Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    return c('part', 110 + Math.cos(a) * 78, 150 + Math.sin(a) * 78, 2.5);
  }),
  p('part', 'M40 144 L82 146 L82 154 L40 156 Z'),
  rect('part', 120, 138, 6, 24),
  rect('part', 194, 142, 140, 16),
  ...frets(334, 194, 142, 158, 16),
  c('part', 262, 166, 3.5),
  ...headstock(332, 2, 44),
  ...strings(82, 376, [145, 148.5, 151.5, 155]),
  line(262, 157, 126, 157, 'string'),
];
/** The harp stands up: pillar in front, neck on top, strings down to the soundboard. */
function harp(): Shape[] {
  const neckY = (x: number) => {
    const t = (x - 100) / 212;
    return (1 - t) ** 2 * 52 + 2 * t * (1 - t) * 40 + t ** 2 * 72;
  };
  const boardY = (x: number) => 262 - ((x - 130) * 190) / 178;
  return [
    p('body', 'M118 264 L300 66 L322 80 L148 270 Z'),
    rect('part', 92, 52, 14, 214),
    p('part', 'M92 48 Q200 30 322 66 L318 82 Q200 50 106 62 Z'),
    rect('part', 84, 262, 72, 10),
    ...Array.from({ length: 12 }, (_, i) => 120 + i * 15).map((x) =>
      line(x, neckY(x) + 10, x, boardY(x) - 4, 'string'),
    ),
    ...[150, 190, 230].map((x) => c('hole', x + 6, boardY(x) + 14, 4)),
  ];
}
const hurdyGurdy = (): Shape[] => [
  p('body', stretch(GUITAR_BODY, 1.02, 0.92, 40)),
  // The wheel under its cover near the tail, the crank beyond it.
  p('part', 'M70 126 C70 112 100 112 100 126 L100 174 C100 188 70 188 70 174 Z'),
  line(40, 150, 20, 150, 'part'),
  line(20, 150, 20, 200, 'part'),
  c('part', 20, 204, 6),
  // The keybox along the strings, with its keys.
  rect('part', 120, 132, 170, 36),
  ...Array.from({ length: 9 }, (_, i) => rect('line', 130 + i * 17, 168, 8, 10)),
  rect('part', 290, 140, 44, 20),
  ...scrollHead(334).slice(0, 1),
  c('part', 376, 150, 12),
  ...strings(100, 334, [137, 141]),
  c('hole', 205, 115, 6),
  c('hole', 205, 185, 6),
];
/** The Appalachian (mountain) dulcimer: an hourglass box with a fretboard along its whole length, heart holes. */
const mountainDulcimer = (): Shape[] => [
  p(
    'body',
    'M40 150 C40 116 82 110 120 122 C150 131 170 131 200 121 C250 105 330 112 340 150 C330 188 250 195 200 179 C170 169 150 169 120 178 C82 190 40 184 40 150 Z',
  ),
  p('line', 'M124 128 C118 120 108 126 116 134 L124 140 L132 134 C140 126 130 120 124 128 Z'),
  p('line', 'M124 162 C118 154 108 160 116 168 L124 174 L132 168 C140 160 130 154 124 162 Z'),
  rect('part', 56, 142, 300, 16),
  ...frets(356, 60, 142, 158, 14),
  p('part', 'M356 140 L382 138 L382 162 L356 160 Z'),
  c('part', 388, 150, 9),
  ...[364, 374].flatMap((x) => [c('part', x, 132, 3.5), c('part', x, 168, 3.5)]),
  ...strings(50, 380, [146, 150, 154]),
];

/**
 * The hammered dulcimer, seen from the player: a trapezoid box with pin rails along its slanted sides, two roses,
 * courses across it over a treble and a bass bridge, and the two hammers that strike them. No neck at all, so it
 * shares nothing with the mountain dulcimer but the name.
 */
function hammeredDulcimer(): Shape[] {
  const [top, bottom, inset] = [85, 215, 50];
  const left = (y: number) => 50 + ((bottom - y) * inset) / (bottom - top);
  const right = (y: number) => 350 - ((bottom - y) * inset) / (bottom - top);
  const courses = Array.from({ length: 12 }, (_, i) => 96 + i * 10);
  const hammer = (x: number, y: number, dx: number) => [
    line(x, y, x + dx, y - 10, 'part'),
    p(
      'part',
      `M${x + dx - 3} ${y - 16} L${x + dx + 9} ${y - 12} L${x + dx + 7} ${y - 6} L${x + dx - 5} ${y - 10} Z`,
    ),
  ];
  return [
    p('body', `M50 ${bottom} L350 ${bottom} L300 ${top} L100 ${top} Z`),
    p('part', `M50 ${bottom} L100 ${top} L112 ${top} L62 ${bottom} Z`),
    p('part', `M350 ${bottom} L300 ${top} L288 ${top} L338 ${bottom} Z`),
    c('line', 205, 122, 15),
    c('hole', 205, 122, 9),
    c('line', 205, 178, 15),
    c('hole', 205, 178, 9),
    ...courses.map((y) => line(left(y) + 12, y, right(y) - 12, y, 'string')),
    rect('part', 148, 91, 6, 118),
    rect('part', 262, 91, 6, 118),
    ...courses.map((y) => c('hole', 151, y, 1.2)),
    ...hammer(120, 250, 70),
    ...hammer(210, 252, 70),
  ];
}

/** The drawing of a type; a guitar's follows its category where the body differs (solid-body electric), and a
 * dulcimer's always does: the hammered and the mountain dulcimer are different instruments. */
export function instrumentDrawing(type: InstrumentType, category?: InstrumentCategory): readonly Shape[] {
  switch (type) {
    case 'guitar':
      return guitar(category);
    case 'bass-guitar':
      return bassGuitar();
    case 'ukulele':
      return ukulele();
    case 'violin':
      return violinFamily(VIOLIN_BODY);
    case 'viola':
      return violinFamily(stretch(VIOLIN_BODY, 1.04, 1.06, 166));
    case 'cello':
      return violinFamily(stretch(VIOLIN_BODY, 1.04, 1.18, 166), { endpin: true });
    case 'double-bass':
      return violinFamily(stretch(SLOPED_BODY, 1.02, 1.22, 168), { endpin: true });
    case 'viola-da-gamba':
      return violinFamily(stretch(SLOPED_BODY, 1, 1.1, 168), { frets: true, cHoles: true });
    case 'mandolin':
      return mandolin();
    case 'bouzouki':
      return bouzouki();
    case 'lute':
      return bentNeck({ neckEnd: 300, fretted: true, roses: [[150, 150, 22]] });
    case 'oud':
      return bentNeck({
        neckEnd: 290,
        fretted: false,
        roses: [
          [150, 150, 18],
          [118, 124, 8],
          [118, 176, 8],
        ],
      });
    case 'banjo':
      return banjo();
    case 'harp':
      return harp();
    case 'hurdy-gurdy':
      return hurdyGurdy();
    case 'dulcimer':
      return category === 'hammered' ? hammeredDulcimer() : mountainDulcimer();
  }
}
