/**
 * The verification columns of a shop or an instrument once its badge is gone: who verified it, when and what they
 * checked are cleared. `recheckReason` says why when the badge went without an admin's decision (a rename, a
 * correction), so the admins' queue asks for a new check; null when an admin withdrew it.
 */
export const badgeRemoved = (recheckReason: string | null) => ({
  verified: false,
  verifiedById: null,
  verifiedAt: null,
  verificationNote: null,
  recheckReason,
});
