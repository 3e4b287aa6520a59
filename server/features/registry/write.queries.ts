import { and, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { createInstrumentSchema } from '../../../contract/registry';
import type { Db } from '../../db/client';
import { createInstrument, today } from '../../db/builders/registry';
import { certificates, courses, shops, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/sessions';

export async function shopOf(db: Db, userId: string) {
  const [shop] = await db.select().from(shops).where(eq(shops.ownerId, userId));
  return shop ?? null;
}

/** A shop by its registry handle, or null. */
export async function shopByHandle(db: Db, slug: string) {
  const [shop] = await db.select().from(shops).where(eq(shops.slug, slug));
  return shop ?? null;
}

/** An email or handle (with or without @) to a person; null when nobody matches. */
export async function findRecipient(db: Db, recipient: string) {
  const value = recipient.trim().toLowerCase();
  const byEmail = value.includes('@') && !value.startsWith('@');
  const [row] = await db
    .select({ id: users.id, email: users.email, displayName: users.displayName, location: users.location })
    .from(users)
    .where(byEmail ? eq(users.email, value) : eq(users.handle, value.replace(/^@/, '')));
  return { user: row ?? null, email: byEmail ? value : (row?.email ?? null), byEmail };
}

type CreateInput = z.output<typeof createInstrumentSchema>;

/**
 * Whether a maker may say an instrument was built in a course: the certificate is theirs and its course builds
 * an instrument.
 */
export async function ownBuildCertificate(db: Db, userId: string, certificateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(
      and(eq(certificates.id, certificateId), eq(certificates.userId, userId), isNotNull(courses.builds)),
    );
  return Boolean(row);
}

/**
 * Creates the passport owned by its maker. A first owner named at registration is never assigned here: they get
 * an offer to accept, like any transfer, and the maker owns the instrument until they do.
 */
export async function registerInstrument(
  db: Db,
  maker: SessionUser,
  shop: { id: string; location: string | null },
  input: CreateInput,
) {
  const { firstOwner: _f, firstOwnerMethod: _m, certificateId, ...fields } = input;
  return db.transaction(async (tx) => {
    const built = {
      userId: maker.id,
      ownerName: maker.displayName,
      location: shop.location,
      startDate: today(),
    };
    return createInstrument(tx, {
      ...fields,
      builtInCertificateId: certificateId ?? null,
      makerShopId: shop.id,
      actorId: maker.id,
      history: [built],
    });
  });
}
