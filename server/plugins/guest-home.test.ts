import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingHeroHtml } from '../../client/app/static-html';
import { createTestApp, signedInUser, type TestApp } from '../test/test-app';

// What the build writes (vite.config.ts): the app's index.html, and the landing's hero rendered by React from the
// components the app renders.
let t: TestApp;
let clientDir: string;
const HEADING = '<h1 class="font-serif text-4xl font-bold tracking-tight text-wood-900 sm:text-5xl">';
const PARAGRAPH =
  'Luthiers keep a public page and a shop, every handmade instrument gets a passport that follows it from the bench through every owner and repair, and anyone can learn the craft in a free academy.';

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.copyFileSync(
    path.join(import.meta.dirname, '../../client/index.html'),
    path.join(clientDir, 'index.html'),
  );
  fs.writeFileSync(path.join(clientDir, '.vite', 'landing-hero.html'), landingHeroHtml());
  t = await createTestApp({ clientDir });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const count = (html: string, part: string) => html.split(part).length - 1;

describe("a guest's / has the landing's hero in its HTML", () => {
  it('inside the frame, after the header: one main, one h1, and the root marked as a guest page', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toBe('Cookie');
    const html = res.body;
    expect(html).toContain('<div id="root" data-guest>');
    expect(html).toContain(`${HEADING}The living registry for handmade instruments</h1>`);
    expect(html).toContain(PARAGRAPH);
    expect(html).toContain('href="/explore"');
    expect(html).toContain('Start Learning</button>');
    expect(count(html, '<main')).toBe(1);
    expect(count(html, '<h1')).toBe(1);
    expect(html.indexOf('</header>')).toBeLessThan(html.indexOf('<main id="main"'));
    expect(html).not.toContain('<!--app-main-->');
  });

  it('with its query string too', async () => {
    expect((await t.app.inject('/?utm_source=mail')).body).toContain(PARAGRAPH);
  });

  it('a signed-in request gets no hero (their / is the dashboard) and no guest mark', async () => {
    const { cookie } = await signedInUser(t);
    const res = await t.app.inject({ url: '/', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toBe('Cookie');
    expect(res.body).not.toContain(PARAGRAPH);
    expect(res.body).not.toContain('<h1');
    expect(res.body).not.toContain('<main');
    expect(res.body).not.toContain('data-guest');
    expect(res.body).toContain('<div id="root">');
  });

  it('any session cookie counts, even one the server no longer knows: no hero flashes before /me answers', async () => {
    const res = await t.app.inject({ url: '/', headers: { cookie: 'sid=expired-or-unknown' } });
    expect(res.body).not.toContain(PARAGRAPH);
    expect(res.body).not.toContain('data-guest');
  });

  it('other pages never get it', async () => {
    for (const url of ['/explore', '/dashboard', '/no/such/page']) {
      const html = (await t.app.inject(url)).body;
      expect(html, url).not.toContain(PARAGRAPH);
      expect(html, url).not.toContain('data-guest');
    }
  });
});
