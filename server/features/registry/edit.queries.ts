import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  IDENTITY_FIELDS,
  OWNER_FIELDS,
  VERIFIED_FIELD_NAMES,
  VERIFIED_FIELDS,
  verificationRemovedReason,
  categoryFits,
  wrongCategoryMessage,
  type editInstrumentSchema,
} from '../../../contract/registry';
import { describePassportEvent } from '../../../presentation/passport-history';
import { HISTORY_FIELDS } from '../../../contract/history-fields';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { instruments, ownershipRecords } from '../../db/schema';
import { recordPassportEvent } from '../../log/passport-events';
import { notify, notifyAdmins } from '../../notify/notifications';
import { badgeRemoved } from '../../db/verification';
import { badRequest, forbidden } from '../../plugins/errors';
import type { FoundInstrument } from './detail.queries';

type EditInput = z.output<typeof editInstrumentSchema>;
type Field = Exclude<keyof EditInput, 'reason'>;
// The facts an edit changes are the ones the history has words for (a field there that no edit knows fails here).
const EDITABLE: readonly Field[] = HISTORY_FIELDS;
const isIdentity = (f: string) => (IDENTITY_FIELDS as readonly string[]).includes(f);
const isOwnerField = (f: string) => (OWNER_FIELDS as readonly string[]).includes(f);
type VerifiedField = (typeof VERIFIED_FIELDS)[number];
const isVerifiedField = (f: string): f is VerifiedField => (VERIFIED_FIELDS as readonly string[]).includes(f);

/** "Serial corrected from A to B by the maker: reason", as the public history says it. */
function correctionNotice(
  userId: string,
  instrument: { id: string; name: string },
  changes: { field: string; from: unknown; to: unknown }[],
  reason: string,
) {
  const said = describePassportEvent('corrected', { changes, reason }) ?? 'A fact was corrected by the maker';
  return {
    userId,
    kind: 'passport_corrected' as const,
    title: `The maker corrected the passport of ${instrument.name}`,
    body: `${said}. The passport's public history shows the correction with the value it replaced.`,
    link: `/instruments/${instrument.id}`,
  };
}

/**
 * The estimated value and its currency stay a pair (the table's check): a value that ends up empty takes its
 * currency with it (a currency alone means nothing and is not kept), and a value that stays keeps a currency.
 */
function valueWithItsCurrency(
  found: FoundInstrument,
  changes: { field: string; from: unknown; to: unknown }[],
  patch: Record<string, unknown>,
) {
  const stored = found.instrument;
  const value = 'estimatedValue' in patch ? patch.estimatedValue : stored.estimatedValue;
  const currency =
    'estimatedValueCurrency' in patch ? patch.estimatedValueCurrency : stored.estimatedValueCurrency;
  if (value == null && currency != null) {
    const at = changes.findIndex((c) => c.field === 'estimatedValueCurrency');
    if (at >= 0) changes.splice(at, 1);
    delete patch.estimatedValueCurrency;
    if (stored.estimatedValueCurrency != null) {
      changes.push({ field: 'estimatedValueCurrency', from: stored.estimatedValueCurrency, to: null });
      patch.estimatedValueCurrency = null;
    }
  } else if (value != null && currency == null) {
    const message = 'Choose the currency of the estimated value.';
    throw badRequest(message, { estimatedValueCurrency: message });
  }
}

/** An instrument has changed hands once it has more than its first ownership record. */
export async function hasChangedHands(db: Db, instrumentId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(ownershipRecords)
    .where(eq(ownershipRecords.instrumentId, instrumentId));
  return (row?.n ?? 0) > 1;
}

/**
 * Applies an edit by the maker or the owner. The maker sets build facts; once the instrument has changed hands an
 * identity fact changes only as a correction with a reason (old → new kept in the history). A change to any fact
 * a verification covered removes the badge, before or after a transfer, with an "unverified" event naming the
 * facts. Condition and estimated value are the current owner's alone.
 */
export async function editInstrument(
  ctx: AppContext,
  found: FoundInstrument,
  who: { id: string; isMaker: boolean; isOwner: boolean },
  input: EditInput,
  /** What GET shows this caller where it differs from what is stored (a valuation hidden, names redacted). */
  shown: Partial<Record<Field, unknown>> = {},
) {
  const changes: { field: string; from: unknown; to: unknown }[] = [];
  const patch: Record<string, unknown> = {};
  for (const field of EDITABLE) {
    if (!(field in input)) continue;
    const to = input[field] ?? null;
    const from = found.instrument[field] ?? null;
    // A merge patch may carry the whole instrument back (the form, or what GET answered): a field it leaves as it
    // is, or as this caller was shown it, is no attempt to change it, whoever sends it.
    if (to === from || (field in shown && to === (shown[field] ?? null))) continue;
    if (isOwnerField(field) && !who.isOwner)
      throw forbidden('Condition and estimated value are set by the current owner.');
    if (!isOwnerField(field) && !who.isMaker) throw forbidden('Only the maker can edit the build details.');
    changes.push({ field, from, to });
    patch[field] = to;
  }
  valueWithItsCurrency(found, changes, patch);
  if (!changes.length) return { changed: 0, removal: null };
  // One of the pair may come alone: the category must still make sense for the type it ends up with.
  const type = (patch.instrumentType as string | undefined) ?? found.instrument.instrumentType;
  const category = (patch.category as string | undefined) ?? found.instrument.category;
  if (!categoryFits(type, category)) {
    const message = wrongCategoryMessage(type);
    throw badRequest(message, { category: message });
  }
  const identity = changes.some((c) => isIdentity(c.field));
  const correction = identity && (await hasChangedHands(ctx.db, found.instrument.id));
  const reason = input.reason?.trim() ?? '';
  if (correction && !reason) {
    const message = 'This instrument has changed hands: say why these facts are corrected.';
    throw badRequest(message, { reason: message });
  }
  const covered = changes.map((c) => c.field).filter(isVerifiedField);
  const removal =
    found.instrument.verified && covered.length
      ? verificationRemovedReason(covered.map((f) => VERIFIED_FIELD_NAMES[f]))
      : null;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(instruments)
      .set({
        ...patch,
        ...(removal
          ? badgeRemoved(`${removal}${correction ? ` (corrected: ${reason})` : ''}.`.slice(0, 500))
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(instruments.id, found.instrument.id));
    await recordPassportEvent(tx, {
      instrumentId: found.instrument.id,
      actorId: who.id,
      type: correction ? 'corrected' : 'edited',
      data: correction ? { changes, reason } : { changes },
    });
    const owner = found.instrument.currentOwnerId;
    // A correction rewrites what the owner bought: they hear of every one, with the old and new values.
    if (correction && owner && owner !== who.id)
      await notify(ctx, tx, [correctionNotice(owner, found.instrument, changes, reason)]);
    if (!removal) return;
    await recordPassportEvent(tx, {
      instrumentId: found.instrument.id,
      actorId: who.id,
      type: 'unverified',
      data: { reason: removal, fields: covered },
    });
    // The owner is told, and the admins: the instrument is back in their queue with what changed.
    if (owner && owner !== who.id)
      await notify(ctx, tx, [
        {
          userId: owner,
          kind: 'verification_removed',
          title: `${found.instrument.name} is no longer verified`,
          body: `${removal}: the maker changed facts of "${found.instrument.name}" that its verification covered, so its Verified badge was removed until an admin checks it again.`,
          link: `/instruments/${found.instrument.id}`,
        },
      ]);
    await notifyAdmins(ctx, tx, {
      kind: 'verification_removed',
      title: `${found.instrument.name} needs a new check`,
      body: `${removal}, so its Verified badge was removed. It is back in the verification queue.`,
      link: '/admin',
    });
  });
  return { changed: changes.length, removal };
}
