import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../server/env';

// The README is what a newcomer reads first: it stays short, its configuration table names every variable the
// server reads (and none it does not), and no link in it or in docs/ leads nowhere.
const root = path.resolve(import.meta.dirname, '..');
const README = path.join(root, 'README.md');
const README_MAX_BYTES = 12 * 1024;

function markdownFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join(root, 'docs', file));
  return [README, path.join(root, 'SECURITY.md'), ...docs];
}

/** GitHub's heading anchors: lower case, punctuation dropped (but - and _), spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}

/** Every relative link of a markdown file, outside code: [text](target) with no scheme. */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** The variables named in the first column of README's "Configuration" table. */
function configurationVariables(readme: string): string[] {
  const section = readme.split(/^## Configuration\s*$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|')[1]?.trim() ?? '')
    .map((cell) => /^`([A-Z][A-Z0-9_]*)`$/.exec(cell)?.[1])
    .filter((name): name is string => Boolean(name));
}

/** The variables server/env.ts reads: its schema's keys, and any it reads from the environment directly. */
function variablesReadByEnv(): string[] {
  const source = fs.readFileSync(path.join(root, 'server/env.ts'), 'utf8');
  const direct = [...source.matchAll(/(?:process\.env|source|cleaned)\.([A-Z][A-Z0-9_]*)/g)].map(
    (m) => m[1] ?? '',
  );
  return [...new Set([...Object.keys(envSchema.shape), ...direct])].sort();
}

describe('the README and docs/', () => {
  it('keeps the README at most 12 KB', () => {
    expect(fs.statSync(README).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('links only to files (and headings) that exist', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      for (const link of relativeLinks(fs.readFileSync(file, 'utf8'))) {
        const [target = '', anchor] = link.split('#');
        const resolved = target ? path.resolve(path.dirname(file), decodeURIComponent(target)) : file;
        const where = `${path.relative(root, file)} → ${link}`;
        if (!fs.existsSync(resolved)) broken.push(`${where} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) {
          broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("names every variable server/env.ts reads in the README's configuration table, and no other", () => {
    const table = configurationVariables(fs.readFileSync(README, 'utf8'));
    expect(new Set(table).size).toBe(table.length);
    expect([...table].sort()).toEqual(variablesReadByEnv());
  });

  it('finds the links and table rows it checks', () => {
    expect(relativeLinks('see [a](docs/a.md#x), [b](https://x.org) and `[c](d.md)`')).toEqual([
      'docs/a.md#x',
    ]);
    const readme =
      '## Configuration\n\n| variable | default |\n| -- | -- |\n| `PORT` | `3000` |\n\n## Next\n| `NOT` | x |';
    expect(configurationVariables(readme)).toEqual(['PORT']);
    expect(anchorOf('Demo accounts (not `NODE_ENV`)')).toBe('demo-accounts-not-node_env');
  });
});
