import { asc, eq } from 'drizzle-orm';
import { priceText } from '../../../contract/currencies';
import { alias } from 'drizzle-orm/pg-core';
import type { InstrumentDetail } from '../../../contract/registry';
import { builtInCourse } from '../../certificates/built-in';
import type { Db } from '../../db/client';
import {
  instrumentEvents,
  instrumentImages,
  instruments,
  media,
  ownershipRecords,
  serviceRecords,
  shops,
  users,
} from '../../db/schema';
import { privateNamesOf, withoutNames } from '../../log/public-projection';
import { ownEvents, publicEvents } from './detail-events';
import { luthierColumns } from './list.queries';
import { isAdmin, publicOwner, seesPrivate, type Viewer } from './registry-view';
import { isUuid } from '../../db/uuid';
import { imageUrls } from '../../media/media-store';

/** The instrument row plus the maker's user id; null when the id is unknown or not a uuid. */
export async function findInstrument(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ instrument: instruments, makerUserId: shops.ownerId, makerShopName: shops.name })
    .from(instruments)
    .leftJoin(shops, eq(shops.id, instruments.makerShopId))
    .where(eq(instruments.id, id));
  return row ?? null;
}
export type FoundInstrument = NonNullable<Awaited<ReturnType<typeof findInstrument>>>;

export function roles(found: FoundInstrument, viewer: Viewer) {
  return {
    isMaker: Boolean(viewer && found.makerUserId === viewer.id),
    isOwner: Boolean(viewer && found.instrument.currentOwnerId === viewer.id),
    isAdmin: isAdmin(viewer),
  };
}

const ownerUser = alias(users, 'owner_user');

/** The display name of the admin who verified, for the badge's statement. */
export async function verifierOf(db: Db, adminId: string | null): Promise<string | null> {
  if (!adminId) return null;
  const [row] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, adminId));
  return row?.name ?? null;
}
const servicerShop = alias(shops, 'servicer_shop');

/** The whole passport as this viewer may see it. */
export async function instrumentDetail(
  db: Db,
  found: FoundInstrument,
  viewer: Viewer,
): Promise<InstrumentDetail> {
  const id = found.instrument.id;
  const [[luthier], images, owners, services, events, verifierName] = await Promise.all([
    found.instrument.makerShopId
      ? db.select(luthierColumns).from(shops).where(eq(shops.id, found.instrument.makerShopId))
      : Promise.resolve([]),
    db
      .select({ img: instrumentImages, widths: media.widths })
      .from(instrumentImages)
      .leftJoin(media, eq(media.id, instrumentImages.mediaId))
      .where(eq(instrumentImages.instrumentId, id))
      .orderBy(asc(instrumentImages.orderIndex), asc(instrumentImages.createdAt)),
    db
      .select({
        rec: ownershipRecords,
        userName: ownerUser.displayName,
        userLocation: ownerUser.location,
        userPrivacy: ownerUser.ownerPrivacy,
        userHandle: ownerUser.handle,
        userEmail: ownerUser.email,
      })
      .from(ownershipRecords)
      .leftJoin(ownerUser, eq(ownerUser.id, ownershipRecords.userId))
      .where(eq(ownershipRecords.instrumentId, id))
      .orderBy(asc(ownershipRecords.startDate), asc(ownershipRecords.createdAt)),
    db
      .select({ rec: serviceRecords, shopName: servicerShop.name, shopHandle: servicerShop.slug })
      .from(serviceRecords)
      .leftJoin(servicerShop, eq(servicerShop.id, serviceRecords.servicerShopId))
      .where(eq(serviceRecords.instrumentId, id))
      .orderBy(asc(serviceRecords.serviceDate), asc(serviceRecords.createdAt)),
    db
      .select()
      .from(instrumentEvents)
      .where(eq(instrumentEvents.instrumentId, id))
      .orderBy(asc(instrumentEvents.createdAt), asc(instrumentEvents.id)),
    verifierOf(db, found.instrument.verifiedById),
  ]);
  const r = roles(found, viewer);
  // Anyone but the owner and admins sees the public projection: the events the log holds, no valuation, and free
  // text without the names of owners who are private (a service record's author still reads their own words).
  const full = r.isOwner || r.isAdmin;
  const hide = full ? [] : privateNamesOf(owners.map((o) => ({ ...o, ...o.rec })));
  const shownEvents = full ? ownEvents(events, owners, viewer, r.isAdmin) : publicEvents(events, hide);
  const history = owners.map(({ rec, userName, userLocation, userPrivacy, userHandle, userEmail }) => {
    const shown = publicOwner({ ...rec, userName, userLocation, userPrivacy, userHandle }, viewer);
    const privateOk = seesPrivate(rec.userId, viewer);
    return {
      id: rec.id,
      userId: rec.userId,
      ownerName: shown.name,
      ownerHandle: shown.handle,
      location: shown.location,
      startDate: rec.startDate,
      endDate: rec.endDate,
      acquisitionMethod: rec.acquisitionMethod,
      ...(privateOk
        ? {
            purchasePrice:
              rec.purchasePrice != null && rec.purchaseCurrency
                ? priceText(rec.purchasePrice, rec.purchaseCurrency)
                : rec.purchasePrice,
            purchaseCurrency: rec.purchaseCurrency,
            ...(userEmail ? { ownerEmail: userEmail } : {}),
          }
        : {}),
    };
  });
  const open = history.filter((h) => !h.endDate).at(-1);
  // A record waiting for approval, and every record's cost and notes, are for the owner, its author and admins.
  const privileged = (recordedById: string | null) =>
    r.isOwner || r.isAdmin || Boolean(viewer && recordedById === viewer.id);
  const { instrument: i } = found;
  const {
    verifiedById: _v,
    verifiedAt,
    verificationNote,
    stolenOn,
    stolenPlace,
    stolenPoliceReference,
    builtInCertificateId,
    ...facts
  } = i;
  return {
    ...facts,
    description: withoutNames(facts.description, hide),
    estimatedValue: full ? facts.estimatedValue : null,
    estimatedValueCurrency: full ? facts.estimatedValueCurrency : null,
    builtIn: await builtInCourse(db, builtInCertificateId),
    luthier: luthier ?? null,
    currentOwner: open
      ? {
          name: open.ownerName,
          handle: open.ownerHandle,
          location: open.location,
          ...(open.ownerEmail && i.currentOwnerId ? { email: open.ownerEmail } : {}),
        }
      : { name: 'Former owner', handle: null, location: null },
    images: images.map(({ img, widths }) => ({
      id: img.id,
      ...imageUrls({ ...img, widths }),
      caption: withoutNames(img.caption, hide),
      isPrimary: img.isPrimary,
      orderIndex: img.orderIndex,
    })),
    ownershipHistory: history,
    serviceRecords: services
      .filter(({ rec }) => rec.status === 'approved' || privileged(rec.recordedById))
      .map(({ rec, shopName, shopHandle }) => ({
        ...rec,
        ...(privileged(rec.recordedById)
          ? {}
          : {
              cost: null,
              costCurrency: null,
              notes: null,
              servicerName: withoutNames(rec.servicerName, hide),
              description: withoutNames(rec.description, hide),
              workPerformed: withoutNames(rec.workPerformed, hide),
            }),
        recordedBy: shopName,
        servicerShop: shopName && shopHandle ? { name: shopName, slug: shopHandle } : null,
        claim: rec.claimStatus,
      })),
    events: shownEvents,
    verification:
      i.verified && verifiedAt
        ? {
            adminName: verifierName ?? 'An admin',
            at: verifiedAt.toISOString(),
            note: withoutNames(verificationNote ?? '', hide),
          }
        : null,
    stolen:
      i.status === 'stolen' && stolenOn
        ? {
            date: stolenOn,
            place: withoutNames(stolenPlace ?? '', hide),
            ...(r.isOwner || r.isAdmin ? { policeReference: stolenPoliceReference } : {}),
          }
        : null,
    viewer: {
      ...r,
      canRecordService: r.isOwner || r.isMaker || viewer?.role === 'luthier',
      correctionRequired: owners.length > 1,
    },
  };
}
