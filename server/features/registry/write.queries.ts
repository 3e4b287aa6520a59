import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { buildFieldsSchema, createInstrumentSchema } from '../../../contract/registry';
import type { Db } from '../../db/client';
import { createInstrument, today } from '../../db/builders/registry';
import { instruments, shops, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/sessions';
import type { FoundInstrument } from './detail.queries';
import { recordPassportEvent } from '../../log/passport-events';

export async function shopOf(db: Db, userId: string) {
  const [shop] = await db.select().from(shops).where(eq(shops.ownerId, userId));
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
  return { user: row ?? null, email: byEmail ? value : (row?.email ?? null) };
}

type CreateInput = z.output<typeof createInstrumentSchema>;

/** Creates the passport with the maker as first owner, or hands it straight to a person who has an account. */
export async function registerInstrument(
  db: Db,
  maker: SessionUser & { location?: string | null },
  shop: { id: string; location: string | null },
  input: CreateInput,
  firstOwner: { id: string; displayName: string; location: string | null } | null,
) {
  const { firstOwner: _f, firstOwnerMethod, ...fields } = input;
  return db.transaction(async (tx) => {
    const built = {
      userId: maker.id,
      ownerName: maker.displayName,
      location: shop.location,
      startDate: today(),
    };
    const history = firstOwner
      ? [
          { ...built, endDate: today() },
          {
            userId: firstOwner.id,
            ownerName: firstOwner.displayName,
            location: firstOwner.location,
            startDate: today(),
            acquisitionMethod: firstOwnerMethod ?? 'commission',
          },
        ]
      : [built];
    return createInstrument(tx, { ...fields, makerShopId: shop.id, actorId: maker.id, history });
  });
}

type BuildFields = z.output<typeof buildFieldsSchema>;
const EDITABLE = [
  'name',
  'instrumentType',
  'category',
  'model',
  'serialNumber',
  'bodyWood',
  'neckWood',
  'fretboardWood',
  'finishType',
  'numberOfStrings',
  'scaleLength',
  'description',
  'yearMade',
  'estimatedValue',
  'condition',
] as const satisfies readonly (keyof BuildFields)[];

/** Applies the maker's edit and logs every changed field (old → new) in the same transaction. */
export async function editInstrument(
  db: Db,
  found: FoundInstrument,
  actorId: string,
  input: Partial<BuildFields>,
) {
  const changes: { field: string; from: unknown; to: unknown }[] = [];
  const patch: Partial<BuildFields> = {};
  for (const field of EDITABLE) {
    if (!(field in input)) continue;
    const to = input[field] ?? null;
    const from = found.instrument[field] ?? null;
    if (to === from) continue;
    changes.push({ field, from, to });
    Object.assign(patch, { [field]: to });
  }
  if (!changes.length) return 0;
  await db.transaction(async (tx) => {
    await tx
      .update(instruments)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(instruments.id, found.instrument.id));
    await recordPassportEvent(tx, {
      instrumentId: found.instrument.id,
      actorId,
      type: 'edited',
      data: { changes },
    });
  });
  return changes.length;
}

/** Stolen or recovered, with its event. */
export async function setStatus(db: Db, found: FoundInstrument, actorId: string, stolen: boolean) {
  await db.transaction(async (tx) => {
    await tx
      .update(instruments)
      .set({ status: stolen ? 'stolen' : 'active', updatedAt: new Date() })
      .where(eq(instruments.id, found.instrument.id));
    await recordPassportEvent(tx, {
      instrumentId: found.instrument.id,
      actorId,
      type: stolen ? 'reported_stolen' : 'recovered',
      data: {},
    });
  });
}
