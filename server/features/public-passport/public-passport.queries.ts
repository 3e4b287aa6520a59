import { and, asc, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RevealedValue } from '../../../contract/log';
import { valueAtPath } from '../../../contract/log/commitment';
import type { PublicPassport } from '../../../contract/public-passport';
import { builtInCourse } from '../../certificates/built-in';
import { listingOf } from '../../db/listings';
import type { Db } from '../../db/client';
import {
  instrumentEvents,
  instrumentImages,
  instruments,
  logLeaves,
  logSalts,
  media,
  ownershipRecords,
  serviceRecords,
  shops,
  users,
} from '../../db/schema';
import { publicEventCount } from '../../log/public-events';
import {
  ownerIsPublic,
  privateNamesOf,
  publicOwnerOf,
  recordIsPublic,
  withoutNames,
} from '../../log/public-projection';
import { passportProofs } from '../../log/passport-proofs';
import type { WitnessPolicy } from '../../../contract/log/policy';
import type { LogSigner } from '../../log/signing';
import { imageUrls } from '../../media/media-store';
import { publicHistory } from './history.queries';
import { isUuid } from '../../db/uuid';

export type PassportRow = typeof instruments.$inferSelect;

/** The instrument with this passport code (upper-cased by the caller), or null. */
export async function findByCode(db: Db, code: string): Promise<PassportRow | null> {
  const [row] = await db.select().from(instruments).where(eq(instruments.passportCode, code));
  return row ?? null;
}

/** The instrument with this id, or null (also for a malformed id). */
export async function findById(db: Db, id: string): Promise<PassportRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(instruments).where(eq(instruments.id, id));
  return row ?? null;
}

/** The passport code of an instrument id; null when unknown or not a uuid. */
export async function findPassportCode(db: Db, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ code: instruments.passportCode })
    .from(instruments)
    .where(eq(instruments.id, id));
  return row?.code ?? null;
}

/** "Markneukirchen, Germany" → "Germany": the country is the last part of a place. */
export function countryOf(location: string | null): string | null {
  const part = location?.split(',').at(-1)?.trim();
  return part ? part : null;
}

const yearOf = (date: string) => Number(date.slice(0, 4));
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Owners in order, as public-projection.ts shows them to a guest: a name, and with it the profile handle, only
 * when its owner chose to be public; never an email or a price. Also the names free text must not carry.
 */
async function provenance(
  db: Db,
  id: string,
): Promise<{ owners: PublicPassport['provenance']; hide: string[] }> {
  const rows = await db
    .select({
      rec: ownershipRecords,
      userName: users.displayName,
      userLocation: users.location,
      userPrivacy: users.ownerPrivacy,
      userHandle: users.handle,
    })
    .from(ownershipRecords)
    .leftJoin(users, eq(users.id, ownershipRecords.userId))
    .where(eq(ownershipRecords.instrumentId, id))
    .orderBy(asc(ownershipRecords.startDate), asc(ownershipRecords.createdAt));
  const facts = rows.map(({ rec, ...user }) => ({ ...rec, ...user }));
  const owners = facts.map((rec, i) => {
    const named = recordIsPublic(rec);
    const shown = publicOwnerOf(rec);
    const name = named ? shown.name : null;
    // A private owner's city could point at them; the country is what the timeline says.
    const country = countryOf(rec.location ?? (rec.userId ? rec.userLocation : null));
    const startYear = yearOf(rec.startDate);
    const endYear = rec.endDate ? yearOf(rec.endDate) : null;
    const label = [
      name ? `Owner ${i + 1} · ${name}` : `Owner ${i + 1}`,
      country,
      `${startYear}–${endYear ?? 'present'}`,
    ]
      .filter(Boolean)
      .join(' · ');
    return { label, name, handle: named ? shown.handle : null, country, startYear, endYear };
  });
  return { owners, hide: privateNamesOf(facts) };
}

const recorder = alias(users, 'recorder');

/**
 * A shop recording its own work by its name; a servicer the owner or maker named is their claim until the named
 * registry shop answers; an owner who keeps their name private and serviced it themselves as "Owner"; free text
 * never names a private owner.
 */
function servicerShown(
  s: {
    servicerName: string;
    shopName: string | null;
    recorderName: string | null;
    recorderPrivate: boolean | null;
    claimStatus: 'none' | 'pending' | 'confirmed' | 'declined';
    reportedBy: 'owner' | 'maker' | 'servicer';
  },
  hide: string[],
): string {
  const reported = `reported by the ${s.reportedBy === 'maker' ? 'maker' : 'owner'}`;
  if (s.shopName) {
    if (s.claimStatus === 'confirmed') return `by ${s.shopName}, confirmed`;
    if (s.claimStatus === 'declined') return `not confirmed by ${s.shopName}`;
    return s.claimStatus === 'pending' ? `${s.shopName} (${reported})` : s.shopName;
  }
  const name = s.servicerName.trim();
  if (!name || name === 'Owner' || (!ownerIsPublic(s.recorderPrivate) && name === s.recorderName))
    return 'Owner';
  return `${withoutNames(name, hide)} (${reported})`;
}

/** The public view of a passport; null when the code is unknown. */
export async function publicPassport(db: Db, code: string): Promise<PublicPassport | null> {
  const i = await findByCode(db, code);
  if (!i) return null;
  const [[maker], photos, { owners, hide }, services, eventsCount, lastStatus] = await Promise.all([
    i.makerShopId
      ? db
          .select({
            shopName: shops.name,
            slug: shops.slug,
            verified: shops.verified,
            location: shops.location,
          })
          .from(shops)
          .where(eq(shops.id, i.makerShopId))
      : Promise.resolve([]),
    db
      .select({ img: instrumentImages, widths: media.widths })
      .from(instrumentImages)
      .leftJoin(media, eq(media.id, instrumentImages.mediaId))
      .where(eq(instrumentImages.instrumentId, i.id))
      .orderBy(
        desc(instrumentImages.isPrimary),
        asc(instrumentImages.orderIndex),
        asc(instrumentImages.createdAt),
      ),
    provenance(db, i.id),
    db
      .select({
        serviceType: serviceRecords.serviceType,
        serviceDate: serviceRecords.serviceDate,
        servicerName: serviceRecords.servicerName,
        shopName: shops.name,
        recorderName: recorder.displayName,
        recorderPrivate: recorder.ownerPrivacy,
        claimStatus: serviceRecords.claimStatus,
        reportedBy: serviceRecords.reportedBy,
        description: serviceRecords.description,
      })
      .from(serviceRecords)
      .leftJoin(shops, eq(shops.id, serviceRecords.servicerShopId))
      .leftJoin(recorder, eq(recorder.id, serviceRecords.recordedById))
      .where(and(eq(serviceRecords.instrumentId, i.id), eq(serviceRecords.status, 'approved')))
      .orderBy(asc(serviceRecords.serviceDate), asc(serviceRecords.createdAt)),
    publicEventCount(db, i.id),
    // The newest stolen report and verification, for the banner and the statement.
    db
      .select({ type: instrumentEvents.type, data: instrumentEvents.data, at: instrumentEvents.createdAt })
      .from(instrumentEvents)
      .where(
        and(
          eq(instrumentEvents.instrumentId, i.id),
          inArray(instrumentEvents.type, ['reported_stolen', 'verified']),
        ),
      )
      .orderBy(desc(instrumentEvents.createdAt)),
  ]);
  const stolenEvent = lastStatus.find((e) => e.type === 'reported_stolen');
  const verifiedEvent = lastStatus.find((e) => e.type === 'verified');
  const verifiedOn = (i.verifiedAt ?? verifiedEvent?.at ?? i.updatedAt).toISOString().slice(0, 10);
  const [admin] = i.verifiedById
    ? await db.select({ name: users.displayName }).from(users).where(eq(users.id, i.verifiedById))
    : [];
  return {
    passportCode: i.passportCode,
    name: i.name,
    instrumentType: i.instrumentType,
    category: i.category,
    model: i.model,
    serialNumber: i.serialNumber,
    yearMade: i.yearMade,
    build: {
      bodyWood: i.bodyWood,
      neckWood: i.neckWood,
      fretboardWood: i.fretboardWood,
      finishType: i.finishType,
      numberOfStrings: i.numberOfStrings,
      scaleLength: i.scaleLength,
    },
    description: withoutNames(i.description, hide),
    photos: photos.map(({ img, widths }) => ({
      ...imageUrls({ ...img, widths }),
      caption: withoutNames(img.caption, hide),
      isPrimary: img.isPrimary,
    })),
    maker: maker
      ? { ...maker, accountClosed: false }
      : i.formerMakerName
        ? { shopName: i.formerMakerName, slug: null, verified: false, location: null, accountClosed: true }
        : null,
    status: i.status,
    stolen:
      i.status === 'stolen'
        ? {
            reportedOn: (stolenEvent?.at ?? i.updatedAt).toISOString().slice(0, 10),
            date: i.stolenOn,
            place: withoutNames(text(i.stolenPlace), hide),
          }
        : null,
    verified: i.verified,
    verification: i.verified
      ? {
          statement:
            withoutNames(text(i.verificationNote), hide) ??
            "A registry administrator checked this passport's build facts and maker against the registry's records.",
          verifiedOn,
          adminName: admin?.name ?? null,
        }
      : null,
    builtIn: await builtInCourse(db, i.builtInCertificateId),
    provenance: owners,
    services: services.map((s) => ({
      serviceType: s.serviceType,
      serviceDate: s.serviceDate,
      servicer: servicerShown(s, hide),
      description: withoutNames(s.description, hide),
      claim: s.claimStatus,
    })),
    eventsCount,
    registeredOn: i.createdAt.toISOString().slice(0, 10),
    history: await publicHistory(db, i.id, hide),
  };
}

/** The passport's log bundle, as a dossier embeds it: every leaf with its proof against the chosen checkpoint. */
export async function passportLogBundle(
  db: Db,
  signer: LogSigner,
  policy: WitnessPolicy,
  origin: string,
  code: string,
) {
  const { log, leafHashes } = await passportProofs(db, signer, policy, code);
  return { bundle: { origin, vkey: signer.vkey, ...log }, leafHashes };
}

/**
 * The private values of a passport's leaves with their salts, for the owner's copy of the dossier: every one for
 * an admin; for the current owner, those of the events since their ownership began (what was recorded while the
 * instrument was theirs: the costs and notes of its services, the values they set, the offers they made), never
 * an earlier owner's.
 * Null when the viewer is neither.
 */
export async function revealedFor(
  db: Db,
  instrument: PassportRow,
  viewer: { id: string; role: string },
): Promise<RevealedValue[] | null> {
  let since: Date | null = null;
  if (viewer.role !== 'admin') {
    if (instrument.currentOwnerId !== viewer.id) return null;
    // Their ownership began with the transaction that wrote their ownership record; its events share its time.
    const [open] = await db
      .select({ since: ownershipRecords.createdAt })
      .from(ownershipRecords)
      .where(
        and(
          eq(ownershipRecords.instrumentId, instrument.id),
          eq(ownershipRecords.userId, viewer.id),
          isNull(ownershipRecords.endDate),
        ),
      )
      .orderBy(desc(ownershipRecords.createdAt))
      .limit(1);
    since = open?.since ?? instrument.createdAt;
  }
  const rows = await db
    .select({
      index: logLeaves.index,
      path: logSalts.path,
      salt: logSalts.salt,
      data: instrumentEvents.data,
    })
    .from(logSalts)
    .innerJoin(logLeaves, eq(logLeaves.index, logSalts.leafIndex))
    .innerJoin(instrumentEvents, eq(instrumentEvents.id, logLeaves.eventId))
    .where(
      and(
        eq(logLeaves.passportCode, instrument.passportCode),
        since ? gte(instrumentEvents.createdAt, since) : undefined,
      ),
    )
    .orderBy(asc(logLeaves.index), asc(logSalts.path));
  return rows.map((r) => ({
    index: r.index,
    path: r.path,
    salt: r.salt,
    value: valueAtPath(r.data, r.path) ?? null,
  }));
}

/**
 * The sale a search engine may show beside a public passport: listed for sale by its owner at a price (an
 * instrument on request or open to commissions has none). Unused while its only owner is its maker; the seller's
 * shop only when it is published, as on the page.
 */
export async function saleOffer(db: Db, code: string) {
  const i = await findByCode(db, code);
  if (!i) return null;
  const listing = await listingOf(db, i.id);
  if (!listing || listing.status !== 'for-sale' || !listing.price || !listing.currency || !i.currentOwnerId)
    return null;
  const maker = alias(shops, 'maker_shop');
  const [[seller], [made], owners] = await Promise.all([
    db
      .select({ name: shops.name, slug: shops.slug })
      .from(shops)
      .where(and(eq(shops.ownerId, i.currentOwnerId), eq(shops.published, true))),
    i.makerShopId
      ? db.select({ ownerId: maker.ownerId }).from(maker).where(eq(maker.id, i.makerShopId))
      : Promise.resolve([]),
    db
      .select({ id: ownershipRecords.id })
      .from(ownershipRecords)
      .where(eq(ownershipRecords.instrumentId, i.id))
      .limit(2),
  ]);
  return {
    price: listing.price,
    currency: listing.currency,
    unused: made?.ownerId === i.currentOwnerId && owners.length <= 1,
    shop: seller ?? null,
  };
}
