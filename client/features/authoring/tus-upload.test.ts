import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, tusUpload } from './tus-upload';

/** A tus server in memory whose PATCHes fail as a test says. */
function fakeServer(failPatch: (n: number) => 'drop' | 'ok') {
  let held = 0;
  let patches = 0;
  const calls: string[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const h = new Headers(init?.headers);
    calls.push(`${method} ${h.get('upload-offset') ?? ''}`.trim());
    if (method === 'POST')
      return new Response(null, { status: 201, headers: { location: `${url}/${'a'.repeat(32)}` } });
    if (method === 'HEAD')
      return new Response(null, { status: 200, headers: { 'upload-offset': String(held) } });
    const body = init?.body as Blob;
    if (Number(h.get('upload-offset')) !== held) return new Response('offset', { status: 409 });
    if (failPatch(++patches) === 'drop') {
      // Half of the chunk arrived before the connection dropped.
      held += Math.floor(body.size / 2);
      throw new TypeError('network error');
    }
    held += body.size;
    return new Response(null, { status: 204, headers: { 'upload-offset': String(held) } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls, held: () => held };
}

describe('tus upload', () => {
  const file = new Blob([new Uint8Array(CHUNK_BYTES * 2 + 100)]);

  it('resumes after a dropped PATCH from the offset HEAD answers, and reports progress to the end', async () => {
    const server = fakeServer((n) => (n === 2 ? 'drop' : 'ok'));
    const progress: number[] = [];
    const id = await tusUpload('craft-l1', file, (sent) => progress.push(sent), {
      fetch: server.fetch,
      wait: async () => undefined,
    });
    expect(id).toBe('a'.repeat(32));
    expect(server.held()).toBe(file.size);
    const half = CHUNK_BYTES + CHUNK_BYTES / 2;
    expect(server.calls).toEqual([
      'POST',
      'PATCH 0',
      `PATCH ${CHUNK_BYTES}`,
      'HEAD',
      // What is left (half a chunk and 100 bytes) goes in one PATCH.
      `PATCH ${half}`,
    ]);
    expect(progress.at(-1)).toBe(file.size);
  });

  it('gives up after five failures in a row with a sentence', async () => {
    const server = fakeServer(() => 'drop');
    const tiny = new Blob([new Uint8Array(64)]);
    await expect(
      tusUpload('craft-l1', tiny, () => undefined, { fetch: server.fetch, wait: async () => undefined }),
    ).rejects.toThrow('The connection keeps failing; try again later.');
  });
});
