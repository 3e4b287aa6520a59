import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { svgLine, svgWrap } from '../typeset/svg-text';
import type { MediaStore } from './media-store';
import { repoRoot } from '../paths';

// Open Graph previews of shared pages are PNG: social sites do not render SVG.

/** The text panel on the right: 640 wide, text from x = 40 to 600. */
const TEXT = { left: 40, width: 560 };

/** The panel's text, drawn as outlines of the fonts it is measured with: a long title wraps to two lines, "…". */
export interface OpenGraphFacts {
  kicker: string;
  title: string;
  subtitle: string | null;
  badge: string | null;
}

function textPanel(facts: OpenGraphFacts) {
  const { left: x, width } = TEXT;
  const parts = [
    svgLine(svgWrap(facts.kicker, width, 26, 'sans', 1)[0]!, { x, y: 90, size: 26, fill: '#7a5a3a' }),
  ];
  let y = 180;
  for (const line of svgWrap(facts.title, width, 48, 'sans-bold', 2)) {
    parts.push(svgLine(line, { x, y, size: 48, style: 'sans-bold', fill: '#2b1d12' }));
    y += 58;
  }
  if (facts.subtitle)
    for (const line of svgWrap(facts.subtitle, width, 30, 'sans', 2)) {
      parts.push(svgLine(line, { x, y: y + 6, size: 30, fill: '#2b1d12' }));
      y += 38;
    }
  if (facts.badge) {
    const badge = svgWrap(facts.badge, 520, 52, 'mono', 1)[0]!;
    parts.push(`<rect x="40" y="430" width="560" height="110" rx="14" fill="#2b1d12"/>`);
    parts.push(
      svgLine(badge, { x: 320, y: 503, size: 52, style: 'mono', fill: '#f5efe6', anchor: 'middle' }),
    );
  }
  return parts.join('\n  ');
}

/** The right-hand panel of a share image (640×630), its text as outlines. */
export const openGraphTextSvg = (facts: OpenGraphFacts) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="630" viewBox="0 0 640 630">
  ${textPanel(facts)}
</svg>`;

/** Static drawings shipped with the app (sample content) live in the client's public folder. */
const publicDir = path.join(repoRoot, 'client/public');

/** The bytes of a photo URL this app serves itself: an uploaded media variant or a static drawing. */
export async function photoBytes(media: MediaStore, url: string): Promise<Buffer | null> {
  const upload = /^\/media\/([0-9a-f-]{36})\/(\d+)\.webp$/i.exec(url);
  if (upload) return media.read(upload[1]!, Number(upload[2]));
  if (!url.startsWith('/') || url.includes('..')) return null;
  const file = path.join(publicDir, url);
  if (!file.startsWith(publicDir + path.sep)) return null;
  return fs.readFile(file).catch(() => null);
}

/**
 * What identifies a photo URL's bytes without reading them: an upload's variant is written once under its own id
 * and width, so its URL; a static drawing can change with a deployment, so its URL with its size and time.
 */
export async function photoIdentity(url: string): Promise<string | null> {
  if (/^\/media\/([0-9a-f-]{36})\/(\d+)\.webp$/i.test(url)) return url;
  if (!url.startsWith('/') || url.includes('..')) return null;
  const file = path.join(publicDir, url);
  if (!file.startsWith(publicDir + path.sep)) return null;
  const stat = await fs.stat(file).catch(() => null);
  return stat ? `${url} ${stat.size} ${stat.mtimeMs}` : null;
}

/** 1200×630: the picture (an SVG drawing is rasterised) on the left, the title, a subtitle and a badge on the right. */
export async function openGraphPng(photo: Buffer | null, facts: OpenGraphFacts): Promise<Buffer> {
  const layers: sharp.OverlayOptions[] = [];
  if (photo) {
    const picture = await sharp(photo, { density: 150 })
      .resize(560, 630, { fit: 'contain', background: '#f5efe6' })
      .png()
      .toBuffer()
      .catch(() => null);
    if (picture) layers.push({ input: picture, left: 0, top: 0 });
  }
  const text = openGraphTextSvg(facts);
  layers.push({ input: Buffer.from(text), left: 560, top: 0 });
  return sharp({ create: { width: 1200, height: 630, channels: 3, background: '#f5efe6' } })
    .composite(layers)
    .png()
    .toBuffer();
}
