import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, test as base } from './fixtures';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export const WIDTHS = [1280, 375] as const;

export type Role = 'guest' | 'enthusiast' | 'luthier' | 'admin';
type SignedInRole = Exclude<Role, 'guest'>;

export const ACCOUNTS: Record<SignedInRole, { email: string; password: string }> = {
  enthusiast: { email: 'enthusiast@example.com', password: 'enthusiast-demo-2026' },
  luthier: { email: 'luthier@example.com', password: 'luthier-demo-2026' },
  admin: { email: 'admin@example.com', password: 'admin-demo-2026' },
};

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/**
 * Real ids, slugs and handles read from the API once per worker, and one signed-in storage state per demo
 * account (signed in once through the API, then shared by every test of that role in the worker).
 */
export interface World {
  states: Record<SignedInRole, StorageState>;
  courseSlug: string;
  freeLessonId: string;
  premiumLessonId: string;
  /** A course the enthusiast is enrolled in, and the lesson they would continue with. */
  enrolledCourseId: string;
  enrolledLessonId: string;
  /** An instrument the demo luthier made, and a pending transfer from the luthier to the enthusiast. */
  instrumentId: string;
  transferId: string;
  userHandle: string;
  shopHandle: string;
}

async function json<T>(res: { ok(): boolean; status(): number; url(): string; json(): Promise<unknown> }) {
  expect(res.ok(), `${res.url()} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

async function buildWorld(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string): Promise<World> {
  const contexts = await Promise.all(
    (Object.keys(ACCOUNTS) as SignedInRole[]).map(async (role) => {
      const context = await playwright.request.newContext({ baseURL });
      await json(await context.post('/api/auth/login', { data: ACCOUNTS[role] }));
      return [role, context] as const;
    }),
  );
  const ctx = Object.fromEntries(contexts) as Record<SignedInRole, (typeof contexts)[number][1]>;
  try {
    const courses = await json<{ slug: string }[]>(await ctx.enthusiast.get('/api/lms/courses/explore'));
    const course = courses[0];
    if (!course) throw new Error('no course to show');
    const detail = await json<{ curriculum: { lessons: { id: string; free: boolean }[] }[] }>(
      await ctx.enthusiast.get(`/api/lms/courses/listing/${course.slug}`),
    );
    const lessons = detail.curriculum.flatMap((s) => s.lessons);
    const mine = await json<{ id: string; nextLessonId: string | null }[]>(
      await ctx.enthusiast.get('/api/lms/my-courses'),
    );
    const enrolled = mine.find((c) => c.nextLessonId);
    const me = await json<{ user: { handle: string | null } }>(await ctx.enthusiast.get('/api/auth/me'));
    const registry = await json<{ registered: { id: string }[]; shop: { slug: string } | null }>(
      await ctx.luthier.get('/api/registry/me'),
    );

    // A fresh instrument of the luthier's, offered to the enthusiast: /transfers/:id has a pending offer to show.
    const made = await json<{ id: string }>(
      await ctx.luthier.post('/api/registry/instruments', {
        data: {
          name: `A11y Guitar ${Date.now().toString(36)}`,
          instrumentType: 'guitar',
          category: 'acoustic',
          yearMade: 2025,
        },
      }),
    );
    const transfer = await json<{ id: string }>(
      await ctx.luthier.post(`/api/registry/instruments/${made.id}/transfers`, {
        data: { recipient: ACCOUNTS.enthusiast.email, method: 'gift' },
      }),
    );

    const states = Object.fromEntries(
      await Promise.all(
        (Object.keys(ctx) as SignedInRole[]).map(async (role) => [role, await ctx[role].storageState()]),
      ),
    ) as Record<SignedInRole, StorageState>;
    const sample = registry.registered[0];
    if (!enrolled?.nextLessonId || !me.user.handle || !registry.shop || !sample)
      throw new Error('the sample content lacks an enrolment, a handle, a shop or an instrument');
    return {
      states,
      courseSlug: course.slug,
      freeLessonId: lessons.find((l) => l.free)?.id ?? '',
      premiumLessonId: lessons.find((l) => !l.free)?.id ?? '',
      enrolledCourseId: enrolled.id,
      enrolledLessonId: enrolled.nextLessonId,
      instrumentId: sample.id,
      transferId: transfer.id,
      userHandle: me.user.handle,
      shopHandle: registry.shop.slug,
    };
  } finally {
    await Promise.all(Object.values(ctx).map((c) => c.dispose()));
  }
}

/**
 * The journeys' `test` with a `role` option: a describe block sets `test.use({ role: 'luthier' })` and its pages
 * start signed in as that demo account (guest: signed out).
 */
export const test = base.extend<{ role: Role }, { world: World }>({
  role: ['guest', { option: true }],
  world: [
    async ({ playwright }, provide, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('baseURL is not configured');
      await provide(await buildWorld(playwright, baseURL));
    },
    { scope: 'worker' },
  ],
  storageState: async ({ role, world, storageState }, provide) => {
    await provide(role === 'guest' ? storageState : world.states[role]);
  },
});

export { expect };

/** Waits until the page shows its content: no loading spinner anywhere (the lazy chunks and queries are in). */
export async function expectLoaded(page: Page) {
  await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0);
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * axe with the WCAG A/AA and best-practice rules over the whole page. axe-core runs in the page itself, put there
 * once per document (a second width reuses it): @axe-core/playwright's builder injects it anew and returns every
 * passing node on each call, which took twice as long over the route matrix.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, AXE_TAGS);
}

/** axeViolations, each one listed in the failure. */
export async function expectNoAxeViolations(page: Page, label: string) {
  const violations = await axeViolations(page);
  expect
    .soft(
      violations.map(
        (v) =>
          `${v.id} (${v.impact ?? ''}): ${v.nodes
            .slice(0, 5)
            .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`)
            .join(' | ')}`,
      ),
      `axe on ${label}`,
    )
    .toEqual([]);
}

/**
 * axe at every width (or at `axeWidths` only), and at the narrow one nothing scrolls sideways (WCAG 1.4.10
 * reflow), which is checked at every width whether axe runs there or not.
 */
export async function expectAccessibleAtWidths(
  page: Page,
  label: string,
  { axeWidths = WIDTHS }: { axeWidths?: readonly number[] } = {},
) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // One frame for the layout of the new width.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    if (axeWidths.includes(width)) await expectNoAxeViolations(page, `${label} at ${width} px`);
    if (width < 640) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${label} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
}

/**
 * The focused element shows where focus is: its outline (or a box-shadow ring) is drawn, and no scrolling or
 * clipping box around it cuts the outline off. An element hidden for sighted people (a radio inside its label
 * card, say) counts when its label draws the ring instead.
 */
export async function expectVisibleFocus(page: Page) {
  const focus = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { ok: false, what: 'nothing is focused' };
    const transparent = (color: string) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);
    const drawn = (node: Element) => {
      const s = getComputedStyle(node);
      const outline =
        s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 && !transparent(s.outlineColor);
      // A ring is a box-shadow with no offset or blur and a spread (a drop shadow does not count).
      const ring = /0px 0px 0px [1-9]/.test(s.boxShadow);
      return outline || ring;
    };
    // Inside a native player's controls (a shadow tree of the browser's own) the browser draws its focus ring on
    // the control, out of reach of getComputedStyle; the media element itself reports focus.
    if (el instanceof HTMLMediaElement && el.controls && !el.matches(':focus-visible'))
      return { ok: true, what: 'a control of the native media player' };
    const box = el.getBoundingClientRect();
    const visuallyHidden = box.width <= 1 || box.height <= 1;
    const holder = visuallyHidden ? el.closest('label') : el;
    const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    if (!holder) return { ok: false, what: `${what} is visually hidden and has no label to show focus` };
    if (!drawn(holder)) return { ok: false, what };
    // A scrolling or clipping box around it must leave room for the outline, or only a sliver of it shows.
    const s = getComputedStyle(holder);
    const reach = s.outlineStyle !== 'none' ? parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth) : 0;
    const r = holder.getBoundingClientRect();
    for (let up = holder.parentElement; up && up !== document.body; up = up.parentElement) {
      const u = getComputedStyle(up);
      if (u.overflowX === 'visible' && u.overflowY === 'visible') continue;
      const c = up.getBoundingClientRect();
      const [left, top] = [c.left + up.clientLeft, c.top + up.clientTop];
      const clipped =
        r.left - reach < left - 0.5 ||
        r.top - reach < top - 0.5 ||
        r.right + reach > left + up.clientWidth + 0.5 ||
        r.bottom + reach > top + up.clientHeight + 0.5;
      if (clipped)
        return { ok: false, what: `${what}: its focus outline is cut off by ${up.tagName.toLowerCase()}` };
    }
    return { ok: true, what };
  });
  expect(focus.ok, `visible focus on ${focus.what}`).toBe(true);
}
