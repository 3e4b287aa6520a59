import { z } from 'zod';
import { emailSchema } from './auth';
import { CONTROL_CHAR_MESSAGE, isCleanLine, isCleanText } from './text';

/** Who runs this registry (OPERATOR_NAME, OPERATOR_EMAIL): named on /contact. */
export const operatorSchema = z.object({
  name: z.string(),
  /** The operator's own address; null when the operator chose not to publish one. */
  email: z.string().nullable(),
});

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 4000;

/** The /contact form: reaches the registry's admins (and the operator's mailbox); never another member. */
export const contactInputSchema = z.object({
  name: z
    .string({ message: 'Enter your name.' })
    .trim()
    .min(1, 'Enter your name.')
    .max(80, 'At most 80 characters.')
    .refine(isCleanLine, CONTROL_CHAR_MESSAGE),
  /** Where the answer goes: seen only by the registry's admins and its operator. */
  email: emailSchema,
  message: z
    .string({ message: 'Write a message.' })
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Write at least ${CONTACT_MESSAGE_MIN} characters.`)
    .max(CONTACT_MESSAGE_MAX, `At most ${CONTACT_MESSAGE_MAX.toLocaleString('en')} characters.`)
    .refine(isCleanText, CONTROL_CHAR_MESSAGE),
});
export type ContactInput = z.input<typeof contactInputSchema>;

/** A message through /contact as the admins see it in /admin. */
export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** Whether it was sent by a signed-in member (their handle when they have one). */
  memberHandle: z.string().nullable(),
  createdAt: z.string(),
  /** When an admin marked it handled (answered, or nothing to do); null while it is open. */
  handledAt: z.string().nullable(),
  /** The display name of the admin who marked it handled (null when open, or their account is gone). */
  handledBy: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessageListSchema = z.array(contactMessageSchema);

/** Marks a contact message handled (true) or open again (false). */
export const contactHandledInputSchema = z.object({ handled: z.boolean() });
