import crypto from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, passwordResets, sessions, users } from '../../db/schema';
import { hashToken } from '../../plugins/sessions';
import { addressHeldForAnother, createUndoToken } from './email-undo.queries';

export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export type EmailTokenPurpose = 'verify' | 'change';

/**
 * A new single-use link for `email`; an earlier link of the same purpose stops working. `epoch` is the credentials
 * epoch the request was authorised under (read with the password it checked); without it, the current one.
 */
export async function createEmailToken(
  db: Db,
  userId: string,
  email: string,
  purpose: EmailTokenPurpose,
  epoch?: number,
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
      epoch: epoch ?? sql`(select ${users.credentialsEpoch} from ${users} where ${users.id} = ${userId})`,
      expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS),
    });
  });
  return token;
}

export type EmailTokenResult =
  | {
      ok: true;
      userId: string;
      email: string;
      purpose: EmailTokenPurpose;
      /** For a change: the address it replaced, and the link (mailed there) that undoes it. */
      undo?: { previousEmail: string; displayName: string; token: string };
    }
  | { ok: false; reason: 'invalid' | 'taken' | 'voided' };

/** The link was made under the account's current credentials epoch. */
const underCurrentEpoch = sql`${emailTokens.epoch} = (select ${users.credentialsEpoch} from ${users} where ${users.id} = ${emailTokens.userId})`;

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
    .select({
      userId: emailTokens.userId,
      email: emailTokens.email,
      purpose: emailTokens.purpose,
      current: sql<boolean>`${emailTokens.epoch} = ${users.credentialsEpoch}`,
    })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(
      and(eq(emailTokens.id, hashToken(token)), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)),
    )
    .limit(1);
  const pending = found[0];
  if (!pending) return { ok: false, reason: 'invalid' };
  if (!pending.current) return { ok: false, reason: 'voided' };
  if (pending.purpose === 'change' && (await addressHeldForAnother(db, pending.email, pending.userId)))
    return { ok: false, reason: 'taken' };
  return db.transaction(async (tx): Promise<EmailTokenResult> => {
    const [claimed] = await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.id, hashToken(token)),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
          underCurrentEpoch,
        ),
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
    const [before] = await tx
      .select({ email: users.email, displayName: users.displayName })
      .from(users)
      .where(eq(users.id, claimed.userId))
      .for('update');
    if (!before) return { ok: false, reason: 'invalid' };
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
    const undoToken = await createUndoToken(tx, claimed.userId, before.email, claimed.email);
    return {
      ok: true,
      ...claimed,
      undo: { previousEmail: before.email, displayName: before.displayName, token: undoToken },
    };
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
