// The bench's people: learners enrolled in course-1 with live sessions, written straight into the database.
// Signing up through the API would cost an argon2 hash each and trip the 5-per-hour register limit; these
// rows are what a sign-up and a sign-in leave behind (a user, a session holding the token's SHA-256).
import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { enrollments, lessons, sessions, users } from '../server/db/schema';
import { SESSION_COOKIE, SESSION_TTL_MS, hashToken } from '../server/plugins/sessions';

export const BENCH_COURSE = 'course-1';

export interface Learner {
  cookie: string;
  /** The course-1 lesson this learner's progress saves go to. */
  lessonId: string;
}

export interface People {
  /** The signed-in reader of the outline and auth/me rows; never one of the writers. */
  reader: Learner;
  /** Writers for W, each saving progress on their own lesson. */
  writers: Learner[];
  lessonIds: string[];
}

/** Adds `writers + 1` learners enrolled in course-1, each with a session; returns their cookies. */
export async function seedPeople(db: Db, writers: number): Promise<People> {
  const lessonIds = (
    await db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.courseId, BENCH_COURSE))
      .orderBy(asc(lessons.orderIndex))
  ).map((l) => l.id);
  if (!lessonIds.length) throw new Error(`${BENCH_COURSE} has no lessons: is the sample content loaded?`);
  const tag = crypto.randomBytes(3).toString('hex');
  const count = writers + 1;
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
  const people = rows.map((_, i) => ({
    cookie: `${SESSION_COOKIE}=${tokens[i]!}`,
    lessonId: lessonIds[i % lessonIds.length]!,
  }));
  return { reader: people[0]!, writers: people.slice(1), lessonIds };
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
