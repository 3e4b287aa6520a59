import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Comments stand on their own: the specification and the issue tracker live outside this repository, so a
// comment (or a test's name) that says "seed §5", "product.md" or "issue 13" sends the next engineer to a
// document they may not have. The rule is stated in place, or in a decision record under docs/decisions/.
const root = path.resolve(import.meta.dirname, '..');
// Code only: decision records may say which request a decision answered.
const DIRS = ['client', 'server', 'contract', 'scripts', 'bench', 'e2e'];
const OUTSIDE = /\bseed §\s*\d|\bproduct\.md\b|\bissues? #?\d{1,3}\b/i;

function files(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(tsx?|mjs)$/.test(f) && !f.includes('node_modules'))
    .map((f) => path.join(dir, f));
}

describe('comments', () => {
  it('cite nothing outside the repository', () => {
    const found: string[] = [];
    for (const file of DIRS.flatMap(files)) {
      if (file === path.join('scripts', 'comments.test.ts')) continue;
      fs.readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
