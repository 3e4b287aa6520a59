import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../db/builders/academy';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let clientDir: string;
const script = `console.log(${JSON.stringify('a'.repeat(2000))})`;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  );
  // What the build writes (vite.config.ts): each text asset with its Brotli and gzip copies.
  const file = path.join(clientDir, 'assets', 'app-abc123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  t = await createTestApp({ clientDir });
  await createCourse(t.db, {
    id: 'c-setup',
    slug: 'setup-basics',
    title: 'Setup Basics',
    description: 'Relief and action.',
    sections: [{ title: 'Measure', lessons: [{ title: 'Relief', free: true }, { title: 'Nut' }] }],
  });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('built assets', () => {
  it('are sent compressed to browsers that accept it, Brotli first, and cached for a year', async () => {
    const br = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

describe('head tags in the HTML', () => {
  const robots = '<meta name="robots" content="noindex" />';

  it('a free lesson is indexable, with its title, canonical URL, Open Graph and JSON-LD', async () => {
    const html = (await t.app.inject('/lessons/c-setup-l1')).body;
    expect(html).toContain('<title>Relief — Setup Basics · Luthier Registry</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/lessons/c-setup-l1" />');
    expect(html).toContain('<meta property="og:title" content="Relief — Setup Basics" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('"@type":"LearningResource"');
    expect(html).toContain('"isPartOf":{"@type":"Course","name":"Setup Basics"');
    expect(html).not.toContain(robots);
  });

  it("a members' lesson and the signed-in pages (a passport, the dashboard) say noindex", async () => {
    const lesson = (await t.app.inject('/lessons/c-setup-l2')).body;
    expect(lesson).toContain(robots);
    expect(lesson).not.toContain('application/ld+json');
    const passport = (await t.app.inject('/instruments/0b8f6a8e-5d2c-4f7e-9a51-3c2d1e0f4a6b')).body;
    expect(passport).toContain(robots);
    expect(passport).toContain('<title>Instrument passport · Luthier Registry</title>');
    expect((await t.app.inject('/instruments/new')).body).toContain(
      '<title>Register instrument · Luthier Registry</title>',
    );
    expect((await t.app.inject('/dashboard')).body).toContain(robots);
    expect((await t.app.inject('/registry')).body).not.toContain(robots);
  });

  it('the sitemap lists free lessons and no passport', async () => {
    const sitemap = (await t.app.inject('/sitemap.xml')).body;
    expect(sitemap).toContain('<loc>http://localhost:3000/lessons/c-setup-l1</loc>');
    expect(sitemap).not.toContain('/lessons/c-setup-l2');
    expect(sitemap).not.toContain('/instruments');
  });
});

describe('addresses that are not pages', () => {
  it('the transparency log under /log is read by programs: an unknown address there is a JSON 404, not the app', async () => {
    for (const url of ['/log', '/log/', '/log/tiles', '/log/tile/0', '/log/checkpoint/old']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json<{ code: string }>().code, url).toBe('NOT_FOUND');
    }
    // A page address beside it still gets the app.
    expect((await t.app.inject('/logbook')).headers['content-type']).toMatch(/^text\/html/);
    const checkpoint = await t.app.inject('/log/checkpoint');
    expect(checkpoint.statusCode).toBe(200);
    expect(checkpoint.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});
