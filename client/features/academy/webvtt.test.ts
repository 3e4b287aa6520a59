import { describe, expect, it } from 'vitest';
import { parseWebVtt } from './webvtt';

describe('parseWebVtt', () => {
  it('reads timings and text, joins lines, drops tags, notes and cue settings', () => {
    const vtt = [
      'WEBVTT',
      '',
      'NOTE made for the project',
      '',
      'intro',
      '00:00.000 --> 00:04.500 line:90%',
      'Choosing <b>tonewood</b>',
      'for a guitar top.',
      '',
      '01:02:03.250 --> 01:02:05.000',
      'Late cue',
      '',
    ].join('\r\n');
    expect(parseWebVtt(vtt)).toEqual([
      { start: 0, end: 4.5, text: 'Choosing tonewood for a guitar top.' },
      { start: 3723.25, end: 3725, text: 'Late cue' },
    ]);
  });

  it('reads nothing from a file that is not WebVTT', () => {
    expect(parseWebVtt('<!doctype html><p>Not found</p>')).toEqual([]);
  });
});
