import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, sessions, users } from '../../db/schema';
import { hashToken } from '../../plugins/sessions';

export const RESET_TTL_MS = 60 * 60 * 1000;

/** Creates a single-use reset token for the account with this email; null when there is none. */
export async function createResetToken(
  db: Db,
  email: string,
): Promise<{ token: string; displayName: string } | null> {
  const [user] = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user) return null;
  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  await db.transaction(async (tx) => {
    // Only the newest link works: an older one left in a mailbox is no longer a way in.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      id: hashToken(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
  });
  return { token, displayName: user.displayName };
}

/** Whether a reset token is usable right now; checked before any password is hashed. */
export async function isResetTokenValid(db: Db, token: string): Promise<boolean> {
  const now = new Date();
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.id, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Uses a reset token: marks it used, sets the new hash and ends every session, in one transaction; returns the
 * account's id, or null for an unusable token.
 * The conditional update makes the token single-use even when two requests race.
 */
export async function consumeResetToken(db: Db, token: string, passwordHash: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.id, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return null;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, reset.userId));
    await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
    // Other outstanding links for this account stop working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    return reset.userId;
  });
}
