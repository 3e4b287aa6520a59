import crypto from 'node:crypto';
import { and, eq, gt, gte, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailChangeUndos, passwordResets, users } from '../../db/schema';
import { voidCredentials } from '../../plugins/credentials-epoch';
import { hashToken } from '../../plugins/sessions';

export const UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Made in the transaction that completes an email change; the link goes to `previousEmail`. */
export async function createUndoToken(
  tx: Db,
  userId: string,
  previousEmail: string,
  newEmail: string,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await tx.insert(emailChangeUndos).values({
    id: hashToken(token),
    userId,
    previousEmail,
    newEmail,
    expiresAt: new Date(Date.now() + UNDO_TTL_MS),
  });
  return token;
}

/**
 * Whether `email` belongs to another account, or is a previous address held for another account's undo link:
 * nobody may take an address its owner may still want back.
 */
export async function addressHeldForAnother(db: Db, email: string, userId: string | null): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(userId ? and(eq(users.email, email), ne(users.id, userId)) : eq(users.email, email))
    .limit(1);
  if (user) return true;
  const [held] = await db
    .select({ id: emailChangeUndos.id })
    .from(emailChangeUndos)
    .where(
      and(
        eq(emailChangeUndos.previousEmail, email),
        isNull(emailChangeUndos.usedAt),
        gt(emailChangeUndos.expiresAt, new Date()),
        ...(userId ? [ne(emailChangeUndos.userId, userId)] : []),
      ),
    )
    .limit(1);
  return Boolean(held);
}

const usable = (token: string, now: Date) =>
  and(
    eq(emailChangeUndos.id, hashToken(token)),
    isNull(emailChangeUndos.usedAt),
    gt(emailChangeUndos.expiresAt, now),
  );

/** Checked before any password is hashed, so a made-up token costs one indexed lookup. */
export async function isUndoTokenValid(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailChangeUndos.id })
    .from(emailChangeUndos)
    .where(usable(token, new Date()))
    .limit(1);
  return Boolean(row);
}

/**
 * Follows an undo link: the previous address comes back (proven: the link reached it), the password is replaced
 * by `lockedHash` (a hash of random bytes nobody knows, so whoever changed the address cannot sign in with the
 * password they used), every session and mailed link ends, and undo links of later changes die with it; undo
 * links of earlier changes stay, so the first owner's way back always wins. Single-use under races.
 */
export async function consumeUndoToken(
  db: Db,
  token: string,
  lockedHash: string,
): Promise<{ userId: string; email: string } | null> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(emailChangeUndos)
      .set({ usedAt: now })
      .where(usable(token, now))
      .returning({
        userId: emailChangeUndos.userId,
        previousEmail: emailChangeUndos.previousEmail,
        createdAt: emailChangeUndos.createdAt,
      });
    if (!claimed) return null;
    await tx
      .update(emailChangeUndos)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailChangeUndos.userId, claimed.userId),
          isNull(emailChangeUndos.usedAt),
          gte(emailChangeUndos.createdAt, claimed.createdAt),
        ),
      );
    await tx
      .update(users)
      .set({ email: claimed.previousEmail, emailVerifiedAt: now, passwordHash: lockedHash, updatedAt: now })
      .where(eq(users.id, claimed.userId));
    await voidCredentials(tx, claimed.userId, null);
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
    return { userId: claimed.userId, email: claimed.previousEmail };
  });
}
