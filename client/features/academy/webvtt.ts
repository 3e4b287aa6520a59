/** One caption: when it shows (seconds) and its text. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIME = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/;

function seconds(stamp: string): number | null {
  const m = TIME.exec(stamp.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/**
 * The cues of a WebVTT file, in order: enough of the format for the transcript under a lesson's video (timings,
 * text lines, optional cue identifiers; NOTE and STYLE blocks and cue settings are skipped, tags removed).
 */
export function parseWebVtt(text: string): Cue[] {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  if (!blocks[0]?.startsWith('WEBVTT')) return [];
  const cues: Cue[] = [];
  for (const block of blocks.slice(1)) {
    const lines = block.split('\n').filter((l) => l.length > 0);
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0 || /^(NOTE|STYLE|REGION)\b/.test(lines[0] ?? '')) continue;
    const [from, rest] = lines[at]!.split('-->');
    const start = seconds(from ?? '');
    const end = seconds((rest ?? '').trim().split(/\s+/)[0] ?? '');
    if (start === null || end === null) continue;
    const body = lines
      .slice(at + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .trim();
    if (body) cues.push({ start, end, text: body });
  }
  return cues;
}
