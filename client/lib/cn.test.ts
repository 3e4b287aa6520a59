import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, mergeClasses } from './cn';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every class-like word in the string literals of client/ (ids and other words come along; they must be kept). */
function classesInSources(): string[] {
  const files = fs
    .readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('lib/cn.ts'));
  const found = new Set<string>();
  for (const file of files) {
    const source = fs.readFileSync(path.join(clientDir, file), 'utf8');
    for (const match of source.matchAll(/(["'`])((?:(?!\1)[^\n\\])*)\1/g)) {
      const words = match[2]!.split(/\s+/).filter(Boolean);
      if (words.length && words.every((w) => /^!?[a-z\-[@*][\w\-:[\]&/.%()=>#,*!]*$/i.test(w)))
        words.forEach((w) => found.add(w));
    }
  }
  return [...found].sort();
}

describe('cn', () => {
  it('joins conditional classes like clsx', () => {
    expect(cn('a', false, null, undefined, ['b', { c: true, d: false }])).toBe('a b c');
  });

  it('lets a later class replace an earlier one of the same family, per variant', () => {
    expect(cn('rounded-xl border border-stone-200 bg-white', 'border-wood-300 bg-wood-50')).toBe(
      'rounded-xl border border-wood-300 bg-wood-50',
    );
    expect(cn('p-5 pt-0', 'pt-5')).toBe('p-5 pt-5');
    expect(cn('pt-5', 'p-5')).toBe('p-5');
    expect(cn('text-sm text-stone-600', 'text-2xl text-wood-900')).toBe('text-2xl text-wood-900');
    expect(cn('justify-center', 'justify-start justify-self-start')).toBe('justify-start justify-self-start');
    expect(cn('hover:bg-stone-100 bg-white', 'bg-red-700')).toBe('hover:bg-stone-100 bg-red-700');
    expect(cn('disabled:opacity-60', 'opacity-70')).toBe('disabled:opacity-60 opacity-70');
  });

  it('keeps classes it does not know', () => {
    expect(cn('shop-name', 'shop-year', 'shop-name')).toBe('shop-name shop-year shop-name');
  });

  // The guarantee that lets it replace tailwind-merge: on every pair of classes written in client/, in either
  // order, it keeps exactly what tailwind-merge keeps. A pair decides everything, since a class is dropped only
  // when a later class of a conflicting family follows it. A word neither of them knows (a repeated one stays
  // twice) conflicts with nothing, so only the known ones need pairing.
  it('agrees with tailwind-merge on every pair of classes used in client/', () => {
    const known = (merge: (list: string) => string, c: string) => merge(`${c} ${c}`) === c;
    const words = classesInSources();
    expect(words.filter((c) => known(twMerge, c) !== known(mergeClasses, c))).toEqual([]);
    const classes = words.filter((c) => known(twMerge, c));
    expect(classes.length).toBeGreaterThan(300);
    const disagreements: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        if (a === b) continue;
        const list = `${a} ${b}`;
        const [ours, theirs] = [mergeClasses(list), twMerge(list)];
        if (ours !== theirs && disagreements.length < 20)
          disagreements.push(`"${list}": cn "${ours}", tailwind-merge "${theirs}"`);
      }
    }
    expect(disagreements).toEqual([]);
    // Half a million pairs: several seconds of CPU, longer than the default when the machine is shared.
  }, 60_000);
});
