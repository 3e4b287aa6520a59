// WebVTT captions as an author uploads them (W3C WebVTT): checked line by line before they are stored, so what a
// learner's player reads is well-formed, lies inside the video and carries no markup beyond WebVTT's own.

const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
/** WebVTT's own cue text tags: class, italics, bold, underline, ruby, ruby text, voice, language. */
const TAG = [
  /^<(c|i|b|u|ruby|rt)(\.[\w-]+)*>$/,
  /^<(v|lang)(\.[\w-]+)*(?:[ \t][^<>"'=&]*)?>$/,
  /^<\/(c|i|b|u|ruby|rt|v|lang)>$/,
  /^<(\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}>$/,
];
const MAX_CUES = 20_000;

export type VttCheck = { ok: true; cues: number } | { ok: false; reason: string };

const refuse = (line: number, reason: string): VttCheck => ({ ok: false, reason: `Line ${line}: ${reason}` });

/** Milliseconds of a WebVTT timestamp (`mm:ss.ttt` or `hh:mm:ss.ttt`), or null. */
export function timestampMs(text: string): number | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  return ((Number(m[1] ?? 0) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]);
}

const clock = (ms: number) => {
  const s = ms / 1000;
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(3).padStart(6, '0')}`;
};

/** Checks a WebVTT file against a video of `durationMs`; the refusal names the line and what is wrong. */
export function checkWebVtt(text: string, durationMs: number): VttCheck {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? ''))
    return refuse(1, 'a WebVTT file starts with the line "WEBVTT".');
  let i = 1;
  // The header runs to the first blank line.
  while (i < lines.length && lines[i] !== '') {
    if (lines[i]!.includes('-->'))
      return refuse(i + 1, 'a blank line must separate the "WEBVTT" line from the first cue.');
    i++;
  }
  let cues = 0;
  let previousStart = -1;
  while (i < lines.length) {
    if (lines[i] === '') {
      i++;
      continue;
    }
    const start = i;
    const block: string[] = [];
    while (i < lines.length && lines[i] !== '') block.push(lines[i++]!);
    const first = block[0]!;
    if (/^NOTE(?:[ \t]|$)/.test(first)) continue;
    if (/^STYLE(?:[ \t]|$)/.test(first))
      return refuse(
        start + 1,
        'style blocks (CSS) are not accepted; captions are shown in the player’s own style.',
      );
    if (/^REGION(?:[ \t]|$)/.test(first) && cues === 0) continue;
    const timingAt = first.includes('-->') ? 0 : 1;
    const timing = block[timingAt];
    if (timing === undefined || !timing.includes('-->'))
      return refuse(
        start + 1 + timingAt,
        `expected a cue timing such as "00:01.000 --> 00:04.000", found "${(timing ?? first).slice(0, 60)}".`,
      );
    const lineNo = start + 1 + timingAt;
    const m = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+(.*))?$/.exec(timing);
    const from = m ? timestampMs(m[1]!) : null;
    const to = m ? timestampMs(m[2]!) : null;
    if (from === null || to === null)
      return refuse(
        lineNo,
        `the cue timing "${timing.slice(0, 60)}" is not two timestamps such as 00:01.000 --> 00:04.000.`,
      );
    if (to <= from) return refuse(lineNo, `the cue ends (${clock(to)}) before it starts (${clock(from)}).`);
    if (from < previousStart)
      return refuse(
        lineNo,
        `the cue starts at ${clock(from)}, before the cue above it (${clock(previousStart)}); cues must be in order.`,
      );
    if (to > durationMs)
      return refuse(lineNo, `the cue ends at ${clock(to)}, after the video does (${clock(durationMs)}).`);
    previousStart = from;
    for (let k = timingAt + 1; k < block.length; k++) {
      const payload = block[k]!;
      if (payload.includes('-->'))
        return refuse(start + 1 + k, 'a blank line must end each cue before the next timing.');
      for (const tag of payload.match(/<[^>]*>?/g) ?? []) {
        if (!TAG.some((allowed) => allowed.test(tag)))
          return refuse(
            start + 1 + k,
            `"${tag.slice(0, 40)}" is not WebVTT markup; captions may use only <b>, <i>, <u>, <c>, <v>, <lang>, <ruby>, <rt> and timestamps.`,
          );
      }
    }
    if (++cues > MAX_CUES) return refuse(lineNo, `a captions file may have at most ${MAX_CUES} cues.`);
  }
  return { ok: true, cues };
}
