import type { FastifyInstance } from 'fastify';
import {
  consistencyQuerySchema,
  inclusionQuerySchema,
  logEntryParamsSchema,
  logEntrySchema,
  logProofSchema,
  passportLogSchema,
} from '../../../contract/log';
import type { AppContext } from '../../context';
import { latestCheckpoint } from '../../log/checkpoints';
import { loadLogSigner } from '../../log/signing';
import { parse } from '../../plugins/errors';
import { consistency, inclusionProof, logEntry, passportLog } from './log.queries';

/** The public transparency log: key, checkpoint, entries and proofs, in the formats Go's sumdb/tlog reads. */
export async function logRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const signer = await loadLogSigner(db, ctx.env);

  app.get('/api/log/key', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(`${signer.vkey}\n`),
  );

  app.get('/api/log/checkpoint', async (_request, reply) => {
    const checkpoint = await latestCheckpoint(db, signer);
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(checkpoint.note);
  });

  app.get('/api/log/entries/:index', async (request, reply) => {
    const { index } = parse(logEntryParamsSchema, request.params);
    // A leaf never changes once written.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return logEntrySchema.parse(await logEntry(db, index));
  });

  app.get('/api/log/proof/inclusion', async (request) => {
    const { index, size } = parse(inclusionQuerySchema, request.query);
    return logProofSchema.parse(await inclusionProof(db, index, size));
  });

  app.get('/api/log/proof/consistency', async (request) => {
    const { from, to } = parse(consistencyQuerySchema, request.query);
    return logProofSchema.parse(await consistency(db, from, to));
  });

  app.get<{ Params: { code: string } }>('/api/public/passports/:code/log', async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return passportLogSchema.parse(await passportLog(db, signer, request.params.code.toUpperCase()));
  });
}
