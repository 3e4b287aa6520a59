import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePreloads } from './route-preload';

let clientDir: string;
let preloads: ReturnType<typeof routePreloads>;

beforeAll(() => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.mkdirSync(path.join(clientDir, '.vite'));
  // As vite.config.ts writes it: each client route with its page chunk and the chunks that imports.
  fs.writeFileSync(
    path.join(clientDir, '.vite', 'routes.json'),
    JSON.stringify({
      '/': ['/assets/home-1.js', '/assets/card-1.js'],
      '/listing/:slug': ['/assets/listing-1.js'],
      '/instruments/new': ['/assets/instrument-new-1.js'],
      '/instruments/:id': ['/assets/instrument-1.js'],
      '/lessons/:lessonId': ['/assets/lesson-1.js'],
      '*': ['/assets/not-found-1.js'],
    }),
  );
  preloads = routePreloads(clientDir);
});
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

const links = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)">`, 'g'))].map((m) => m[1]);

describe('route preloads', () => {
  it("lists the page's chunks as modulepreloads, ranking static paths before parameters", () => {
    expect(links(preloads('/', '', false), 'modulepreload')).toEqual([
      '/assets/home-1.js',
      '/assets/card-1.js',
    ]);
    expect(links(preloads('/instruments/new', '', false), 'modulepreload')).toEqual([
      '/assets/instrument-new-1.js',
    ]);
    expect(links(preloads('/instruments/abc', '', false), 'modulepreload')).toEqual([
      '/assets/instrument-1.js',
    ]);
    expect(links(preloads('/no/such/page', '', false), 'modulepreload')).toEqual(['/assets/not-found-1.js']);
  });

  it('preloads who is signed in everywhere and the record a public page shows, with credentials', () => {
    const html = preloads('/listing/guitar-setup', '', false);
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me">',
    );
    expect(links(html, 'preload')).toEqual(['/api/auth/me', '/api/lms/courses/listing/guitar-setup']);
    expect(links(preloads('/registry', '', false), 'preload')).toEqual([
      '/api/auth/me',
      '/api/registry/instruments?page=1&pageSize=24',
    ]);
    expect(links(preloads('/explore', '', false), 'preload')).toContain('/api/lms/courses/explore');
    expect(links(preloads('/u/ada', '', false), 'preload')).toContain('/api/profile/u/ada');
    expect(links(preloads('/l/ada-guitars', '', false), 'preload')).toContain('/api/profile/l/ada-guitars');
    // A passport and its owner's listing, which the page waits for so "For sale" does not shift it.
    expect(links(preloads('/p/LR-AB12-CD34', '', false), 'preload')).toEqual([
      '/api/auth/me',
      '/api/public/passports/LR-AB12-CD34',
      '/api/public/passports/LR-AB12-CD34/listing',
    ]);
  });

  it('leaves out reads the address alone does not decide', () => {
    // Filters in the query change the request; a member reads the lesson from another endpoint.
    expect(links(preloads('/registry', 'type=violin', false), 'preload')).toEqual(['/api/auth/me']);
    expect(links(preloads('/lessons/course-1-l1', '', false), 'preload')).toContain(
      '/api/public/lessons/course-1-l1',
    );
    expect(links(preloads('/lessons/course-1-l1', '', true), 'preload')).toEqual(['/api/auth/me']);
    // Nothing odd from the address reaches the HTML.
    expect(links(preloads('/listing/%22%3E%3Cscript%3E', '', false), 'preload')).toEqual(['/api/auth/me']);
    expect(links(preloads('/u/a/b', '', false), 'preload')).toEqual(['/api/auth/me']);
  });

  it('sends no modulepreloads when the build has no route table', () => {
    const bare = routePreloads(fs.mkdtempSync(path.join(os.tmpdir(), 'client-')));
    expect(links(bare('/listing/x', '', false), 'modulepreload')).toEqual([]);
  });
});
