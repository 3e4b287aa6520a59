import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

/**
 * Ends what a password vouched for: raises the account's credentials epoch, so every link mailed before (email
 * changes, verifications, resets) stops working, and ends every session but `keepSessionId`. Run it inside the
 * transaction that changes the password, so no link made under the old one can be used after it commits.
 * Returns the new epoch.
 */
export async function voidCredentials(tx: Db, userId: string, keepSessionId: string | null): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ credentialsEpoch: sql`${users.credentialsEpoch} + 1` })
    .where(eq(users.id, userId))
    .returning({ epoch: users.credentialsEpoch });
  const epoch = row?.epoch ?? 0;
  await tx
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
  // Sessions are checked against the epoch too (a sign-in racing this change cannot outlive it); the one kept
  // moves to the new epoch.
  if (keepSessionId)
    await tx
      .update(sessions)
      .set({ epoch })
      .where(and(eq(sessions.id, keepSessionId), eq(sessions.userId, userId)));
  return epoch;
}

/** The password hash and credentials epoch, read together: a link made after this check carries this epoch. */
export async function credentialsOf(db: Db, userId: string): Promise<{ hash: string; epoch: number } | null> {
  const [row] = await db
    .select({ hash: users.passwordHash, epoch: users.credentialsEpoch })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The message of a link voided by a newer password or by "sign out everywhere". */
export const VOIDED_LINK_MESSAGE =
  'This link no longer works: the password of this account was changed or reset, or every session was ended, after it was sent. Ask for a new one.';
