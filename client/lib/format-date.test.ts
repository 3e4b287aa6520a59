import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './format-date';

const CLIENT = join(import.meta.dirname, '..');
/** The one file allowed to format dates itself. */
const HOME = 'lib/format-date.ts';

/** Ways of turning a date into text that bypass the product's one date style. */
const RAW_DATE_TEXT: [name: string, pattern: RegExp][] = [
  ['toLocaleDateString', /\.toLocaleDateString\(/],
  ['toLocaleTimeString', /\.toLocaleTimeString\(/],
  ['toISOString().slice', /toISOString\(\)\s*\.\s*(slice|substring|substr|split)\(/],
  ['Date toLocaleString', /\.toLocaleString\([^)]*(dateStyle|timeStyle|month|weekday|hour)/],
  ['new Intl.DateTimeFormat', /new Intl\.DateTimeFormat\(/],
];

const rawDateText = (source: string) =>
  RAW_DATE_TEXT.filter(([, pattern]) => pattern.test(source)).map(([name]) => name);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'public' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('one date style', () => {
  it('formatDay writes the day and month in words in the reader locale, and a bare day never moves', () => {
    const inLocale = (iso: string) =>
      new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(iso),
      );
    expect(formatDay('2026-03-05T10:00:00Z')).toBe(inLocale('2026-03-05T10:00:00Z'));
    expect(formatDay('2026-03-05')).toBe(
      new Intl.DateTimeFormat(undefined, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date('2026-03-05T00:00:00Z')),
    );
    expect(formatDay('2026-03-05')).toMatch(/March/);
    expect(formatDateTime(new Date())).toMatch(/[A-Z][a-z]+/);
    expect(formatDateTime('2020-03-05T10:00:00Z')).toMatch(/March.*2020|2020.*March/);
    expect(formatDateTime(new Date())).not.toMatch(String(new Date().getFullYear()));
  });

  it('the detector finds each raw way of printing a date', () => {
    expect(rawDateText('x = new Date(at).toLocaleDateString()')).toEqual(['toLocaleDateString']);
    expect(rawDateText('d.toISOString().slice(0, 10)')).toEqual(['toISOString().slice']);
    expect(rawDateText("d.toLocaleString(undefined, { month: 'short' })")).toEqual(['Date toLocaleString']);
    expect(rawDateText("new Intl.DateTimeFormat('en', {})")).toEqual(['new Intl.DateTimeFormat']);
    // Numbers may be formatted in place.
    expect(rawDateText("total.toLocaleString('en-US')")).toEqual([]);
  });

  it('no client code prints a date except through lib/format-date.ts', () => {
    const found = sources(CLIENT)
      .map((path) => [relative(CLIENT, path), rawDateText(readFileSync(path, 'utf8'))] as const)
      .filter(([path, hits]) => path !== HOME && hits.length > 0)
      .map(([path, hits]) => `${path}: ${hits.join(', ')}`);
    expect(found).toEqual([]);
  });
});
