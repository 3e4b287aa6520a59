import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { voidCredentials } from '../../plugins/credentials-epoch';
import { hashToken } from '../../plugins/sessions';

export const RESET_TTL_MS = 60 * 60 * 1000;

/** Creates a single-use reset token for the account with this email; null when there is none. */
export async function createResetToken(
  db: Db,
  email: string,
): Promise<{ token: string; displayName: string } | null> {
  const [user] = await db
    .select({ id: users.id, displayName: users.displayName, epoch: users.credentialsEpoch })
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
      epoch: user.epoch,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
  });
  return { token, displayName: user.displayName };
}

/** The link was made under the account's current credentials epoch. */
const underCurrentEpoch = sql`${passwordResets.epoch} = (select ${users.credentialsEpoch} from ${users} where ${users.id} = ${passwordResets.userId})`;

/**
 * Whether a reset token is usable right now ('voided': a password change, reset or "sign out everywhere" came
 * after it); checked before any password is hashed.
 */
export async function resetTokenState(db: Db, token: string): Promise<'valid' | 'invalid' | 'voided'> {
  const now = new Date();
  const [row] = await db
    .select({ current: sql<boolean>`${passwordResets.epoch} = ${users.credentialsEpoch}` })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.id, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return 'invalid';
  return row.current ? 'valid' : 'voided';
}

/**
 * Uses a reset token: marks it used, sets the new hash and ends every session and mailed link, in one
 * transaction; returns the
 * account's id, or null for an unusable token.
 * The conditional update makes the token single-use even when two requests race.
 */
export async function consumeResetToken(
  db: Db,
  token: string,
  passwordHash: string,
): Promise<{ userId: string; epoch: number } | null> {
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
          underCurrentEpoch,
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return null;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, reset.userId));
    const epoch = await voidCredentials(tx, reset.userId, null);
    // Other outstanding links for this account stop working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    return { userId: reset.userId, epoch };
  });
}
