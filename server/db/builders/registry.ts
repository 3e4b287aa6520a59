import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CATEGORIES_BY_TYPE,
  type buildFieldsSchema,
  type serviceInputSchema,
} from '../../../contract/registry';
import type { Db } from '../client';
import { instrumentImages, instruments, ownershipRecords, serviceRecords, shops, users } from '../schema';
import {
  recordPassportEvent,
  recordPassportEvents,
  type PassportEventInput,
} from '../../log/passport-events';

/** No 0/O or 1/I: passport codes are read aloud and typed from paper. */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A short public passport code such as LR-7KQ2-M9XD (32^8 ≈ 10^12 codes; the unique index catches the rest). */
export function generatePassportCode(): string {
  const bytes = crypto.randomBytes(8);
  const chars = Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `LR-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export const today = () => new Date().toISOString().slice(0, 10);

export interface OwnershipSeed {
  userId?: string | null;
  ownerName: string;
  location?: string | null;
  startDate: string;
  endDate?: string | null;
  acquisitionMethod?: 'purchase' | 'commission' | 'gift' | 'inheritance' | 'trade' | null;
  /** An exact amount: 4500 or '4600.50'. */
  purchasePrice?: number | string | null;
  /** The price's ISO 4217 currency; USD when a price is given without one (what older prices meant). */
  purchaseCurrency?: string | null;
}

export type BuildFields = z.output<typeof buildFieldsSchema>;

export interface InstrumentSeed extends Partial<BuildFields> {
  makerShopId: string;
  verified?: boolean;
  status?: 'active' | 'stolen' | 'destroyed';
  /** Shown among the portfolio pieces of the maker's storefront. */
  portfolio?: boolean;
  actorId?: string | null;
  /** Oldest first; the last open record is the current owner. Default: the maker owns it from today. */
  history?: OwnershipSeed[];
  images?: { staticUrl: string; caption?: string | null }[];
  /** Built in an academy course: the maker's certificate for it. */
  builtInCertificateId?: string | null;
}

/** Creates a passport with its ownership records, images and "created" event; sample content, tests and the API share it. */
export async function createInstrument(db: Db, seed: InstrumentSeed) {
  const [maker] = await db
    .select({ ownerId: shops.ownerId, name: users.displayName, location: shops.location })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(eq(shops.id, seed.makerShopId));
  if (!maker) throw new Error('createInstrument: unknown maker shop');
  const history = seed.history ?? [
    { userId: maker.ownerId, ownerName: maker.name, location: maker.location, startDate: today() },
  ];
  const current = history.at(-1);
  const { history: _h, images = [], actorId, makerShopId, verified, status, ...fields } = seed;
  const [row] = await db
    .insert(instruments)
    .values({
      ...fields,
      name: fields.name ?? 'Untitled instrument',
      instrumentType: fields.instrumentType ?? 'guitar',
      // The type's usual category unless one is given (the database refuses a pair that makes no sense).
      category: fields.category ?? CATEGORIES_BY_TYPE[fields.instrumentType ?? 'guitar'][0],
      yearMade: fields.yearMade ?? new Date().getFullYear(),
      // A value given without its currency is in US dollars (what values meant before currencies).
      estimatedValueCurrency: fields.estimatedValue != null ? (fields.estimatedValueCurrency ?? 'USD') : null,
      passportCode: generatePassportCode(),
      makerShopId,
      verified: verified ?? false,
      status: status ?? 'active',
      currentOwnerId: current && !current.endDate ? (current.userId ?? null) : null,
    })
    .returning();
  if (!row) throw new Error('instrument insert returned nothing');
  if (history.length)
    await db.insert(ownershipRecords).values(
      history.map((h) => ({
        ...h,
        purchasePrice: h.purchasePrice != null ? String(h.purchasePrice) : null,
        purchaseCurrency: h.purchasePrice != null ? (h.purchaseCurrency ?? 'USD') : null,
        instrumentId: row.id,
        hadAccount: Boolean(h.userId),
      })),
    );
  if (images.length)
    await db.insert(instrumentImages).values(
      images.map((img, i) => ({
        instrumentId: row.id,
        staticUrl: img.staticUrl,
        caption: img.caption ?? null,
        isPrimary: i === 0,
        orderIndex: i,
      })),
    );
  const actor = actorId === undefined ? maker.ownerId : actorId;
  await recordPassportEvents(db, [
    { instrumentId: row.id, actorId: actor, type: 'created', data: { passportCode: row.passportCode } },
    ...seededHistoryEvents(row.id, { images, history, verified: Boolean(verified) }),
  ]);
  return row;
}

/**
 * What a seeded passport shows beyond its creation, as the events the live paths would have written: each photo,
 * each change of hands after the first owner (dated by the day it happened, since the event is logged today),
 * and the verification. Nothing a passport shows is missing from the log.
 */
export function seededHistoryEvents(
  instrumentId: string,
  seed: {
    images: { staticUrl: string; caption?: string | null }[];
    history: OwnershipSeed[];
    verified: boolean;
  },
): PassportEventInput[] {
  return [
    ...seed.images.map((img, i) => ({
      instrumentId,
      type: 'photo_added' as const,
      data: { image: img.staticUrl, caption: img.caption ?? null, primary: i === 0 },
    })),
    ...seed.history.slice(1).map((h) => ({
      instrumentId,
      actorId: h.userId ?? null,
      type: 'transfer_accepted' as const,
      data: { method: h.acquisitionMethod ?? null, date: h.startDate },
    })),
    ...(seed.verified ? [{ instrumentId, type: 'verified' as const, data: {} }] : []),
  ];
}

export interface ServiceSeed extends Omit<
  z.output<typeof serviceInputSchema>,
  'servicerName' | 'servicerShop'
> {
  servicerName: string;
  servicerShopId?: string | null;
  recordedById?: string | null;
  status?: 'approved' | 'pending' | 'rejected';
  /** `pending` when the record names another registry shop, which has yet to confirm it. */
  claimStatus?: 'none' | 'pending' | 'confirmed' | 'declined';
  reportedBy?: 'owner' | 'maker' | 'servicer';
  /** The named shop's handle, for the public log. */
  servicerShopHandle?: string | null;
}

/**
 * Adds a service record; an approved one gets its "service recorded" event. A pending or rejected record is not
 * part of the public history, so it writes no passport event (approval records it then).
 */
export async function addServiceRecord(db: Db, instrumentId: string, seed: ServiceSeed) {
  const [row] = await db
    .insert(serviceRecords)
    .values({
      instrumentId,
      servicerName: seed.servicerName,
      servicerShopId: seed.servicerShopId ?? null,
      recordedById: seed.recordedById ?? null,
      serviceType: seed.serviceType,
      description: seed.description,
      workPerformed: seed.workPerformed ?? null,
      serviceDate: seed.serviceDate,
      cost: seed.cost ?? null,
      costCurrency: seed.cost != null ? (seed.costCurrency ?? 'USD') : null,
      notes: seed.notes ?? null,
      status: seed.status ?? 'approved',
      claimStatus: seed.claimStatus ?? 'none',
      reportedBy: seed.reportedBy ?? 'owner',
    })
    .returning();
  if (!row) throw new Error('service insert returned nothing');
  if (row.status === 'approved')
    await recordPassportEvent(db, {
      instrumentId,
      actorId: seed.recordedById ?? null,
      type: 'service_recorded',
      data: {
        serviceType: row.serviceType,
        servicerName: row.servicerName,
        status: row.status,
        // A servicer named by someone else is their claim until that shop answers (its own event).
        ...(row.claimStatus === 'pending'
          ? { servicerShop: seed.servicerShopHandle ?? null, claim: 'pending', reportedBy: row.reportedBy }
          : {}),
      },
    });
  return row;
}
