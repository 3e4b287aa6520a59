import { and, desc, eq, lte, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { learningDays, users } from '../../db/schema';

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting with it, and every
 * outline and progress save asks for a day. Only zones the runtime accepts are kept (an unknown one throws
 * first); the runtime ignores their case, so the map is also emptied should it ever pass MAX_DAY_FORMATS.
 */
const MAX_DAY_FORMATS = 1000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormats.size >= MAX_DAY_FORMATS) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone; an unknown zone falls back to UTC. */
export function dayIn(timeZone: string, at: Date): string {
  try {
    return dayFormat(timeZone).format(at);
  } catch {
    return dayFormat('UTC').format(at);
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

/**
 * Marks today (in the learner's zone) as a learning day; every progress save runs it (awaited alone, or inside a
 * larger statement).
 */
export const learningDayInsert = (db: Db, userId: string, timeZone: string, at: Date) =>
  db
    .insert(learningDays)
    .values({ userId, day: dayIn(timeZone, at) })
    .onConflictDoNothing();

/** How many of the most recent days a streak is computed from. */
const STREAK_WINDOW = 400;

/**
 * The latest calendar day anywhere on Earth right now (UTC+14): no learner's "today" is later. Reading the days
 * up to it lets one query fetch them before the learner's time zone is known.
 */
export const latestDayAnywhere = (at: Date) => dayIn('Etc/GMT-14', at);

/**
 * A learner's most recent learning days up to `latestDay` (latestDayAnywhere(now)), newest first, as a JSON array: a column
 * for a query that reads other things too. streakFromRecent() turns it into the streak.
 */
export const recentDaysSql = (userId: SQLWrapper | string, latestDay: SQLWrapper | string) =>
  sql<string[]>`(select coalesce(json_agg(d.day order by d.day desc), '[]'::json) from (
    select ${learningDays.day} as day from ${learningDays}
    where ${learningDays.userId} = ${userId} and ${learningDays.day} <= ${latestDay}
    order by ${learningDays.day} desc limit ${STREAK_WINDOW + 2}) d)`;

/**
 * The same streak as currentStreak() from recentDaysSql's days: "today" in the learner's zone is at most two
 * calendar days before latestDayAnywhere, so after dropping later days the window still holds STREAK_WINDOW.
 */
export function streakFromRecent(days: string[], timeZone: string, now: Date): number {
  const today = dayIn(timeZone, now);
  return streakFrom(days.filter((day) => day <= today).slice(0, STREAK_WINDOW), today);
}

export async function currentStreak(db: Db, userId: string, now = new Date()): Promise<number> {
  const today = dayIn(await userTimeZone(db, userId), now);
  const rows = await db
    .select({ day: learningDays.day })
    .from(learningDays)
    .where(and(eq(learningDays.userId, userId), lte(learningDays.day, today)))
    .orderBy(desc(learningDays.day))
    .limit(STREAK_WINDOW);
  return streakFrom(
    rows.map((r) => r.day),
    today,
  );
}
