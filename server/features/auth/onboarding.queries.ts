import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { onboardingSchema } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { shops, users } from '../../db/schema';
import { userColumns } from '../../plugins/sessions';
import { currencyOfLocation } from './country-currency';

type OnboardingData = z.output<typeof onboardingSchema>;

/**
 * The answers are a partial update: a field that is not sent keeps what is saved; one sent blank (an empty text,
 * no experience, an empty list) clears it, because the wizard shows the saved answers and sends only what the
 * person changed, so a blank is a field they emptied (decision 028).
 */
const text = (v: string | undefined): string | null | undefined => (v === undefined ? undefined : v || null);

/**
 * Saves the onboarding answers; a luthier's shop takes the bio, location and specialties it still lacks. Finishing
 * with a shop gives the account a usual currency, if it has none, from the shop's country (a shop in Córdoba,
 * Spain prices in euros), so the first listing, value or cost starts there.
 */
export async function saveOnboarding(db: Db, userId: string, data: OnboardingData) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        bio: text(data.bio),
        location: text(data.location),
        experience: text(data.experience),
        specialties: data.specialties,
        interests: data.interests,
        favoriteStyles: data.favoriteStyles,
        onboardingComplete: data.onboardingComplete,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning(userColumns);
    const [shop] = await tx.select().from(shops).where(eq(shops.ownerId, userId)).limit(1);
    if (shop && data.onboardingComplete) {
      const currency = currencyOfLocation(shop.location ?? text(data.location));
      if (currency)
        await tx
          .update(users)
          .set({ usualCurrency: currency })
          .where(and(eq(users.id, userId), isNull(users.usualCurrency)));
    }
    if (shop) {
      await tx
        .update(shops)
        .set({
          bio: shop.bio ?? text(data.bio),
          location: shop.location ?? text(data.location),
          specializations: shop.specializations.length ? shop.specializations : (data.specialties ?? []),
        })
        .where(eq(shops.id, shop.id));
    }
    return user;
  });
}
