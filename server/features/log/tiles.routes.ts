import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { parseTilePath, type TileAddress } from '../../log/tile-path';
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
const PREFIX = '/log/';

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
function addressOf(request: FastifyRequest): TileAddress {
  const [path = ''] = request.url.split('?');
  const address = parseTilePath(path.slice(PREFIX.length));
  if (!address)
    throw badRequest(
      'This is not a tile address: tile/<level>/<N>[.p/<width>] or tile/entries/<N>[.p/<width>], with <N> in groups of three digits (1234067: x001/x234/067).',
    );
  return address;
}

const missing = () =>
  notFound('The log does not have this tile (yet): fetch /log/checkpoint for its current size.');

/** The transparency log as C2SP tlog-tiles under /log: hash tiles and entry bundles (the checkpoint is in log.routes). */
export async function tileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  serve(app, 'GET /log/tile/:level/*', async (request, reply) => {
    // tile/entries/… is the route below (a static segment wins), so this one only sees numbered levels.
    const tile = await readHashTile(db, addressOf(request));
    if (!tile) throw missing();
    return reply.type(OCTETS).header('cache-control', TILE_CACHE).send(tile);
  });

  serve(app, 'GET /log/tile/entries/*', async (request, reply) => {
    const bundle = await readEntryBundle(db, addressOf(request));
    if (!bundle) throw missing();
    reply.type(OCTETS).header('cache-control', TILE_CACHE).header('vary', 'Accept-Encoding');
    // Entries are JSON text: gzip makes a bundle several times smaller, as the spec recommends.
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(bundle);
    return reply.header('content-encoding', 'gzip').send(await gzipAsync(bundle));
  });
}
