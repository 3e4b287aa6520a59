// A commit subject says what changed in at most 72 characters (docs/contributing.md). Two uses:
//   node scripts/commit-subjects.mjs                      every commit since the rule was adopted (CI: npm run check:commits)
//   node scripts/commit-subjects.mjs --message-file FILE  one message about to be committed (.githooks/commit-msg)
// `--base <rev> [--base-time <unix seconds>]` checks the commits after another one (the tests use it on a
// repository of their own; without that commit, the last 50 committed after the time).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

const MAX_SUBJECT = 72;
/** main's head when the rule was adopted: the commits before it were written without it. */
const RULE_BASE = '6ad2c4e274f0821eb3d44ad8856fdc12314bc26e';
/** RULE_BASE's committer date, for a clone too shallow to hold it. */
const RULE_BASE_TIME = Date.parse('2026-11-27T10:45:49Z') / 1000;
/** How far back a clone without the base commit looks. */
const FALLBACK_COMMITS = 50;

/** The subject as git shows it (%s): the first paragraph of the message, its lines joined by spaces. */
function subjectOf(message) {
  const lines = message.split('\n').filter((line) => !line.startsWith('#'));
  const start = lines.findIndex((line) => line.trim() !== '');
  if (start === -1) return '';
  const end = lines.findIndex((line, i) => i > start && line.trim() === '');
  return lines
    .slice(start, end === -1 ? undefined : end)
    .map((line) => line.trim())
    .join(' ');
}

/** A subject's length in characters as a person counts them (code points, not UTF-16 units or bytes). */
const subjectLength = (subject) => [...subject].length;

function git(args, cwd) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return { ok: result.status === 0, out: result.stdout ?? '' };
}

/**
 * The commits to check, as { hash, time, subject }: those after `base` on HEAD; when the clone does not hold
 * `base` (a shallow clone), the last FALLBACK_COMMITS committed after it.
 */
function commitsToCheck({ cwd = process.cwd(), base = RULE_BASE, baseTime = RULE_BASE_TIME } = {}) {
  const format = ['--format=%H%x00%ct%x00%s', '-z'];
  const hasBase = git(['cat-file', '-e', `${base}^{commit}`], cwd).ok;
  const range = hasBase ? [`${base}..HEAD`] : ['-n', String(FALLBACK_COMMITS), 'HEAD'];
  const log = git(['log', ...format, ...range], cwd);
  if (!log.ok) throw new Error(`git log failed in ${cwd}`);
  const fields = log.out.split('\0');
  const commits = [];
  for (let i = 0; i + 2 < fields.length; i += 3) {
    commits.push({ hash: fields[i].trim(), time: Number(fields[i + 1]), subject: fields[i + 2] });
  }
  return hasBase ? commits : commits.filter((commit) => commit.time > baseTime);
}

function longSubjects(commits) {
  return commits.filter((commit) => subjectLength(commit.subject) > MAX_SUBJECT);
}

function main(argv) {
  const fileAt = argv.indexOf('--message-file');
  if (fileAt !== -1) {
    const subject = subjectOf(fs.readFileSync(argv[fileAt + 1], 'utf8'));
    if (subjectLength(subject) <= MAX_SUBJECT) return 0;
    console.error(
      `The commit subject is ${subjectLength(subject)} characters; at most ${MAX_SUBJECT}. Say what in the ` +
        `subject, and the why and any figures in the body (after a blank line):\n  ${subject}`,
    );
    return 1;
  }
  const baseAt = argv.indexOf('--base');
  const timeAt = argv.indexOf('--base-time');
  const commits = commitsToCheck(
    baseAt === -1 ? {} : { base: argv[baseAt + 1], baseTime: timeAt === -1 ? 0 : Number(argv[timeAt + 1]) },
  );
  const long = longSubjects(commits);
  for (const commit of long) {
    console.error(
      `${commit.hash.slice(0, 10)}: ${subjectLength(commit.subject)} characters: ${commit.subject}`,
    );
  }
  if (long.length) {
    console.error(`${long.length} commit subject(s) longer than ${MAX_SUBJECT} characters.`);
    return 1;
  }
  console.log(`${commits.length} commit subject(s) checked: all at most ${MAX_SUBJECT} characters.`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main(process.argv.slice(2)));
