import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { witnessStatuses } from '../../log/cosignatures';
import { formatPolicy } from '../../../contract/log/policy';
import { loadLogSigner } from '../../log/signing';
import { serve } from '../../plugins/api-route';

/** The log's witness policy, as a verifier reads it, and how each witness's cosigning stands. */
export async function witnessRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, env } = ctx;
  const signer = await loadLogSigner(db, env);
  const indexSigner = await loadLogSigner(db, env, 'index');
  // Both logs, the passport log first: the witnesses and the quorum apply to each.
  const policy = formatPolicy(
    env.logPolicy,
    { vkey: signer.vkey, url: `${env.publicUrl}/log` },
    { vkey: indexSigner.vkey, url: `${env.publicUrl}/index` },
  );
  const sendPolicy = async (_request: unknown, reply: FastifyReply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=300').send(policy);
  serve(app, 'GET /log/policy', sendPolicy);
  serve(app, 'GET /index/policy', sendPolicy);

  serve(app, 'GET /api/log/witnesses', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return witnessStatuses(db, env.logPolicy);
  });
}
