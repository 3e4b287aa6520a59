/**
 * Every page of the web app, once. The client's router and route guard, the server's page handling (head tags,
 * noindex for members' pages, the sitemap, the 404 status of unknown addresses, the first API read it preloads)
 * and the handle words no one may claim are all derived from this list. Adding a page is one entry here plus
 * the page component in client/pages/ (see README, "How to add a page").
 */

/** Who may use a page. A guest on a member or admin page gets the page's `guest` behaviour. */
export type PageAccess = 'public' | 'member' | 'admin';

/** What a guest sees on a page that needs an account. */
export type GuestBehaviour =
  /** The route guard shows a sign-in prompt with these words, returning here after signing in. */
  | { kind: 'prompt'; title: string; text: string; openDialog?: boolean }
  /** The page itself tells the guest and sends them on (the academy's toast and redirect). */
  | { kind: 'page' };

export interface PreloadContext {
  params: Record<string, string>;
  search: string;
  hasSession: boolean;
}

export interface PageRoute {
  /** React Router pattern: static segments, `:param` segments, or `*` for the not-found page. */
  path: string;
  /** Module in client/pages/ (without .tsx) and the component it exports. */
  module: string;
  component: string;
  /** Shown beside the logo in the header. */
  name: string;
  /** The HTML title the server sends when it knows nothing more specific about the page. */
  title: string;
  access: PageAccess;
  guest?: GuestBehaviour;
  /** Pages a person who has not finished onboarding is never sent away from. */
  onboardingExempt?: boolean;
}

const memberPrompt = (title: string, text: string): GuestBehaviour => ({ kind: 'prompt', title, text });
/** Account pages open the sign-in dialog at once: there is nothing else to see there. */
const ACCOUNT_PROMPT: GuestBehaviour = {
  kind: 'prompt',
  title: 'Sign in to continue',
  text: 'This page is part of your account. Sign in or create a free account to see it.',
  openDialog: true,
};

export const PAGES = [
  {
    path: '/',
    module: 'home',
    component: 'HomePage',
    name: 'Home',
    title: 'Luthier Registry',
    access: 'public',
  },
  {
    path: '/dashboard',
    module: 'dashboard',
    component: 'DashboardPage',
    name: 'Dashboard',
    title: 'Dashboard',
    access: 'member',
    guest: ACCOUNT_PROMPT,
  },
  {
    path: '/explore',
    module: 'explore',
    component: 'ExplorePage',
    name: 'Explore',
    title: 'Explore courses',
    access: 'public',
  },
  {
    path: '/listing/:slug',
    module: 'listing',
    component: 'ListingPage',
    name: 'Course',
    title: 'Course',
    access: 'public',
  },
  {
    path: '/learn',
    module: 'learn',
    component: 'LearnPage',
    name: 'Learn',
    title: 'Learn',
    access: 'member',
    guest: { kind: 'page' },
  },
  {
    path: '/courses/:courseId',
    module: 'course',
    component: 'CoursePage',
    name: 'Course',
    title: 'Course',
    access: 'member',
    guest: { kind: 'page' },
  },
  {
    path: '/course-progress',
    module: 'course',
    component: 'CourseProgressPage',
    name: 'Course Progress',
    title: 'Course progress',
    access: 'member',
    guest: { kind: 'page' },
  },
  {
    path: '/lessons/:lessonId',
    module: 'lesson',
    component: 'LessonPage',
    name: 'Lesson',
    title: 'Lesson',
    access: 'public',
  },
  {
    path: '/blog',
    module: 'blog',
    component: 'BlogPage',
    name: 'Blog',
    title: 'Blog',
    access: 'public',
  },
  {
    path: '/for-luthiers',
    module: 'for-luthiers',
    component: 'ForLuthiersPage',
    name: 'For Luthiers',
    title: 'For Luthiers',
    access: 'public',
  },
  {
    path: '/luthiers',
    module: 'luthiers',
    component: 'LuthiersPage',
    name: 'Luthiers',
    title: 'Luthiers',
    access: 'public',
    onboardingExempt: true,
  },
  {
    path: '/about',
    module: 'about',
    component: 'AboutPage',
    name: 'About',
    title: 'About',
    access: 'public',
    onboardingExempt: true,
  },
  {
    path: '/verified',
    module: 'verified',
    component: 'VerifiedPage',
    name: 'What Verified means',
    title: 'What Verified means',
    access: 'public',
    onboardingExempt: true,
  },
  {
    path: '/privacy',
    module: 'privacy',
    component: 'PrivacyPage',
    name: 'Privacy',
    title: 'Privacy',
    access: 'public',
    onboardingExempt: true,
  },
  {
    path: '/terms',
    module: 'terms',
    component: 'TermsPage',
    name: 'Terms',
    title: 'Terms',
    access: 'public',
    onboardingExempt: true,
  },
  {
    path: '/contact',
    module: 'contact',
    component: 'ContactPage',
    name: 'Contact',
    title: 'Contact',
    access: 'public',
    onboardingExempt: true,
  },
  {
    path: '/onboarding',
    module: 'onboarding',
    component: 'OnboardingPage',
    name: 'Onboarding',
    title: 'Onboarding',
    access: 'member',
    guest: { kind: 'page' },
    onboardingExempt: true,
  },
  {
    path: '/reset-password',
    module: 'reset-password',
    component: 'ResetPasswordPage',
    name: 'Reset Password',
    title: 'Reset password',
    access: 'public',
    onboardingExempt: true,
  },
  {
    path: '/verify-email',
    module: 'verify-email',
    component: 'VerifyEmailPage',
    name: 'Verify Email',
    title: 'Confirm your email',
    access: 'public',
    onboardingExempt: true,
  },
  {
    path: '/notifications',
    module: 'notifications',
    component: 'NotificationsPage',
    name: 'Notifications',
    title: 'Notifications',
    access: 'member',
    guest: ACCOUNT_PROMPT,
    onboardingExempt: true,
  },
  {
    path: '/u/:slug',
    module: 'user-profile',
    component: 'UserProfilePage',
    name: 'Profile',
    title: 'Profile',
    access: 'public',
  },
  {
    path: '/l/:slug',
    module: 'shop-profile',
    component: 'ShopProfilePage',
    name: 'Luthier Shop',
    title: 'Luthier shop',
    access: 'public',
  },
  {
    path: '/settings',
    module: 'settings',
    component: 'SettingsPage',
    name: 'Settings',
    title: 'Settings',
    access: 'member',
    guest: ACCOUNT_PROMPT,
  },
  {
    path: '/registry',
    module: 'registry',
    component: 'RegistryPage',
    name: 'Registry',
    title: 'Instrument registry',
    access: 'public',
  },
  {
    path: '/check',
    module: 'check',
    component: 'CheckPage',
    name: 'Check',
    title: 'Check an instrument',
    access: 'public',
    onboardingExempt: true,
  },
  {
    path: '/p/:code',
    module: 'public-passport',
    component: 'PublicPassportPage',
    name: 'Passport',
    title: 'Instrument passport',
    access: 'public',
    onboardingExempt: true,
  },
  {
    path: '/p/:code/label',
    module: 'passport-label',
    component: 'PassportLabelPage',
    name: 'QR label',
    title: 'Passport QR label',
    access: 'public',
    onboardingExempt: true,
  },
  {
    path: '/instruments/new',
    module: 'instrument-new',
    component: 'InstrumentNewPage',
    name: 'Register instrument',
    title: 'Register instrument',
    access: 'member',
    guest: memberPrompt('Register instrument', 'Sign in as a luthier to register an instrument you built.'),
  },
  {
    path: '/instruments/:id',
    module: 'instrument',
    component: 'InstrumentPage',
    name: 'Instrument',
    title: 'Instrument passport',
    access: 'member',
    // The page offers a guest the public passport beside the sign-in prompt.
    guest: { kind: 'page' },
  },
  {
    path: '/transfers/:id',
    module: 'transfer',
    component: 'TransferPage',
    name: 'Transfer',
    title: 'Transfer',
    access: 'member',
    guest: memberPrompt(
      'Ownership transfer',
      'Sign in (or create an account with the email the offer was sent to) to answer this offer.',
    ),
  },
  {
    path: '/admin',
    module: 'admin',
    component: 'AdminPage',
    name: 'Admin',
    title: 'Admin',
    access: 'admin',
    guest: memberPrompt('Admin', 'Sign in with an admin account.'),
  },
  {
    path: '*',
    module: 'not-found',
    component: 'NotFoundPage',
    name: 'Not Found',
    title: 'Page not found',
    access: 'public',
  },
] as const satisfies readonly PageRoute[];

export type PagePath = (typeof PAGES)[number]['path'];

const NOT_FOUND = '*';
const dynamicSegments = (path: string) => path.split('/').filter((s) => s.startsWith(':')).length;

/** The pages a real address can be, as the client router ranks them: static segments before parameters. */
export const MATCHABLE_PAGES: readonly PageRoute[] = [...PAGES]
  .filter((p) => p.path !== NOT_FOUND)
  .sort((a, b) => dynamicSegments(a.path) - dynamicSegments(b.path));

const patterns = new Map(
  MATCHABLE_PAGES.map((page) => {
    const keys: string[] = [];
    const source = page.path.replace(/:(\w+)/g, (_m, key: string) => {
      keys.push(key);
      return '([^/]+)';
    });
    return [page, { pattern: new RegExp(`^${source}/?$`, 'i'), keys }] as const;
  }),
);

/** The page an address names and its parameters, or null when no page has that address (a 404). */
export function matchPage(pathname: string): { page: PageRoute; params: Record<string, string> } | null {
  for (const page of MATCHABLE_PAGES) {
    const { pattern, keys } = patterns.get(page)!;
    const match = pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    try {
      keys.forEach((key, i) => (params[key] = decodeURIComponent(match[i + 1] ?? '')));
    } catch {
      return null;
    }
    return { page, params };
  }
  return null;
}

/** First path segments of every page: no person or shop may take one as a handle. */
export const PAGE_SEGMENTS: readonly string[] = [
  ...new Set(MATCHABLE_PAGES.map((p) => p.path.split('/')[1] ?? '').filter((s) => s && !s.startsWith(':'))),
];
