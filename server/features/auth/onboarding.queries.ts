import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { onboardingSchema } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { shops, users } from '../../db/schema';
import { userColumns } from '../../plugins/sessions';

type OnboardingData = z.output<typeof onboardingSchema>;

const orNull = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);

/** Saves the onboarding answers; a luthier's shop takes the bio, location and specialties it still lacks. */
export async function saveOnboarding(db: Db, userId: string, data: OnboardingData) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        bio: orNull(data.bio),
        location: orNull(data.location),
        experience: orNull(data.experience),
        specialties: data.specialties,
        interests: data.interests,
        favoriteStyles: data.favoriteStyles,
        onboardingComplete: data.onboardingComplete,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning(userColumns);
    const [shop] = await tx.select().from(shops).where(eq(shops.ownerId, userId)).limit(1);
    if (shop) {
      await tx
        .update(shops)
        .set({
          bio: shop.bio ?? orNull(data.bio),
          location: shop.location ?? orNull(data.location),
          specializations: shop.specializations.length ? shop.specializations : (data.specialties ?? []),
        })
        .where(eq(shops.id, shop.id));
    }
    return user;
  });
}
