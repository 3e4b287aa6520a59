import crypto from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, passwordResets, sessions, users } from '../../db/schema';
import { hashToken } from '../../plugins/sessions';

export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export type EmailTokenPurpose = 'verify' | 'change';

/** A new single-use link for `email`; an earlier link of the same purpose stops working. */
export async function createEmailToken(
  db: Db,
  userId: string,
  email: string,
  purpose: EmailTokenPurpose,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
      );
    await tx.insert(emailTokens).values({
      id: hashToken(token),
      userId,
      email,
      purpose,
      expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS),
    });
  });
  return token;
}

export type EmailTokenResult =
  | { ok: true; userId: string; email: string; purpose: EmailTokenPurpose }
  | { ok: false; reason: 'invalid' | 'taken' };

/**
 * Follows a link: proves the address, and for a change makes it the account's email. A change also ends the
 * account's other sessions (all but `keepSessionId`) and every outstanding reset link, because whoever holds the
 * old address must not keep a way in. The conditional update makes the link single-use under races.
 * `onProven` runs in the same transaction once the address is the account's and proven.
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
  keepSessionId: string | null,
  onProven?: (tx: Db, userId: string, email: string) => Promise<void>,
): Promise<EmailTokenResult> {
  const now = new Date();
  const found = await db
    .select({ email: emailTokens.email, purpose: emailTokens.purpose })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(
      and(eq(emailTokens.id, hashToken(token)), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)),
    )
    .limit(1);
  const pending = found[0];
  if (!pending) return { ok: false, reason: 'invalid' };
  if (pending.purpose === 'change') {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, pending.email))
      .limit(1);
    if (other) return { ok: false, reason: 'taken' };
  }
  return db.transaction(async (tx): Promise<EmailTokenResult> => {
    const [claimed] = await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(eq(emailTokens.id, hashToken(token)), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)),
      )
      .returning({ userId: emailTokens.userId, email: emailTokens.email, purpose: emailTokens.purpose });
    if (!claimed) return { ok: false, reason: 'invalid' };
    if (claimed.purpose === 'verify') {
      // A sign-up link proves only the address it was sent to; after a change of address it proves nothing.
      const proved = await tx
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(eq(users.id, claimed.userId), eq(users.email, claimed.email)))
        .returning({ id: users.id });
      if (proved.length === 0) return { ok: false, reason: 'invalid' };
      await onProven?.(tx, claimed.userId, claimed.email);
      return { ok: true, ...claimed };
    }
    await tx
      .update(users)
      .set({ email: claimed.email, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, claimed.userId));
    await tx
      .delete(sessions)
      .where(
        keepSessionId
          ? and(eq(sessions.userId, claimed.userId), ne(sessions.id, keepSessionId))
          : eq(sessions.userId, claimed.userId),
      );
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, claimed.userId), isNull(emailTokens.usedAt)));
    await onProven?.(tx, claimed.userId, claimed.email);
    return { ok: true, ...claimed };
  });
}

/** True when the account has proven exactly this address (its current email, verified). */
export async function hasVerifiedEmail(db: Db, userId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(row?.verifiedAt) && row?.email === email.trim().toLowerCase();
}

export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? null;
}
