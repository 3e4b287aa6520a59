import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { shops, users } from '../schema';
import { hashPassword } from '../../passwords/passwords';
import { splitName } from '../../../contract/names';

export interface UserSeed {
  email: string;
  password: string;
  displayName: string;
  role?: 'user' | 'luthier' | 'admin';
  handle?: string | null;
  onboardingComplete?: boolean;
  bio?: string | null;
  location?: string | null;
  experience?: string | null;
  interests?: string[];
  favoriteStyles?: string[];
  specialties?: string[];
  /** Whether the address counts as proven; sample and demo people are, so is everyone a test does not say otherwise. */
  emailVerified?: boolean;
  /** Passport privacy as chosen: false named, true "Private owner"; left out, they never chose (private). */
  ownerPrivacy?: boolean | null;
}

let sequence = 0;

/*
 * Under the test runner, people made with the same password share one argon2 hash (made once per process), so
 * the suites spend their time on the rules rather than on hashing; sample content and scripts hash each person.
 */
const testHashes = process.env.VITEST ? new Map<string, Promise<string>>() : null;
function passwordHashFor(password: string): Promise<string> {
  if (!testHashes) return hashPassword(password);
  let hash = testHashes.get(password);
  if (!hash) testHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** Creates a person; used by sample content and by tests alike. Unspecified fields get unique defaults. */
export async function createUser(db: Db, seed: Partial<UserSeed> = {}) {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  const displayName = seed.displayName ?? `Test Person ${tag}`;
  const [row] = await db
    .insert(users)
    .values({
      email: (seed.email ?? `person-${tag}@example.test`).toLowerCase(),
      passwordHash: await passwordHashFor(seed.password ?? 'correct horse battery'),
      displayName,
      ...splitName(displayName),
      role: seed.role ?? 'user',
      handle: seed.handle ?? null,
      onboardingComplete: seed.onboardingComplete ?? false,
      bio: seed.bio ?? null,
      location: seed.location ?? null,
      experience: seed.experience ?? null,
      interests: seed.interests ?? [],
      favoriteStyles: seed.favoriteStyles ?? [],
      specialties: seed.specialties ?? [],
      emailVerifiedAt: seed.emailVerified === false ? null : new Date(),
      ownerPrivacy: seed.ownerPrivacy ?? null,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export interface ShopSeed {
  name: string;
  slug?: string;
  contactName?: string | null;
  location?: string | null;
  establishedYear?: number | null;
  bio?: string | null;
  workshopBio?: string | null;
  specializations?: string[];
  /** Shipping, returns and commissions, shown on the storefront. */
  policies?: string | null;
  published?: boolean;
  verified?: boolean;
}

/** Creates a luthier's shop; its slug defaults to the owner's handle (one namespace). */
export async function createShop(db: Db, ownerId: string, seed: ShopSeed) {
  const [owner] = await db
    .select({ handle: users.handle, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, ownerId));
  const slug = seed.slug ?? owner?.handle;
  if (!slug) throw new Error('a shop needs a slug or an owner with a handle');
  const [row] = await db
    .insert(shops)
    .values({
      ownerId,
      name: seed.name,
      slug,
      contactName: seed.contactName ?? owner?.displayName ?? null,
      location: seed.location ?? null,
      establishedYear: seed.establishedYear ?? null,
      bio: seed.bio ?? null,
      workshopBio: seed.workshopBio ?? null,
      specializations: seed.specializations ?? [],
      policies: seed.policies ?? null,
      published: seed.published ?? true,
      verified: seed.verified ?? false,
    })
    .returning();
  if (!row) throw new Error('shop insert returned nothing');
  return row;
}
