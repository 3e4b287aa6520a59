import type { MailMessage } from '../../mail/mailer';
import { mailSafeText } from '../../notify/mail-text';

// Every link here is built from the site's origin and a random token; names are defanged so no user text reads as
// a link.

export const verifyLink = (publicUrl: string, token: string) =>
  `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

export function verificationMail(to: string, displayName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your email address for Luthier Registry',
    text: `Hello ${mailSafeText(displayName)},\n\nPlease confirm that this is your email address by opening this link within 24 hours:\n\n${link}\n\nThe link works once. Until you confirm, ownership offers sent to this address cannot reach your account.\nIf you did not create an account, ignore this mail.\n`,
  };
}

export function emailChangeMail(to: string, displayName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new email address for Luthier Registry',
    text: `Hello ${mailSafeText(displayName)},\n\nSomeone (hopefully you) asked to use this address for their Luthier Registry account.\nNothing changes until you open this link within 24 hours:\n\n${link}\n\nThe link works once. If you did not ask for this, ignore this mail.\n`,
  };
}

export const undoLink = (publicUrl: string, token: string) =>
  `${publicUrl}/undo-email-change?token=${encodeURIComponent(token)}`;

/** To the address an email change replaced, at once: the owner's way back if the change was not theirs. */
export function emailChangedMail(
  to: string,
  displayName: string,
  newEmail: string,
  link: string,
): MailMessage {
  return {
    to,
    subject: 'The email address of your Luthier Registry account was changed',
    text: `Hello ${mailSafeText(displayName)},\n\nThe email address of your Luthier Registry account was just changed from this address to ${mailSafeText(newEmail)}.\n\nIf this was not you, open this link within 7 days to undo it:\n\n${link}\n\nIt gives this address back to the account, signs everyone out, cancels the current password and sends a link here to choose a new one. It works once, even if the password was changed since.\nIf you made the change yourself, ignore this mail.\n`,
  };
}
