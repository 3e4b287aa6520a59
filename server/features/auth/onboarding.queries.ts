import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { onboardingSchema } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { shops, users } from '../../db/schema';
import { userColumns } from '../../plugins/sessions';

type OnboardingData = z.output<typeof onboardingSchema>;

/** An unanswered question: blank text or an empty list. Onboarding leaves what is saved in its place. */
const answered = <T extends string | string[]>(v: T | undefined): T | undefined =>
  v === undefined || v.length === 0 ? undefined : v;

/**
 * Saves the onboarding answers; a luthier's shop takes the bio, location and specialties it still lacks. A blank
 * answer never overwrites what the person already saved (in settings, before finishing): clearing a field is
 * done in settings, where the field is shown with its value.
 */
export async function saveOnboarding(db: Db, userId: string, data: OnboardingData) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        bio: answered(data.bio),
        location: answered(data.location),
        experience: answered(data.experience),
        specialties: answered(data.specialties),
        interests: answered(data.interests),
        favoriteStyles: answered(data.favoriteStyles),
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
          bio: shop.bio ?? answered(data.bio),
          location: shop.location ?? answered(data.location),
          specializations: shop.specializations.length ? shop.specializations : (data.specialties ?? []),
        })
        .where(eq(shops.id, shop.id));
    }
    return user;
  });
}
