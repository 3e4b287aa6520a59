// Draws the guitar body styles of the sample registry as SVG, one per wood: a classical guitar (slotted headstock,
// tie bridge, rosette), a solid-body electric (double cutaway, pickups, pickguard, six-in-line headstock) and an
// archtop (single cutaway, f-holes, floating bridge, trapeze tailpiece). The steel-string guitar, violin, mandolin
// and banjo drawings were drawn by hand in the same style (client/public/instruments/). Made for this project.
//   node scripts/draw-instruments.mjs     (writes client/public/instruments/{classical,electric,archtop}-*.svg)
import fs from 'node:fs';
import path from 'node:path';

const WOODS = {
  spruce: ['#ecc98b', '#c99a55', '#8a5a2b'],
  cedar: ['#c9804a', '#9c5a2c', '#5e3318'],
  maple: ['#dca35a', '#b0702f', '#6e3e16'],
  mahogany: ['#8e4b2c', '#6a3319', '#3b1a0b'],
};
const INK = '#3f2012';
const METAL = '#d9d3c7';
const STRING = '#e8e2d6';

const frets = (from, to, top, bottom, count) => {
  // Fret spacing shrinks toward the body as on a real neck (the 12th-root-of-2 rule, scaled to the drawing).
  const out = [];
  const scale = (to - from) / (1 - 2 ** (-count / 12));
  for (let n = 1; n <= count; n++) {
    const x = to - scale * (1 - 2 ** (-n / 12));
    out.push(
      `<line x1="${x.toFixed(1)}" y1="${top}" x2="${x.toFixed(1)}" y2="${bottom}" stroke="#c9c2b4" stroke-width="1"/>`,
    );
  }
  return out.join('');
};
const strings = (x1, x2, ys) =>
  ys
    .map((y) => `<line x1="${x1}" y1="${y}" x2="${x2}" y2="${y}" stroke="${STRING}" stroke-width="0.8"/>`)
    .join('');

function frame(name, label, [light, mid, dark], body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img" aria-label="${label}">
<title>${label}</title>
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbf6ef"/><stop offset="1" stop-color="#f1e2cc"/></linearGradient>
<radialGradient id="wood" cx="0.4" cy="0.4" r="0.7"><stop offset="0" stop-color="${light}"/><stop offset="0.75" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></radialGradient>
<linearGradient id="neck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5a3420"/><stop offset="0.5" stop-color="#3a2014"/><stop offset="1" stop-color="#5a3420"/></linearGradient>
</defs>
<rect width="400" height="300" fill="url(#bg)"/>
<ellipse cx="200" cy="262" rx="170" ry="10" fill="${INK}" opacity="0.12"/>
${body.replaceAll('$MID', mid).replaceAll('$DARK', dark)}
</svg>
`;
}

const classical = () =>
  [
    // A deeper waist and rounder bouts than the steel-string drawing; no pickguard.
    `<path d="M38 150 C38 82 92 66 128 90 C148 103 160 108 178 98 C205 82 252 90 256 150 C252 210 205 218 178 202 C160 192 148 197 128 210 C92 234 38 218 38 150 Z" fill="url(#wood)" stroke="${INK}" stroke-width="3"/>`,
    // Rosette: the sound hole inside a mosaic ring.
    `<circle cx="176" cy="150" r="30" fill="none" stroke="#2b170d" stroke-width="6" stroke-dasharray="3 2"/>`,
    `<circle cx="176" cy="150" r="34" fill="none" stroke="${INK}" stroke-width="1.2"/>`,
    `<circle cx="176" cy="150" r="21" fill="#24140b" stroke="$DARK" stroke-width="3"/>`,
    // Tie bridge: a long bar with the tie block behind the saddle.
    `<rect x="86" y="124" width="22" height="52" rx="4" fill="#2b170d"/><rect x="100" y="126" width="3" height="48" fill="${METAL}"/>`,
    // A wide, flat neck joining at the 12th fret.
    `<rect x="208" y="137" width="126" height="26" fill="url(#neck)"/>`,
    frets(208, 334, 137, 163, 12),
    // Slotted headstock: two windows, rollers across them, buttons out to the sides.
    `<path d="M332 134 L384 130 C389 130 391 133 391 137 L391 163 C391 167 389 170 384 170 L332 166 Z" fill="$MID" stroke="${INK}" stroke-width="2"/>`,
    `<rect x="342" y="139" width="40" height="7" rx="3" fill="#24140b"/><rect x="342" y="154" width="40" height="7" rx="3" fill="#24140b"/>`,
    [348, 361, 374]
      .map(
        (x) =>
          `<ellipse cx="${x}" cy="126" rx="4" ry="3" fill="#f3ede2" stroke="${INK}"/><ellipse cx="${x}" cy="174" rx="4" ry="3" fill="#f3ede2" stroke="${INK}"/>`,
      )
      .join(''),
    strings(102, 386, [142, 146, 150, 154, 158]),
    `<line x1="102" y1="139" x2="386" y2="139" stroke="${STRING}" stroke-width="0.8"/>`,
  ].join('');

const electric = () =>
  [
    // Double cutaway: two horns reach along the neck.
    `<path d="M40 150 C40 92 78 78 112 94 C130 102 146 100 160 88 C176 74 206 70 222 90 C228 100 214 112 214 130 L214 137 L232 137 L232 163 L214 163 L214 170 C214 190 230 200 222 212 C206 232 176 226 160 212 C146 200 130 198 112 206 C78 222 40 208 40 150 Z" fill="url(#wood)" stroke="${INK}" stroke-width="3"/>`,
    // Pickguard.
    `<path d="M72 176 C70 150 96 118 142 112 C176 108 200 118 204 136 L204 164 C196 188 150 196 112 200 C90 202 74 194 72 176 Z" fill="#f4efe6" stroke="${INK}" stroke-width="1.2" opacity="0.95"/>`,
    // Two pickups with their pole pieces, the bridge, and volume / tone knobs.
    [128, 172]
      .map(
        (x) =>
          `<rect x="${x}" y="130" width="14" height="40" rx="3" fill="#1f1f1f"/>` +
          [136, 142, 148, 154, 160, 166]
            .map((y) => `<circle cx="${x + 7}" cy="${y - 1}" r="1.6" fill="#bdbdbd"/>`)
            .join(''),
      )
      .join(''),
    `<rect x="88" y="132" width="14" height="36" rx="2" fill="#a7a39b" stroke="${INK}"/>`,
    [
      [96, 192],
      [122, 198],
      [148, 200],
    ]
      .map(
        ([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="#f4efe6" stroke="${INK}" stroke-width="1.2"/>`,
      )
      .join(''),
    `<path d="M52 200 L62 196" stroke="${METAL}" stroke-width="3" stroke-linecap="round"/>`,
    // A slim neck with 21 frets to the body and dot inlays.
    `<rect x="214" y="140" width="124" height="20" fill="url(#neck)"/>`,
    frets(214, 338, 140, 160, 21),
    // Six-in-line headstock.
    `<path d="M336 138 C350 134 364 124 380 124 C392 124 394 134 388 142 C382 150 380 156 378 162 L336 162 Z" fill="$MID" stroke="${INK}" stroke-width="2"/>`,
    [344, 352, 360, 368, 376, 384]
      .map(
        (x, i) =>
          `<circle cx="${x - i * 1.5}" cy="${131 + i * 0.6}" r="2.6" fill="${METAL}" stroke="${INK}" stroke-width="0.6"/>`,
      )
      .join(''),
    strings(95, 380, [142.5, 145.5, 148.5, 151.5, 154.5, 157.5]),
  ].join('');

const archtop = () =>
  [
    // A big carved body with one cutaway below the neck.
    `<path d="M30 150 C30 74 92 58 134 86 C152 98 166 100 184 90 C220 72 262 92 264 140 L264 150 C262 172 256 186 242 190 C236 180 228 170 218 172 C214 196 194 218 170 210 C154 204 144 200 128 212 C90 238 30 224 30 150 Z" fill="url(#wood)" stroke="${INK}" stroke-width="3"/>`,
    `<path d="M40 150 C40 84 94 70 132 94 C150 106 166 108 184 98 C214 84 252 100 254 146" fill="none" stroke="$DARK" stroke-width="1.5" opacity="0.5"/>`,
    // f-holes, one each side of the strings.
    [112, 188]
      .map(
        (y) =>
          `<path d="M118 ${y} C130 ${y + (y < 150 ? -8 : 8)} 150 ${y + (y < 150 ? 8 : -8)} 166 ${y}" fill="none" stroke="#1c0f08" stroke-width="4" stroke-linecap="round"/>` +
          `<circle cx="116" cy="${y}" r="3" fill="#1c0f08"/><circle cx="168" cy="${y}" r="3" fill="#1c0f08"/>`,
      )
      .join(''),
    // Floating pickguard, floating bridge, trapeze tailpiece.
    `<path d="M172 166 C194 164 214 168 222 176 C212 188 190 190 174 184 Z" fill="#2a1b12" opacity="0.85"/>`,
    `<rect x="116" y="130" width="8" height="40" rx="2" fill="#2b170d"/><rect x="112" y="126" width="16" height="6" rx="2" fill="#2b170d"/><rect x="112" y="168" width="16" height="6" rx="2" fill="#2b170d"/>`,
    `<path d="M34 146 L34 154 L70 162 L70 138 Z" fill="#c8b68c" stroke="${INK}" stroke-width="1.2"/>`,
    `<rect x="226" y="139" width="108" height="22" fill="url(#neck)"/>`,
    frets(226, 334, 139, 161, 14),
    [250, 274, 296, 316].map((x) => `<rect x="${x}" y="146" width="5" height="8" fill="#f3ede2"/>`).join(''),
    // A three-a-side headstock with an inlay.
    `<path d="M332 134 L372 126 C384 124 390 130 390 138 L390 162 C390 170 384 176 372 174 L332 166 Z" fill="#1f140d" stroke="${INK}" stroke-width="2"/>`,
    `<path d="M352 150 L362 142 L372 150 L362 158 Z" fill="#f3ede2" opacity="0.8"/>`,
    [344, 360, 376]
      .map(
        (x) =>
          `<circle cx="${x}" cy="131" r="3" fill="${METAL}"/><circle cx="${x}" cy="169" r="3" fill="${METAL}"/>`,
      )
      .join(''),
    strings(70, 384, [143, 146.5, 150, 153.5, 157]),
    `<line x1="70" y1="139.5" x2="384" y2="139.5" stroke="${STRING}" stroke-width="0.8"/>`,
  ].join('');

const STYLES = {
  classical: ['classical guitar', classical],
  electric: ['solid-body electric guitar', electric],
  archtop: ['archtop guitar', archtop],
};

const dir = path.resolve(import.meta.dirname, '../client/public/instruments');
for (const [style, [what, draw]] of Object.entries(STYLES))
  for (const [wood, palette] of Object.entries(WOODS)) {
    const label = `Drawing of a ${what} in ${wood}`;
    fs.writeFileSync(path.join(dir, `${style}-${wood}.svg`), frame(style, label, palette, draw()));
  }
console.log(`wrote ${Object.keys(STYLES).length * Object.keys(WOODS).length} drawings to ${dir}`);
