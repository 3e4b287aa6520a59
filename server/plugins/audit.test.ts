import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { audit } from './audit';

describe('audit', () => {
  it('logs a structured event without secrets', () => {
    const info = vi.fn();
    const request = { log: { info }, user: { id: 'u1' }, ip: '203.0.113.9' } as unknown as FastifyRequest;
    audit(request, 'auth.login.failure', {
      email: 'a@example.test',
      password: 'hunter22',
      resetToken: 'abc',
      passwordHash: 'x',
    });
    const [payload, message] = info.mock.calls[0] as [{ audit: Record<string, unknown> }, string];
    expect(message).toBe('audit auth.login.failure');
    expect(payload.audit).toEqual({
      event: 'auth.login.failure',
      userId: 'u1',
      ip: '203.0.113.9',
      email: 'a@example.test',
    });
  });
});
