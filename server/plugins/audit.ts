import type { FastifyRequest } from 'fastify';

export type AuditEvent =
  | 'auth.login.success'
  | 'auth.login.failure'
  | 'auth.register'
  | 'auth.logout'
  | 'auth.password.changed'
  | 'auth.password.reset'
  | 'auth.email.changed'
  | 'auth.email.change_undone'
  | 'auth.sessions.ended_everywhere'
  | 'auth.email.change_requested'
  | 'auth.email.verified'
  | 'account.deleted'
  | 'transfer.offered'
  | 'purchase_offer.made'
  | 'purchase_offer.accepted'
  | 'transfer.accepted'
  | 'transfer.declined'
  | 'transfer.cancelled'
  | 'verification.changed'
  | 'contact.handled'
  | 'account.shop_opened';

const SECRET_KEYS = /pass(word)?|token|secret|hash|cookie|authorization/i;

/** Drops any field whose name suggests a secret, so an audit line can never carry one by mistake. */
function scrub(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_KEYS.test(key)));
}

/**
 * Writes one structured audit line (pino, level info, key `audit`): who, what, from where — never a password,
 * token or hash.
 */
export function audit(request: FastifyRequest, event: AuditEvent, data: Record<string, unknown> = {}): void {
  request.log.info(
    { audit: { event, userId: request.user?.id ?? null, ip: request.ip, ...scrub(data) } },
    `audit ${event}`,
  );
}
