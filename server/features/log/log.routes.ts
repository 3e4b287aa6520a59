import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { latestCheckpoint } from '../../log/checkpoints';
import { cosignedNote } from '../../log/cosignatures';
import { indexLookup } from '../../log-index/indexer';
import { loadLogSigner } from '../../log/signing';
import { INDEX_LOG } from '../../log/store';
import { serve } from '../../plugins/api-route';
import { consistency, entryTlogProof, inclusionProof, logEntry, passportLog } from './log.queries';

/** The public transparency log: key, checkpoint, entries and proofs, in the formats Go's sumdb/tlog reads. */
export async function logRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const signer = await loadLogSigner(db, ctx.env);
  const indexSigner = await loadLogSigner(db, ctx.env, 'index');

  serve(app, 'GET /api/log/key', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(`${signer.vkey}\n`),
  );

  // The same note at both addresses: /log/checkpoint is where C2SP tlog-tiles clients look for it. It changes
  // with every append, so caches must ask again each time. The witnesses' cosignatures gathered so far follow the
  // log's own signature line.
  const sendCheckpoint = async (_request: unknown, reply: FastifyReply) => {
    const checkpoint = await latestCheckpoint(db, signer);
    const note = await cosignedNote(db, checkpoint.note, checkpoint.size, ctx.env.logPolicy);
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(note);
  };
  serve(app, 'GET /api/log/checkpoint', sendCheckpoint);
  serve(app, 'GET /log/checkpoint', sendCheckpoint);
  serve(app, 'GET /index/checkpoint', async (_request, reply) => {
    const checkpoint = await latestCheckpoint(db, indexSigner, INDEX_LOG);
    const note = await cosignedNote(db, checkpoint.note, checkpoint.size, ctx.env.logPolicy, INDEX_LOG);
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(note);
  });

  // A lookup names its revision (outputIndex): the same revision gives the same answer, so it may be kept briefly
  // and revalidated by its ETag; a newer revision follows within seconds of a new log entry.
  serve(app, 'GET /api/log/index/:code', async (request, reply) => {
    const code = request.params.code.toUpperCase();
    const lookup = await indexLookup(db, indexSigner, ctx.env.logPolicy, code);
    const etag = `"index-${lookup.outputIndex}-${lookup.outputCheckpoint.length}"`;
    reply.header('cache-control', 'public, max-age=5').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return lookup;
  });

  serve(app, 'GET /api/log/entries/:index', async (request, reply) => {
    const { index } = request.params;
    // A leaf never changes once written.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return logEntry(db, index);
  });

  // A proof file a verifier checks offline with nothing but a policy; it names its checkpoint, so it never changes,
  // but a newer witnessed checkpoint may come: kept briefly.
  serve(app, 'GET /api/log/entries/:index/tlog-proof', async (request, reply) => {
    const proof = await entryTlogProof(db, signer, ctx.env.logPolicy, request.params.index);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=60')
      .header('content-disposition', `inline; filename="entry-${request.params.index}.tlog-proof"`)
      .send(proof);
  });

  serve(app, 'GET /api/log/proof/inclusion', async (request) => {
    const { index, size } = request.query;
    return inclusionProof(db, index, size);
  });

  serve(app, 'GET /api/log/proof/consistency', async (request) => {
    const { from, to } = request.query;
    return consistency(db, from, to);
  });

  serve(app, 'GET /api/public/passports/:code/log', async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return passportLog(db, signer, ctx.env.logPolicy, request.params.code.toUpperCase());
  });
}
