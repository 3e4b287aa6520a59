import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { learningDays, users } from '../../db/schema';

/** The calendar day (YYYY-MM-DD) of an instant in a time zone; an unknown zone falls back to UTC. */
export function dayIn(timeZone: string, at: Date): string {
  const format = (tz: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

const previousDay = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Consecutive active days ending today, or ending yesterday when today has no activity yet (a streak is not
 * lost before the day is over). `days` must be sorted newest first.
 */
export function streakFrom(days: string[], today: string): number {
  let expected = days[0] === today ? today : previousDay(today);
  let streak = 0;
  for (const day of days) {
    if (day > expected) continue;
    if (day !== expected) break;
    streak += 1;
    expected = previousDay(expected);
  }
  return streak;
}

export async function userTimeZone(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ tz: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.tz ?? 'UTC';
}

/** Marks today (in the learner's zone) as a learning day; called by every progress save. */
export async function recordLearningDay(db: Db, userId: string, timeZone: string, at: Date): Promise<void> {
  await db
    .insert(learningDays)
    .values({ userId, day: dayIn(timeZone, at) })
    .onConflictDoNothing();
}

export async function currentStreak(db: Db, userId: string, now = new Date()): Promise<number> {
  const today = dayIn(await userTimeZone(db, userId), now);
  const rows = await db
    .select({ day: learningDays.day })
    .from(learningDays)
    .where(and(eq(learningDays.userId, userId), lte(learningDays.day, today)))
    .orderBy(desc(learningDays.day))
    .limit(400);
  return streakFrom(
    rows.map((r) => r.day),
    today,
  );
}
