import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaStore } from './media-store';
import { repoRoot } from '../paths';

// Open Graph previews of shared pages are PNG: social sites do not render SVG.

export const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export const clip = (value: string, max: number) =>
  value.length > max ? `${value.slice(0, max - 1)}…` : value;

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

/** 1200×630: the picture (an SVG drawing is rasterised) on the left, the title, a subtitle and a badge on the right. */
export async function openGraphPng(
  photo: Buffer | null,
  facts: { kicker: string; title: string; subtitle: string | null; badge: string | null },
): Promise<Buffer> {
  const layers: sharp.OverlayOptions[] = [];
  if (photo) {
    const picture = await sharp(photo, { density: 150 })
      .resize(560, 630, { fit: 'contain', background: '#f5efe6' })
      .png()
      .toBuffer()
      .catch(() => null);
    if (picture) layers.push({ input: picture, left: 0, top: 0 });
  }
  const text = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="630">
  <style>text{font-family:'DejaVu Sans',Arial,sans-serif;fill:#2b1d12}</style>
  <text x="40" y="90" font-size="26" fill="#7a5a3a">${escapeXml(clip(facts.kicker, 40))}</text>
  <text x="40" y="200" font-size="48" font-weight="bold">${escapeXml(clip(facts.title, 22))}</text>
  ${facts.subtitle ? `<text x="40" y="260" font-size="30">${escapeXml(clip(facts.subtitle, 32))}</text>` : ''}
  ${
    facts.badge
      ? `<rect x="40" y="430" width="560" height="110" rx="14" fill="#2b1d12"/>
  <text x="320" y="503" font-size="52" font-family="DejaVu Sans Mono,monospace" text-anchor="middle" style="fill:#f5efe6">${escapeXml(clip(facts.badge, 18))}</text>`
      : ''
  }
</svg>`;
  layers.push({ input: Buffer.from(text), left: 560, top: 0 });
  return sharp({ create: { width: 1200, height: 630, channels: 3, background: '#f5efe6' } })
    .composite(layers)
    .png()
    .toBuffer();
}
