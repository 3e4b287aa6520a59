import type { SessionUser } from '../../plugins/sessions';
import { mediaUrl } from '../../media/media-store';

/** Who is looking at a passport; null for a guest. */
export type Viewer = SessionUser | null;

export const isAdmin = (viewer: Viewer) => viewer?.role === 'admin';

/** `like` treats % _ and \ as wildcards or escapes; user input must match them literally. */
export function escapeLike(input: string): string {
  return input.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** URLs of a photo: a static drawing as it is, an upload as its largest variant (url) and 640 px (imageUrl). */
export function imageUrls(img: {
  staticUrl: string | null;
  mediaId: string | null;
  widths: number[] | null;
}) {
  if (img.mediaId && img.widths?.length) {
    const m = { id: img.mediaId, widths: img.widths };
    return { url: mediaUrl(m), imageUrl: mediaUrl(m, 640) };
  }
  const url = img.staticUrl ?? '';
  return { url, imageUrl: url };
}

export interface OwnerFacts {
  userId: string | null;
  hadAccount: boolean;
  ownerName: string;
  location: string | null;
  userName: string | null;
  userLocation: string | null;
  userPrivacy: boolean | null;
  /** The account's profile handle, if it has one. */
  userHandle?: string | null;
}

/**
 * The name and place other people may see: "Private owner" hides both, deleted accounts are "Former owner".
 * The profile handle (the link to /u/{handle}) goes only with an account whose owner chose to be public: a private
 * owner's is never sent, not even to themselves or admins who see their name, so their name is never a link.
 */
export function publicOwner(
  rec: OwnerFacts,
  viewer: Viewer,
): { name: string; location: string | null; handle: string | null } {
  if (rec.userId) {
    const self = viewer?.id === rec.userId || isAdmin(viewer);
    if (rec.userPrivacy && !self) return { name: 'Private owner', location: null, handle: null };
    return {
      name: rec.userName ?? rec.ownerName,
      location: rec.location ?? rec.userLocation,
      handle: rec.userPrivacy ? null : (rec.userHandle ?? null),
    };
  }
  if (rec.hadAccount) return { name: 'Former owner', location: null, handle: null };
  return { name: rec.ownerName, location: rec.location, handle: null };
}

/** Prices and emails belong to their owner: shown to that owner and to admins only. */
export const seesPrivate = (ownerUserId: string | null, viewer: Viewer) =>
  Boolean(viewer && ((ownerUserId && viewer.id === ownerUserId) || isAdmin(viewer)));
