import type { Locator, Page } from '@playwright/test';
import { registerPerson } from './accounts-helpers';
import {
  axeViolations,
  expect,
  expectAccessibleAtWidths,
  expectLoaded,
  test,
  WIDTHS,
  type Role,
  type World,
} from './a11y-helpers';

// axe (WCAG 2.x A/AA and best practices) on every route of client/router.tsx, for a guest and each demo account,
// at 1280 and 375 px, plus the open states: the sign-in dialog's tabs and errors, a toast, a tooltip, disclosures,
// the passport's tabs and dialogs, the onboarding wizard's steps and the not-found screens.

interface RouteCheck {
  name: string;
  path: (w: World) => string;
  /** The roles the route applies to (default: all). */
  roles?: Role[];
  /** What the route shows once loaded, for this role. */
  ready: (page: Page, role: Role) => Locator;
  /** Brings the page into the state to check, after it loaded. */
  act?: (page: Page) => Promise<void>;
}

const h1 = (page: Page, name?: string | RegExp) => page.getByRole('heading', { level: 1, name });
const signInDialog = (page: Page) => page.getByRole('dialog', { name: 'Welcome back' });
const signedIn = (role: Role) => role !== 'guest';
const unauthorizedToast = (page: Page) =>
  page.getByRole('region', { name: /notifications/i }).getByText('Unauthorized', { exact: true });
const NO_UUID = '00000000-0000-4000-8000-000000000000';

/**
 * Pages whose content is the same for every signed-in person are checked as a guest and as a luthier (the
 * fullest header); the header of each role is checked on the home page, which every role opens.
 */
const PUBLIC_ROLES: Role[] = ['guest', 'luthier'];

const ROUTES: RouteCheck[] = [
  {
    name: 'home',
    path: () => '/',
    ready: (page, role) =>
      signedIn(role) ? h1(page, /^Welcome back/) : h1(page, 'The living registry for handmade instruments'),
  },
  {
    name: 'dashboard',
    path: () => '/dashboard',
    // A guest gets the sign-in prompt with the dialog open over it.
    ready: (page, role) => (signedIn(role) ? h1(page, /^Welcome back/) : signInDialog(page)),
  },
  {
    name: 'explore',
    roles: PUBLIC_ROLES,
    path: () => '/explore',
    ready: (page) => h1(page, 'Explore courses'),
  },
  {
    name: 'listing',
    roles: PUBLIC_ROLES,
    path: (w) => `/listing/${w.courseSlug}`,
    ready: (page) => h1(page),
  },
  {
    name: 'learn',
    path: () => '/learn',
    // A guest is sent home with an "Unauthorized" toast.
    ready: (page, role) => (signedIn(role) ? h1(page, /^Welcome back/) : unauthorizedToast(page)),
    act: async (page) => {
      // F8 moves focus to the toasts, which holds them open while axe runs.
      if (await unauthorizedToast(page).isVisible()) await page.keyboard.press('F8');
    },
  },
  {
    name: 'course',
    path: (w) => `/courses/${w.enrolledCourseId}`,
    ready: (page, role) => (signedIn(role) ? h1(page) : signInDialog(page)),
  },
  {
    name: 'course progress',
    path: (w) => `/course-progress?courseId=${w.enrolledCourseId}`,
    ready: (page, role) => (signedIn(role) ? h1(page) : signInDialog(page)),
  },
  {
    name: 'lesson',
    roles: PUBLIC_ROLES,
    path: (w) => `/lessons/${w.freeLessonId}`,
    ready: (page) => h1(page),
  },
  {
    name: 'enrolled lesson',
    path: (w) => `/lessons/${w.enrolledLessonId}?courseId=${w.enrolledCourseId}`,
    roles: ['enthusiast'],
    ready: (page) => h1(page),
  },
  {
    name: 'premium lesson',
    path: (w) => `/lessons/${w.premiumLessonId}`,
    roles: ['guest'],
    ready: (page) => h1(page, 'Premium Lesson'),
  },
  { name: 'blog', roles: PUBLIC_ROLES, path: () => '/blog', ready: (page) => h1(page, 'Blog') },
  {
    name: 'for luthiers',
    roles: PUBLIC_ROLES,
    path: () => '/for-luthiers',
    ready: (page) => h1(page, 'For Luthiers'),
  },
  {
    name: 'reset password',
    path: () => '/reset-password?token=abc',
    roles: ['guest'],
    ready: (page) => h1(page, 'Choose a new password'),
  },
  {
    name: 'undo email change',
    path: () => '/undo-email-change?token=abc',
    roles: ['guest'],
    ready: (page) => h1(page, 'Undo the email change'),
  },
  {
    name: 'user profile',
    roles: PUBLIC_ROLES,
    path: (w) => `/u/${w.userHandle}`,
    ready: (page) => h1(page, 'Sam Carter'),
  },
  { name: 'shop profile', roles: PUBLIC_ROLES, path: (w) => `/l/${w.shopHandle}`, ready: (page) => h1(page) },
  {
    name: 'settings',
    path: () => '/settings',
    ready: (page, role) => (signedIn(role) ? h1(page, 'Settings') : signInDialog(page)),
  },
  {
    name: 'registry',
    roles: PUBLIC_ROLES,
    path: () => '/registry',
    ready: (page) => h1(page, 'Instrument Registry'),
  },
  {
    name: 'register instrument',
    path: () => '/instruments/new',
    ready: (page) => h1(page, 'Register instrument'),
  },
  {
    name: 'instrument',
    path: (w) => `/instruments/${w.instrumentId}`,
    ready: (page, role) => (signedIn(role) ? h1(page) : h1(page, 'Sign in to see this passport')),
  },
  {
    name: 'transfer',
    path: (w) => `/transfers/${w.transferId}`,
    ready: (page, role) =>
      role === 'admin'
        ? page.getByRole('alert').getByText('This transfer does not exist or is not addressed to you.')
        : signedIn(role)
          ? page.getByRole('article', { name: /^Transfer of / })
          : h1(page, 'Ownership transfer'),
  },
  {
    name: 'admin',
    path: () => '/admin',
    ready: (page, role) => (role === 'admin' ? h1(page, 'Verification queue') : h1(page, 'Admin')),
  },
  {
    name: 'not found',
    roles: PUBLIC_ROLES,
    path: () => '/no/such/page',
    ready: (page) => h1(page, '404 Page Not Found'),
  },

  // The not-found and error screens of the pages with ids, for a guest and one signed-in person.
  ...(
    [
      ['unknown profile', '/u/no-such-person-here', 'Profile Not Found'],
      ['unknown shop', '/l/no-such-shop-here', 'Shop Not Found'],
      ['unknown lesson', '/lessons/no-such-lesson', 'Lesson Not Found'],
      ['unknown certificate', '/certificates/0000000000000000', 'Certificate not found'],
    ] as const
  ).map(([name, path, heading]): RouteCheck => ({
    name,
    path: () => path,
    roles: ['guest', 'enthusiast'],
    ready: (page) => h1(page, heading),
  })),
  ...(
    [
      ['unknown course', '/courses/no-such-course', 'Course Not Found'],
      ['unknown instrument', `/instruments/${NO_UUID}`, 'Instrument Not Found'],
    ] as const
  ).map(([name, path, heading]): RouteCheck => ({
    name,
    path: () => path,
    roles: ['enthusiast'],
    ready: (page) => h1(page, heading),
  })),
];

const ROLES: Role[] = ['guest', 'enthusiast', 'luthier', 'admin'];

// The checks are independent of one another: both workers share them.
test.describe.configure({ mode: 'parallel' });

for (const role of ROLES) {
  test.describe(`axe as ${role}`, () => {
    test.use({ role });
    for (const route of ROUTES) {
      if (route.roles && !route.roles.includes(role)) continue;
      test(`${route.name}`, async ({ page, world }) => {
        const path = route.path(world);
        await page.goto(path);
        await expect(route.ready(page, role)).toBeVisible();
        await expectLoaded(page);
        await route.act?.(page);
        // Each page's phone layout is axe-checked as a guest, and each role's phone header on its home page;
        // for a signed-in person the other pages' content is checked at the desktop width (the 375 px reflow
        // check runs for every page and role).
        const phoneAxe = role === 'guest' || route.name === 'home';
        await expectAccessibleAtWidths(page, `${path} (${role})`, { axeWidths: phoneAxe ? WIDTHS : [1280] });
      });
    }
  });
}

// The checker itself: a page with known faults must fail it, at both widths (axe is put in the page once and
// reused), or every "no violation" above would prove nothing.
test('the axe check finds planted faults', async ({ page }) => {
  await page.goto('/');
  await expect(h1(page, 'The living registry for handmade instruments')).toBeVisible();
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = 'data:,';
    const button = document.createElement('button');
    document.querySelector('main')?.append(img, button);
  });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const ids = (await axeViolations(page)).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(['image-alt', 'button-name']));
  }
});

test.describe('axe on open states', () => {
  test('the sign-in dialog: each tab, and its errors', async ({ page }) => {
    const dialog = page.getByRole('dialog');
    for (const [mode, tab] of [
      ['signin', 'Sign in'],
      ['signup', 'Sign up'],
      ['reset', 'Reset'],
    ] as const) {
      await page.goto(`/?auth=${mode}`);
      await expect(dialog.getByRole('tab', { name: tab, selected: true })).toBeVisible();
      await expectAccessibleAtWidths(page, `the ${tab} tab`);
    }
    await page.goto('/?auth=signin');
    await dialog.getByLabel('Email').fill('enthusiast@example.com');
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password.');
    await expectAccessibleAtWidths(page, 'a failed sign-in');
    await dialog.getByRole('tab', { name: 'Sign up' }).click();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessibleAtWidths(page, 'sign-up field errors');
  });

  test('a tooltip open on a coming-soon button', async ({ page }) => {
    await page.goto('/blog');
    await expect(h1(page, 'Blog')).toBeVisible();
    await page.getByRole('button').filter({ hasText: /\S/ }).last().focus();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expectAccessibleAtWidths(page, 'an open tooltip');
  });

  test('onboarding: every step of a fresh luthier, and a taken handle with suggestions', async ({ page }) => {
    await registerPerson(page.request, 'luthier');
    await page.goto('/onboarding');
    for (const step of ['About you', 'Your craft', 'Your first instrument']) {
      await expect(page.getByText(`: ${step}`)).toBeVisible();
      await expectAccessibleAtWidths(page, `onboarding, ${step}`);
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await expect(page.getByText(': Your shop handle')).toBeVisible();
    await page.getByLabel('Your handle').fill('dashboard');
    await expect(page.getByText(/That handle is taken/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Suggestions' })).toBeVisible();
    await expectAccessibleAtWidths(page, 'onboarding, a taken handle');
    await page.getByLabel('Your handle').fill(`free-handle-${Date.now().toString(36)}`);
    await expect(page.getByText('Available! 🎉')).toBeVisible();
    await expectAccessibleAtWidths(page, 'onboarding, an available handle');
  });

  test('onboarding: the music step of a fresh enthusiast', async ({ page }) => {
    await registerPerson(page.request, 'user');
    await page.goto('/onboarding');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(': Your music')).toBeVisible();
    await page.getByRole('button', { name: 'blues', exact: true }).click();
    await expectAccessibleAtWidths(page, 'onboarding, your music');
  });

  test.describe('signed in as the enthusiast', () => {
    test.use({ role: 'enthusiast' });
    test('the course outline with a section folded and the resources open', async ({ page, world }) => {
      await page.goto(`/course-progress?courseId=${world.enrolledCourseId}`);
      await expect(h1(page)).toBeVisible();
      await expectLoaded(page);
      await page.getByRole('button', { name: 'Download resources' }).click();
      await expect(page.getByRole('button', { name: 'Download resources' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      // Each listed file downloads as what it says it is.
      const files = page.locator('#course-resources a[download]');
      expect(await files.count()).toBeGreaterThan(0);
      for (const link of await files.all()) {
        const kind = /\((PDF|SVG), [\d.]+ KB\)/.exec((await link.locator('..').textContent()) ?? '')?.[1];
        const res = await page.request.get((await link.getAttribute('href'))!);
        expect(res.status()).toBe(200);
        expect(res.headers()['content-type']).toContain(kind === 'PDF' ? 'application/pdf' : 'image/svg+xml');
      }
      await page.getByRole('button', { name: /Section 1:/ }).click();
      await expect(page.getByRole('button', { name: /Section 1:/ })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      await expectAccessibleAtWidths(page, 'the course outline, disclosures toggled');
    });
  });

  test.describe('signed in as the luthier', () => {
    test.use({ role: 'luthier' });
    test("the passport's tabs and its edit and transfer dialogs", async ({ page, world }) => {
      await page.goto(`/instruments/${world.instrumentId}`);
      await expect(h1(page)).toBeVisible();
      await expectLoaded(page);
      for (const tab of ['Gallery', 'Provenance', 'Service History']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
        await expectAccessibleAtWidths(page, `the passport's ${tab} tab`);
      }
      for (const [button, title] of [
        ['Edit', 'Edit build details'],
        ['Transfer', 'Transfer ownership'],
      ] as const) {
        const opener = page.getByRole('button', { name: button, exact: true });
        if (!(await opener.isVisible())) continue;
        await opener.click();
        await expect(page.getByRole('dialog', { name: title })).toBeVisible();
        await expectAccessibleAtWidths(page, `the ${title} dialog`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
    });
  });
});
