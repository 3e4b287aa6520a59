// The bench's people: learners enrolled in course-1 with live sessions, written straight into the database.
// Signing up through the API would cost an argon2 hash each and trip the 5-per-hour register limit; these
// rows are what a sign-up and a sign-in leave behind (a user, a session holding the token's SHA-256).
import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { enrollments, lessonProgress, lessons, sessions, users } from '../server/db/schema';
import { SESSION_COOKIE, SESSION_TTL_MS, hashToken } from '../server/plugins/sessions';

export const BENCH_COURSE = 'course-1';

export interface Learner {
  cookie: string;
  /** The course-1 lesson this learner's progress saves go to (one the course has opened to them). */
  lessonId: string;
}

export interface People {
  /** The signed-in reader of the outline and auth/me rows; never one of the writers. */
  reader: Learner;
  /** Writers for W, each saving progress on their own record of a free lesson. */
  writers: Learner[];
  /**
   * Writers for W's adversarial saves: they have completed course-1 up to its longest lesson, whose record
   * their saves of scattered fragments go to.
   */
  fragmentWriters: Learner[];
  lessonIds: string[];
}

/** `count` learners enrolled in course-1, each with a session. */
async function seedLearners(db: Db, count: number) {
  const tag = crypto.randomBytes(3).toString('hex');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench-${tag}-${i}@example.test`,
        // Never signed in with: the session below is the only way in.
        passwordHash: '!bench',
        displayName: `Bench Learner ${i}`,
        firstName: 'Bench',
        lastName: `Learner ${i}`,
        onboardingComplete: true,
      })),
    )
    .returning({ id: users.id });
  const tokens = rows.map(() => crypto.randomBytes(32).toString('base64url'));
  await db.insert(sessions).values(
    rows.map((r, i) => ({
      id: hashToken(tokens[i]!),
      userId: r.id,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    })),
  );
  await db.insert(enrollments).values(rows.map((r) => ({ userId: r.id, courseId: BENCH_COURSE })));
  return rows.map((r, i) => ({ userId: r.id, cookie: `${SESSION_COOKIE}=${tokens[i]!}` }));
}

/**
 * Adds `writers + 1` learners on course-1's free lessons (open to anyone, in any order) and `writers` more who
 * have completed it up to its longest lesson; returns their cookies.
 */
export async function seedPeople(db: Db, writers: number): Promise<People> {
  const all = await db
    .select({ id: lessons.id, free: lessons.isFree, minutes: lessons.durationMinutes })
    .from(lessons)
    .where(eq(lessons.courseId, BENCH_COURSE))
    .orderBy(asc(lessons.orderIndex));
  const lessonIds = all.map((l) => l.id);
  const free = all.filter((l) => l.free).map((l) => l.id);
  if (!free.length) throw new Error(`${BENCH_COURSE} has no free lessons: is the sample content loaded?`);
  const people = (await seedLearners(db, writers + 1)).map((p, i) => ({
    cookie: p.cookie,
    lessonId: free[i % free.length]!,
  }));
  const longest = all.reduce((a, b) => (b.minutes > a.minutes ? b : a));
  const before = all.slice(0, all.indexOf(longest));
  const fragmenters = await seedLearners(db, writers);
  const done = new Date();
  for (let i = 0; i < fragmenters.length; i += 500)
    await db.insert(lessonProgress).values(
      fragmenters.slice(i, i + 500).flatMap((p) =>
        before.map((l) => ({
          userId: p.userId,
          lessonId: l.id,
          courseId: BENCH_COURSE,
          progressPercent: 100,
          timeSpentSeconds: l.minutes * 60,
          watchedRanges: [[0, l.minutes * 60]] as [number, number][],
          completed: true,
          completedAt: done,
        })),
      ),
    );
  return {
    reader: people[0]!,
    writers: people.slice(1),
    fragmentWriters: fragmenters.map((p) => ({ cookie: p.cookie, lessonId: longest.id })),
    lessonIds,
  };
}

/** Fragments in one adversarial save: the most a body may carry. */
export const FRAGMENTS_PER_SAVE = 500;

/**
 * An adversarial save: 500 quarter-second fragments a quarter-second apart (none touching, none mergeable), the
 * most scattered ranges one body may carry, on a lesson long enough to hold them.
 */
export function fragmentBody(save: number): string {
  return JSON.stringify({
    videoProgressSeconds: 0,
    eventData: {
      totalTime: 30 * (1 + save),
      ranges: Array.from({ length: FRAGMENTS_PER_SAVE }, (_, j) => [j * 0.5, j * 0.5 + 0.25]),
    },
  });
}

/**
 * The body of one progress save: a position half a minute further each time, as the player sends, with the
 * half minute just played as a watched range (so the server merges ranges on every save).
 */
export function progressBody(save: number, withRanges = true): string {
  const seconds = 30 * (1 + (save % 10));
  return JSON.stringify({
    videoProgressSeconds: seconds,
    eventData: withRanges
      ? { totalTime: seconds, ranges: [[seconds - 30, seconds]] }
      : { totalTime: seconds },
  });
}
