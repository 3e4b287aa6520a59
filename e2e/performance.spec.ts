import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { collectConsoleErrors, expect, test } from './fixtures';

/**
 * The JavaScript a first visit to `/` loads, gzip-compressed: the target is 120 KB (120,000 bytes); the budget
 * stands at 122,000 while the typed API client's 0.5 KB and the page manifest's Teach and Offers pages (0.1 KB)
 * are won back. What was cut to stay under it, and what it cost, is in docs/decisions/008-client-chunks.md.
 */
const INITIAL_JS_BUDGET = 122_000;
/**
 * The same on a public passport: the app's first script, the page's chunk and the few small chunks it shares.
 * It was about 164 KB while the page loaded zod and the log verifier at once; 136.8 KB with the for-sale panel's
 * Make an offer button (its dialog and form load on the click).
 */
const PASSPORT_JS_BUDGET = 137_000;

/**
 * Every script the page loads from navigation until it is shown and quiet, with the gzip size of each body. The
 * page is given two more seconds after the network settles, so work deferred to an idle moment counts too.
 */
async function scriptsLoadedBy(page: Page, path: string) {
  const scripts: { url: string; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        scripts.push({
          url: new URL(response.url()).pathname,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
        });
      }),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return scripts.sort((a, b) => b.gzip - a.gzip);
}

/** The public pages Lighthouse is run on, with sample content. */
const PUBLIC_PAGES = [
  '/',
  '/explore',
  '/registry',
  '/listing/guitar-setup-fundamentals',
  '/lessons/course-3-l1',
  '/u/elena-marquez',
  '/l/elena-marquez',
];

test.describe('performance budgets', () => {
  test('the initial JavaScript on / is at most 122 KB gzip (target 120 KB)', async ({ page }) => {
    const scripts = await scriptsLoadedBy(page, '/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'The living registry for handmade instruments' }),
    ).toBeVisible();
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const listing = scripts.map((s) => `${String(s.gzip).padStart(7)}  ${s.url}`).join('\n');
    test.info().annotations.push({ type: 'initial JS on / (gzip bytes)', description: String(total) });
    console.log(`Initial JavaScript on /: ${total} bytes gzip\n${listing}`);
    expect(total, `scripts loaded by /:\n${listing}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  // The verifier (the log's formats and zod, which checks its leaves) is most of what a passport used to load
  // first; it now comes with the click that needs it (bench/rounds.md, "the public passport's first load").
  test('a public passport loads neither zod nor the log verifier before "Verify this passport"', async ({
    page,
  }) => {
    const instruments = (await (await page.request.get('/api/registry/instruments?pageSize=48')).json()) as {
      passportCode: string;
      status: string;
    }[];
    const code = instruments.find((i) => i.status === 'active')!.passportCode;
    const bodies: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        void response.text().then((text) => bodies.push(text));
    });
    const scripts = await scriptsLoadedBy(page, `/p/${code}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const listing = scripts.map((s) => `${String(s.gzip).padStart(7)}  ${s.url}`).join('\n');
    console.log(`Initial JavaScript on a public passport: ${total} bytes gzip\n${listing}`);
    const zod = (text: string) => text.includes('ZodObject');
    const verifier = (text: string) => text.includes('there are no log entries for this passport');
    expect(bodies.length).toBe(scripts.length);
    expect(bodies.filter(zod), `zod among the first scripts:\n${listing}`).toEqual([]);
    expect(bodies.filter(verifier), `the verifier among the first scripts:\n${listing}`).toEqual([]);
    expect(total, `scripts loaded by /p/${code}:\n${listing}`).toBeLessThanOrEqual(PASSPORT_JS_BUDGET);

    const verifierLoaded = page.waitForResponse(
      async (r) => r.request().resourceType() === 'script' && verifier(await r.text()),
    );
    await page.getByRole('button', { name: 'Verify this passport' }).click();
    await verifierLoaded;
    await expect(page.getByText(/^\d+ events?, chain intact, included in the registry log/)).toBeVisible();
  });

  // Fonts are the system's (client/app.css) and every asset is served by the app: no page asks another origin
  // for anything, so nothing waits on a third party and the CSP needs no exceptions. Zod's eval probe, refused by
  // the CSP, used to show up here as a violation on pages that parse API answers. The server preloads each page's
  // first API reads (server/plugins/route-preload.ts): the app must pick every one up, none fetched twice.
  test('public pages stay on one origin, break no CSP rule, and use their preloaded reads once', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    const origin = new URL(baseURL!).origin;
    const foreign: string[] = [];
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const w = window as unknown as { cspViolations?: string[] };
        (w.cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    // Each page in a tab of its own, left open: Chromium warns a few seconds after load about a preload nothing
    // has used, and those seconds pass for all the tabs at once.
    const tabs: { path: string; warnings: string[] }[] = [];
    let lastLoad = 0;
    for (const [i, path] of PUBLIC_PAGES.entries()) {
      const tab = i === 0 ? page : await context.newPage();
      if (tab !== page) collectConsoleErrors(tab, consoleErrors);
      const apiReads: string[] = [];
      const warnings: string[] = [];
      tabs.push({ path, warnings });
      tab.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
        else if (url.pathname.startsWith('/api/'))
          apiReads.push(`${request.method()} ${url.pathname}${url.search}`);
      });
      tab.on('console', (message) => {
        if (message.type() === 'warning' && /preload/i.test(message.text())) warnings.push(message.text());
      });
      await tab.goto(path, { waitUntil: 'networkidle' });
      lastLoad = Date.now();
      await expect(tab.locator('h1').first()).toBeVisible();
      const violations = await tab.evaluate(
        () => (window as { cspViolations?: string[] }).cspViolations ?? [],
      );
      expect(violations, `CSP violations on ${path}`).toEqual([]);
      const preloaded = await tab.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].map(
          (link) => `GET ${new URL(link.href).pathname}${new URL(link.href).search}`,
        ),
      );
      expect(preloaded, `preloaded reads of ${path}`).toContain('GET /api/auth/me');
      expect(
        apiReads.filter((r, j) => apiReads.indexOf(r) !== j),
        `reads fetched twice on ${path}`,
      ).toEqual([]);
    }
    // The warning comes about 3 s after a load: 3.5 s after the last page's, every tab has had its chance.
    await page.waitForTimeout(Math.max(0, lastLoad + 3500 - Date.now()));
    for (const { path, warnings } of tabs) expect(warnings, `unused preloads on ${path}`).toEqual([]);
    expect(foreign).toEqual([]);
  });
});

/** Records every layout-shift entry of the page from its first moment (installed before any script runs). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShifts: { value: number; sources: string[] }[] };
    w.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node?: Node }[];
      })[])
        w.layoutShifts.push({
          value: entry.value,
          sources: entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? '?'),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Scrolls through the page (lazy images load as they near the screen), waits until every image has loaded,
 * then sums all its layout shifts, including those right after input.
 */
async function layoutShiftAfterImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)),
    )
    .toBe(true);
  await page.waitForTimeout(500);
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts,
  );
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

const jpeg = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

test.describe('images', () => {
  // A luthier registers an instrument with three uploaded photos (one smaller than the widest variant), so the
  // registry's first card and the passport's gallery show uploads; sample instruments show SVG drawings.
  test('uploads carry srcset and sizes, and photos cause no layout shift on /registry or a passport', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 412, height: 823 });
    expect(
      (
        await page.request.post('/api/auth/login', {
          data: { email: 'luthier@example.com', password: 'luthier-demo-2026' },
        })
      ).status(),
    ).toBe(200);
    const name = `Budget Violin ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/registry/instruments', {
      data: { name, instrumentType: 'violin', category: 'classical', yearMade: 2024 },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (const [width, height, color, caption] of [
      [1600, 1200, '#8b4513', 'Front'],
      [1600, 1200, '#d2a064', 'Back'],
      [500, 375, '#5f301a', 'Label'],
    ] as const) {
      const res = await page.request.post(`/api/registry/instruments/${id}/images`, {
        multipart: {
          file: { name: `${caption}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(width, height, color) },
          caption,
        },
      });
      expect(res.status()).toBe(201);
    }

    await recordLayoutShifts(page);

    // The registry: the newest instrument (ours) comes first, its photo the page's likely largest paint.
    await page.goto('/registry');
    const first = page.getByRole('list', { name: 'Instruments' }).getByRole('article').first();
    await expect(first).toHaveAccessibleName(name);
    const cover = first.locator('img');
    await expect(cover).toHaveAttribute(
      'srcset',
      /\/media\/[\w-]+\/320\.webp 320w, .*640\.webp 640w, .*1280\.webp 1280w/,
    );
    await expect(cover).toHaveAttribute('sizes', /100vw$/);
    await expect(cover).toHaveAttribute('fetchpriority', 'high');
    await expect(cover).toHaveAttribute('width', '640');
    await expect(cover).toHaveAttribute('height', '480');
    // A sample's drawing (other journeys may have added uploads before it, so not simply the second card).
    const drawing = page.getByRole('list', { name: 'Instruments' }).locator('img[src$=".svg"]').first();
    await expect(drawing).toHaveAttribute('loading', 'lazy');
    await expect(drawing).toHaveAttribute('decoding', 'async');
    await expect(drawing).not.toHaveAttribute('srcset');
    const registry = await layoutShiftAfterImages(page);
    test.info().annotations.push({ type: 'CLS /registry', description: registry.total.toFixed(4) });
    console.log(`Layout shift on /registry with every image loaded: ${registry.total.toFixed(4)}`);
    expect(registry.total, JSON.stringify(registry.shifts)).toBeLessThan(0.02);
    // On a 412 px wide phone a result is a row with a 112 px thumbnail (DPR 1): the 320 px file is enough.
    await expect(cover).toHaveAttribute('sizes', /^\(max-width: 639px\) 112px, /);
    expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/320\.webp$/);

    // The passport's gallery: three photos, the small one answered at every width by its 500 px file.
    await page.goto(`/instruments/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('tab', { name: 'Gallery' }).click();
    const photos = page.getByRole('list', { name: 'Photos' }).locator('img');
    await expect(photos).toHaveCount(3);
    for (const img of await photos.all()) {
      await expect(img).toHaveAttribute('srcset', / 1280w$/);
      await expect(img).toHaveAttribute('width', '640');
    }
    const gallery = await layoutShiftAfterImages(page);
    test.info().annotations.push({ type: 'CLS passport gallery', description: gallery.total.toFixed(4) });
    console.log(`Layout shift on a passport with its gallery loaded: ${gallery.total.toFixed(4)}`);
    expect(gallery.total, JSON.stringify(gallery.shifts)).toBeLessThan(0.02);
    const smallSrc = await photos.nth(2).evaluate((img: HTMLImageElement) => img.currentSrc);
    const smallBytes = await (await page.request.get(smallSrc)).body();
    expect((await sharp(smallBytes).metadata()).width).toBe(500);
  });
});
