import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { parseTilePath, type TileAddress } from '../../log/tile-path';
import { INDEX_LOG, PASSPORT_LOG, type LogStore } from '../../log/store';
import { readEntryBundle, readHashTile } from '../../log/tiles';
import { serve } from '../../plugins/api-route';
import { badRequest, notFound } from '../../plugins/errors';

const gzipAsync = promisify(gzip);

/**
 * A tile's bytes never change: its width is part of its address and only complete subtrees are stored, so a
 * partial tile of width W is the same W hashes forever. Full and partial alike are cached as immutable, as the
 * spec asks of the tile endpoints; what moves is the checkpoint, which is never cached without asking again.
 */
export const TILE_CACHE = 'public, max-age=31536000, immutable';
const OCTETS = 'application/octet-stream';

/** Whether the client takes gzip: listed (or `*`) with a non-zero quality. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== 'gzip' && name.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The address as sent, not as the router decoded it: `%2F` or `%78` are not the spec's grammar. */
function addressOf(request: FastifyRequest, prefix: string): TileAddress {
  const [path = ''] = request.url.split('?');
  const address = parseTilePath(path.slice(prefix.length));
  if (!address)
    throw badRequest(
      'This is not a tile address: tile/<level>/<N>[.p/<width>] or tile/entries/<N>[.p/<width>], with <N> in groups of three digits (1234067: x001/x234/067).',
    );
  return address;
}

const missing = (name: string) =>
  notFound(`The log does not have this tile (yet): fetch /${name}/checkpoint for its current size.`);

/** The transparency logs as C2SP tlog-tiles under /log and /index: hash tiles and entry bundles (checkpoints: log.routes). */
export async function tileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  // The passport log under /log and the verifiable index's output log under /index: one code, two stores.
  const tile = (store: LogStore) => async (request: FastifyRequest, reply: FastifyReply) => {
    // tile/entries/… is the route below (a static segment wins), so this one only sees numbered levels.
    const bytes = await readHashTile(db, addressOf(request, `/${store.name}/`), store);
    if (!bytes) throw missing(store.name);
    return reply.type(OCTETS).header('cache-control', TILE_CACHE).send(bytes);
  };
  const entries = (store: LogStore) => async (request: FastifyRequest, reply: FastifyReply) => {
    const bundle = await readEntryBundle(db, addressOf(request, `/${store.name}/`), store);
    if (!bundle) throw missing(store.name);
    reply.type(OCTETS).header('cache-control', TILE_CACHE).header('vary', 'Accept-Encoding');
    // Entries are JSON text: gzip makes a bundle several times smaller, as the spec recommends.
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(bundle);
    return reply.header('content-encoding', 'gzip').send(await gzipAsync(bundle));
  };
  serve(app, 'GET /log/tile/:level/*', tile(PASSPORT_LOG));
  serve(app, 'GET /log/tile/entries/*', entries(PASSPORT_LOG));
  serve(app, 'GET /index/tile/:level/*', tile(INDEX_LOG));
  serve(app, 'GET /index/tile/entries/*', entries(INDEX_LOG));
}
