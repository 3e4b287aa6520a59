import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeArgs } from '../server/test/processes';
import { getBounded } from './verify/bounded-io';

// One backend: the verifier never touches the database; these are hostile files and servers on 127.0.0.1.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-hostile-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function cli(env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, [...(await nodeArgs('scripts/verify.ts')), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    timeout: 60_000,
  }).then(
    (r) => ({ code: 0, err: r.stderr }),
    (e: { code: number; stderr: string }) => ({ code: e.code, err: e.stderr }),
  );
}

/** A PDF with the given objects (1: the catalog), its cross-reference table and trailer. */
function pdf(objects: string[]): string {
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  return `${out}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}
const catalog = '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 3 0 R >> >>';
const pages = '<< /Type /Pages /Kids [] /Count 0 >>';
const attached = (stream: string) =>
  pdf([
    catalog,
    pages,
    '<< /Names [(passport-log.json) 4 0 R] >>',
    '<< /Type /Filespec /F (passport-log.json) /EF << /F 5 0 R >> >>',
    stream,
  ]);

const crafted: [string, string][] = [
  // 30 kids that are the node itself, 20 levels deep: 30^20 visits before the tree walk had a visited set.
  ['a name tree whose /Kids name itself', pdf([catalog, pages, `<< /Kids [${'3 0 R '.repeat(30)}] >>`])],
  [
    "two name-tree nodes that are each other's /Kids",
    pdf([catalog, pages, '<< /Kids [4 0 R 4 0 R] >>', '<< /Kids [3 0 R 3 0 R] >>']),
  ],
  ['a stream with a huge declared length', attached('<< /Length 99999999999 >>\nstream\nabc\nendstream')],
  [
    'arrays nested 100,000 deep',
    pdf([catalog, pages, `<< /Names [(a) ${'['.repeat(100_000)}${']'.repeat(100_000)}] >>`]),
  ],
  [
    'an attachment behind chained filters',
    attached(
      '<< /Length 9 /Filter [/RunLengthDecode /RunLengthDecode] >>\nstream\n\x81\x81\x81\x81\x81\x81\x81\x81\x80\nendstream',
    ),
  ],
];

/** An object stream behind five RunLengthDecode layers, each of which repeats what the one below it made. */
const chainedObjectStream = (() => {
  const data = `${'\x81'.repeat(300)}\x80`;
  const filters = Array(5).fill('/RunLengthDecode').join(' ');
  return `%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter [${filters}] /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\ntrailer\n<< /Root 2 0 R /Size 3 >>\n%%EOF\n`;
})();

describe('hostile dossiers', () => {
  it.each(crafted)('%s: exit 2 with a reason', async (_name, text) => {
    const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
    fs.writeFileSync(file, Buffer.from(text, 'latin1'));
    const { code, err } = await cli({}, file);
    expect(code).toBe(2);
    expect(err).toMatch(/^COULD NOT CHECK: .+/m);
  });

  it('an object stream behind five chained filters: exit 2 once the decoding time is spent', async () => {
    // It spun for minutes: the layers cost time without growing any buffer past the byte budget.
    const file = path.join(tmp, 'chained-object-stream.pdf');
    fs.writeFileSync(file, Buffer.from(chainedObjectStream, 'latin1'));
    const { code, err } = await cli({ VERIFY_PDF_DECODE_MS: '300' }, file);
    expect(code).toBe(2);
    expect(err).toMatch(/^COULD NOT CHECK: not a readable PDF: its streams take more than 0.3 s to decode/m);
  });
});

describe('hostile servers', () => {
  const servers: http.Server[] = [];
  afterAll(() =>
    servers.forEach((s) => {
      s.closeAllConnections();
      s.close();
    }),
  );
  async function serve(handler: http.RequestListener): Promise<string> {
    const server = http.createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('a server that never answers: exit 2 once VERIFY_TIMEOUT_MS has passed', async () => {
    const base = await serve(() => {});
    const { code, err } = await cli({ VERIFY_TIMEOUT_MS: '300' }, `${base}/p/LR-AAAA-BBBB`);
    expect(code).toBe(2);
    expect(err).toMatch(/did not answer within 0.3 s/);
  });

  it('a server that sends its answer a byte at a time forever: exit 2 within the timeout', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(timer));
    });
    const { code, err } = await cli({ VERIFY_TIMEOUT_MS: '500' }, `${base}/p/LR-AAAA-BBBB`);
    expect(code).toBe(2);
    expect(err).toMatch(/did not answer within 0.5 s/);
  });

  it('an endless answer is cut at the size limit', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const base = await serve((_req, res) => {
      res.writeHead(200);
      const pump = () => {
        while (res.write(chunk));
      };
      res.on('drain', pump);
      pump();
    });
    await expect(getBounded(fetch, `${base}/x`, { max: 1024 * 1024, timeoutMs: 30_000 })).rejects.toThrow(
      /answers more than 1048576 bytes/,
    );
  });
});
