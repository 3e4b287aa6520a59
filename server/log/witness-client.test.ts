import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCheckpoint, addCheckpointBody } from './witness-client';
import { refusalWords } from './witness-refusal';

// A stand-in that answers each path with a fixed status, to check how answers are read (the real witness process
// is exercised in witnessing.test.ts).
const answers: Record<string, { status: number; type?: string; body: string; delayMs?: number }> = {
  '/conflict/add-checkpoint': { status: 409, type: 'text/x.tlog.size', body: '42\n' },
  '/untyped/add-checkpoint': { status: 409, type: 'text/plain', body: '42\n' },
  '/unknown/add-checkpoint': { status: 404, body: 'unknown origin\n' },
  '/untrusted/add-checkpoint': { status: 403, body: 'no trusted signature\n' },
  '/slow/add-checkpoint': { status: 200, body: '', delayMs: 2000 },
};
let base = '';
const bodies: string[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    bodies.push(body);
    const a = answers[req.url ?? '']!;
    setTimeout(
      () => res.writeHead(a.status, { 'content-type': a.type ?? 'text/plain' }).end(a.body),
      a.delayMs ?? 0,
    );
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const submission = { oldSize: 3, proof: ['AAAA', 'BBBB'], note: 'o\n5\nr\n\n\u2014 o sig\n' };

describe('add-checkpoint requests and answers', () => {
  it('sends old, the proof lines, an empty line and the checkpoint', async () => {
    await addCheckpoint(`${base}/conflict`, submission);
    expect(bodies.at(-1)).toBe('old 3\nAAAA\nBBBB\n\no\n5\nr\n\n\u2014 o sig\n');
    expect(addCheckpointBody({ ...submission, oldSize: 0, proof: [] })).toBe(`old 0\n\n${submission.note}`);
    expect(() => addCheckpointBody({ ...submission, proof: Array(64).fill('AAAA') })).toThrow('63');
  });

  it('reads a 409 size only from text/x.tlog.size, and names 404, 403, 422 and silence in words', async () => {
    expect(await addCheckpoint(`${base}/conflict`, submission)).toEqual({ kind: 'conflict', size: 42 });
    expect(await addCheckpoint(`${base}/untyped`, submission)).toMatchObject({
      kind: 'refused',
      status: 409,
    });
    const unknown = await addCheckpoint(`${base}/unknown`, submission);
    expect(unknown).toMatchObject({ kind: 'refused', status: 404 });
    expect(refusalWords.refused(404, '')).toMatch(/^unknown origin/);
    expect(refusalWords.refused(403, '')).toMatch(/does not trust this log's key/);
    expect(refusalWords.refused(422, 'proof\n')).toMatch(/^refused as inconsistent: .*\(proof\)$/);
    expect(await addCheckpoint(`${base}/slow`, submission, 200)).toEqual({
      kind: 'unreachable',
      reason: 'no answer within 0.2 s',
    });
    expect((await addCheckpoint('http://127.0.0.1:9', submission)).kind).toBe('unreachable');
  });
});
