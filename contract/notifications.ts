import { z } from 'zod';

/** Everything a person can be told about; each kind is an inbox entry and, by preference, a mail. */
export const NOTIFICATION_KINDS = [
  'offer_received',
  'offer_accepted',
  'offer_declined',
  'offer_expired',
  'offer_cancelled',
  'service_pending',
  'service_approved',
  'service_rejected',
  'service_claim',
  'service_claim_answered',
  'verification_given',
  'verification_removed',
  'password_changed',
  'email_change_requested',
  'shop_message',
  'shop_reply',
  'stolen_check',
  'stolen_offer_cancelled',
  'log_witness_refused',
  'passport_corrected',
  'stolen_sighting',
  'contact_message',
  'purchase_offer',
  'course_unpublished',
  'course_reported',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** Messages between a member and a shop: the kinds of entry that can be answered in the app. */
export const MESSAGE_KINDS = ['shop_message', 'shop_reply'] as const satisfies readonly NotificationKind[];

/** Only admins ever get these; nobody else is offered a choice about them. */
export const ADMIN_KINDS: readonly NotificationKind[] = [
  'log_witness_refused',
  'contact_message',
  'course_reported',
];

/**
 * What only a shop's owner can get: messages to their shop, records naming it, and the answer to a record they
 * wrote for someone else's instrument (only a luthier with a shop can write one). Offered once there is a shop.
 */
export const SHOP_KINDS: readonly NotificationKind[] = [
  'shop_message',
  'service_claim',
  'service_approved',
  'service_rejected',
  'course_unpublished',
];

/** Account-security mails are always sent: they are how a person learns that someone else acted as them. */
export const ALWAYS_MAILED: readonly NotificationKind[] = ['password_changed', 'email_change_requested'];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  offer_received: 'An ownership offer is made to you',
  offer_accepted: 'Your offer is accepted',
  offer_declined: 'Your offer is declined',
  offer_expired: 'An offer expires',
  offer_cancelled: 'An offer to you is cancelled',
  service_pending: 'A service record awaits your approval',
  service_approved: 'Your service record is approved',
  service_rejected: 'Your service record is rejected',
  service_claim: 'A service record names your shop',
  service_claim_answered: 'A shop answers a service record you wrote',
  verification_given: 'A shop or instrument of yours is verified',
  verification_removed: 'A verification is removed',
  password_changed: 'Your password is changed',
  email_change_requested: 'A change of your email address is requested',
  shop_message: 'A message to your shop',
  shop_reply: 'A reply to a message you sent',
  stolen_check: 'Someone checks your stolen instrument',
  stolen_offer_cancelled: 'An offer is cancelled because the instrument was reported stolen',
  log_witness_refused: 'A witness refuses the transparency log as inconsistent (admins)',
  passport_corrected: 'The maker corrects a fact of an instrument you own',
  stolen_sighting: 'Someone has information about your stolen instrument',
  contact_message: 'A message through the contact page (admins)',
  purchase_offer: 'An offer to buy or sell an instrument moves on',
  course_unpublished: 'An admin unpublishes a course you wrote',
  course_reported: 'Someone reports a course (admins)',
};

export const notificationSchema = z.object({
  id: z.string(),
  type: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /**
   * A message from a member to a shop, or a reply in that conversation: the recipient may answer it in the app
   * (POST /api/notifications/{id}/reply). Who wrote it stays on the server; neither side sees the other's email.
   */
  canReply: z.boolean(),
  /**
   * A service record naming the recipient's shop as its servicer: while pending, the entry offers Confirm and
   * Decline (POST /api/registry/service-records/{recordId}/confirm or /decline).
   */
  serviceClaim: z
    .object({ recordId: z.string(), status: z.enum(['none', 'pending', 'confirmed', 'declined']) })
    .nullable()
    .optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationPreferencesSchema = z.object({
  mail: z.record(notificationKindSchema, z.boolean()),
  /**
   * The kinds that can reach this account, in order: what the settings offer. Admins' kinds only for admins,
   * shop owners' only with a shop. A setting for another kind is kept (it applies once it can happen).
   */
  kinds: z.array(notificationKindSchema),
});

/** An answer to a shop message or a reply: the same rules as the message itself. */
export { shopMessageSchema as notificationReplySchema } from './profiles';
export type { ShopMessageInput as NotificationReplyInput } from './profiles';

/** A partial update: kinds left out keep their setting. */
export const notificationPreferencesUpdateSchema = z.object({
  mail: z.partialRecord(notificationKindSchema, z.boolean({ message: 'Must be true or false.' })),
});
export type NotificationPreferencesUpdate = z.input<typeof notificationPreferencesUpdateSchema>;
