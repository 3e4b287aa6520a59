// For the tests of mailed account links: who an account is now, and the token of the newest link mailed to it.
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import type { TestApp } from '../../test/test-app';

export function accountLinkKit(app: () => TestApp) {
  return {
    me: async (cookie: string) =>
      (await app().app.inject({ url: '/api/auth/me', headers: { cookie } })).json<{
        user: { email: string } | null;
      }>().user,
    emailOf: async (id: string) =>
      (await app().db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email,
    /** The token of the newest mail to `to` linking to `page`. */
    linkTo: (to: string, page: string): string => {
      const pattern = new RegExp(`/${page}\\?token=([A-Za-z0-9_%-]+)`);
      const mail = app()
        .mail.filter((m: MailMessage) => m.to === to && pattern.test(m.text))
        .at(-1);
      const token = pattern.exec(mail?.text ?? '')?.[1];
      if (!token) throw new Error(`no ${page} link in the newest mail to ${to}`);
      return decodeURIComponent(token);
    },
  };
}
