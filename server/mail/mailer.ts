import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** No mail has one today; people's text in one goes through mailSafeText (server/notify/mail-text.ts), then HTML escaping. */
  html?: string;
  /** Where the recipient's Reply goes (a contact message to the operator: its sender). */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in DATA_DIR/outbox. Mails carry sign-in
 * power (reset, verification and undo links hold their token), so where the outbox file is written is all the log
 * says of one, except outside production, where its first link is logged too: a developer without a mail server
 * clicks it from the terminal (SECURITY.md, "Mail").
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Log each outbox mail's first link: development and tests only, never in production. */
  logLinks: boolean;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      if (!options.logLinks) {
        options.log.info({ subject: message.subject, file }, 'mail written to the outbox');
        return;
      }
      const link = /https?:\/\/\S+/.exec(message.text)?.[0];
      options.log.info(
        { to: message.to, subject: message.subject, file, link },
        'mail written to the outbox (its link is logged because NODE_ENV is not production)',
      );
    },
  };
}

/** Keeps mail in memory; tests read `sent`. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
