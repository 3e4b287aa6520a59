import type { SessionUser } from '../../plugins/sessions';
import { publicOwnerOf, recordIsPublic, type OwnerFacts } from '../../log/public-projection';

export type { OwnerFacts } from '../../log/public-projection';

/** Who is looking at a passport; null for a guest. */
export type Viewer = SessionUser | null;

export const isAdmin = (viewer: Viewer) => viewer?.role === 'admin';

/** A passport code as people type it ("lr d78q ed47", "LRD78QED47"): its canonical LR-XXXX-XXXX form. */
export function normalizePassportCode(term: string): string {
  const bare = term.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return /^LR[0-9A-Z]{8}$/.test(bare) ? `LR-${bare.slice(2, 6)}-${bare.slice(6)}` : term.trim().toUpperCase();
}

/**
 * The name and place other people may see (public-projection.ts decides: "Private owner" unless the owner chose
 * to be named, "Former owner" for a deleted account). The owner themselves and admins see the name, but a private
 * owner's profile handle is never sent, so their name is never a link.
 */
export function publicOwner(
  rec: OwnerFacts,
  viewer: Viewer,
): { name: string; location: string | null; handle: string | null } {
  const sees = isAdmin(viewer) || Boolean(rec.userId && viewer?.id === rec.userId);
  if (!sees) return publicOwnerOf(rec);
  if (!rec.userId && rec.hadAccount) return { name: 'Former owner', location: null, handle: null };
  return {
    name: rec.userName ?? rec.ownerName,
    location: rec.location ?? rec.userLocation,
    handle: recordIsPublic(rec) ? (rec.userHandle ?? null) : null,
  };
}

/** Prices and emails belong to their owner: shown to that owner and to admins only. */
export const seesPrivate = (ownerUserId: string | null, viewer: Viewer) =>
  Boolean(viewer && ((ownerUserId && viewer.id === ownerUserId) || isAdmin(viewer)));
