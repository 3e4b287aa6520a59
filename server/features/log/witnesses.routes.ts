import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { witnessStatuses } from '../../log/cosignatures';
import { formatPolicy } from '../../../contract/log/policy';
import { loadLogSigner } from '../../log/signing';
import { serve } from '../../plugins/api-route';

/** The log's witness policy, as a verifier reads it, and how each witness's cosigning stands. */
export async function witnessRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, env } = ctx;
  const signer = await loadLogSigner(db, env);
  const policy = formatPolicy(env.logPolicy, { vkey: signer.vkey, url: `${env.publicUrl}/log` });

  serve(app, 'GET /log/policy', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=300').send(policy),
  );

  serve(app, 'GET /api/log/witnesses', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return witnessStatuses(db, env.logPolicy);
  });
}
