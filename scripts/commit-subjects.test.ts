import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The subject rule is only worth something if the CI check and the hook refuse a long subject: each case runs
// them, as CI and git do, on a repository of its own.
const root = path.resolve(import.meta.dirname, '..');
const checker = path.join(root, 'scripts/commit-subjects.mjs');
const hook = path.join(root, '.githooks/commit-msg');
const SHORT = 'Add the shop cover';
const LONG = 'Add the shop cover, re-encoded at three widths with its location data removed, to Settings';
const EXACTLY_72 = 'x'.repeat(71) + 'é';

const repos: string[] = [];
afterEach(() => {
  for (const dir of repos.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function newRepo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-subjects-'));
  repos.push(dir);
  run('git', ['init', '-q', '-b', 'main'], dir);
  run('git', ['config', 'user.email', 'test@example.com'], dir);
  run('git', ['config', 'user.name', 'Test'], dir);
  run('git', ['config', 'commit.gpgsign', 'false'], dir);
  return dir;
}

/** Commits with `subject` (and a body), dated `time` (unix seconds) when given; returns its hash. */
function commit(dir: string, subject: string, time?: number): string {
  const date =
    time === undefined ? {} : { GIT_COMMITTER_DATE: `@${time} +0000`, GIT_AUTHOR_DATE: `@${time} +0000` };
  const made = run('git', ['commit', '-q', '--allow-empty', '-m', subject, '-m', 'The why.'], dir, date);
  expect(made.status, made.output).toBe(0);
  return run('git', ['rev-parse', 'HEAD'], dir).output.trim();
}

const check = (dir: string, ...args: string[]) => run('node', [checker, ...args], dir);

describe('commit subjects (npm run check:commits)', () => {
  it('passes subjects of at most 72 characters after the base, and fails a longer one, naming it', () => {
    const dir = newRepo();
    commit(dir, LONG); // before the base: written before the rule
    const base = commit(dir, SHORT);
    commit(dir, EXACTLY_72);
    expect(check(dir, '--base', base).status).toBe(0);

    const long = commit(dir, LONG);
    const result = check(dir, '--base', base);
    expect(result.status).toBe(1);
    expect(result.output).toContain(long.slice(0, 10));
    expect(result.output).toContain(`${[...LONG].length} characters`);
  });

  it('counts a merge commit, whose default subject passes', () => {
    const dir = newRepo();
    const base = commit(dir, SHORT);
    run('git', ['checkout', '-q', '-b', 'side'], dir);
    commit(dir, 'Side work');
    run('git', ['checkout', '-q', 'main'], dir);
    commit(dir, 'Main work');
    expect(run('git', ['merge', '-q', '--no-edit', 'side'], dir).status).toBe(0);
    expect(check(dir, '--base', base).output).toContain('3 commit subject(s) checked'); // side, main and the merge;
    expect(check(dir, '--base', base).status).toBe(0);
  });

  it('without the base commit (a shallow clone) checks the last 50 committed after its time', () => {
    const dir = newRepo();
    const missing = 'f'.repeat(40);
    commit(dir, LONG, 1_000);
    commit(dir, SHORT, 3_000);
    expect(check(dir, '--base', missing, '--base-time', '2000').status).toBe(0);
    commit(dir, LONG, 4_000);
    expect(check(dir, '--base', missing, '--base-time', '2000').status).toBe(1);
  });
});

describe('the commit-msg hook', () => {
  it('refuses a commit whose subject is longer than 72 characters, and takes a short one', () => {
    const dir = newRepo();
    run('git', ['config', 'core.hooksPath', path.dirname(hook)], dir);
    const refused = run('git', ['commit', '--allow-empty', '-m', LONG], dir);
    expect(refused.status).not.toBe(0);
    expect(refused.output).toContain('at most 72');
    expect(run('git', ['rev-list', '--all', '--count'], dir).output.trim()).toBe('0');

    expect(
      run('git', ['commit', '-q', '--allow-empty', '-m', EXACTLY_72, '-m', 'The why.'], dir).status,
    ).toBe(0);
  });

  it('reads the subject as git does: comments skipped, its first paragraph joined', () => {
    const dir = newRepo();
    const file = path.join(dir, 'MSG');
    fs.writeFileSync(
      file,
      `# a comment git strips\n\n${SHORT}\n\nA body line far longer than the subject may be ${'x'.repeat(80)}\n`,
    );
    expect(run(hook, [file], dir).status).toBe(0);
    fs.writeFileSync(file, `${SHORT}\n${SHORT}, continued on a second line of the same paragraph\n`);
    expect(run(hook, [file], dir).status).toBe(1);
  });
});
