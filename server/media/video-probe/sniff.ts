/**
 * What a file that is neither MP4 nor WebM is, from its first bytes, so the refusal can name it: "This file is a
 * PDF document". Null when nothing is recognised.
 */
export function sniffOther(head: Buffer): string | null {
  const ascii = (start: number, end: number) => head.toString('latin1', start, end);
  if (ascii(0, 5) === '%PDF-') return 'a PDF document';
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG') return 'a PNG image';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'a JPEG image';
  if (ascii(0, 4) === 'GIF8') return 'a GIF image';
  if (ascii(0, 4) === 'RIFF') {
    const kind = ascii(8, 12);
    if (kind === 'AVI ') return 'an AVI video';
    if (kind === 'WAVE') return 'a WAV sound file';
    if (kind === 'WEBP') return 'a WebP image';
  }
  if (ascii(0, 4) === 'OggS') return 'an Ogg file';
  if (ascii(0, 4) === 'fLaC') return 'a FLAC sound file';
  if (ascii(0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0))
    return 'an MP3 sound file';
  if (ascii(0, 4) === 'PK\x03\x04') return 'a ZIP archive (or an office document)';
  if (head[0] === 0x47 && head.length > 188 && head[188] === 0x47) return 'an MPEG transport stream';
  if (head.length > 0 && looksLikeText(head)) return 'a text file';
  return null;
}

/** Valid UTF-8 without control characters other than tab, line feed, carriage return and form feed. */
function looksLikeText(head: Buffer): boolean {
  for (const byte of head) if (byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(byte)) return false;
  try {
    // Streaming: a multi-byte character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}
