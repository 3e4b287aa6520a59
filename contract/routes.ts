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
  /**
   * The route guard shows a sign-in prompt (its words in presentation/page-prompts.ts, loaded with the prompt),
   * returning here after signing in.
   */
  | { kind: 'prompt'; openDialog?: boolean }
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
  /** Shown beside the logo in the header. (Its HTML title is in contract/page-heads.ts, PAGE_TITLES.) */
  name: string;
  access: PageAccess;
  guest?: GuestBehaviour;
}

/** Account pages open the sign-in dialog at once: there is nothing else to see there. */
const ACCOUNT_PROMPT: GuestBehaviour = { kind: 'prompt', openDialog: true };

export const PAGES = [
  {
    path: '/',
    module: 'home',
    component: 'HomePage',
    name: 'Home',
    access: 'public',
  },
  {
    path: '/dashboard',
    module: 'dashboard',
    component: 'DashboardPage',
    name: 'Dashboard',
    access: 'member',
    guest: ACCOUNT_PROMPT,
  },
  {
    path: '/explore',
    module: 'explore',
    component: 'ExplorePage',
    name: 'Explore',
    access: 'public',
  },
  {
    path: '/listing/:slug',
    module: 'course-landing',
    component: 'CourseLandingPage',
    name: 'Course',
    access: 'public',
  },
  {
    path: '/learn',
    module: 'learn',
    component: 'LearnPage',
    name: 'Learn',
    access: 'member',
    guest: { kind: 'page' },
  },
  {
    path: '/courses/:courseId',
    module: 'course',
    component: 'CoursePage',
    name: 'Course',
    access: 'member',
    guest: { kind: 'page' },
  },
  {
    path: '/course-progress',
    module: 'course',
    component: 'CourseProgressPage',
    name: 'Course Progress',
    access: 'member',
    guest: { kind: 'page' },
  },
  {
    path: '/lessons/:lessonId',
    module: 'lesson',
    component: 'LessonPage',
    name: 'Lesson',
    access: 'public',
  },
  {
    path: '/blog',
    module: 'blog',
    component: 'BlogPage',
    name: 'Blog',
    access: 'public',
  },
  {
    path: '/for-luthiers',
    module: 'for-luthiers',
    component: 'ForLuthiersPage',
    name: 'For Luthiers',
    access: 'public',
  },
  {
    path: '/luthiers',
    module: 'luthiers',
    component: 'LuthiersPage',
    name: 'Luthiers',
    access: 'public',
  },
  {
    path: '/about',
    module: 'about',
    component: 'AboutPage',
    name: 'About',
    access: 'public',
  },
  {
    path: '/verified',
    module: 'verified',
    component: 'VerifiedPage',
    name: 'What Verified means',
    access: 'public',
  },
  {
    path: '/privacy',
    module: 'privacy',
    component: 'PrivacyPage',
    name: 'Privacy',
    access: 'public',
  },
  {
    path: '/terms',
    module: 'terms',
    component: 'TermsPage',
    name: 'Terms',
    access: 'public',
  },
  {
    path: '/contact',
    module: 'contact',
    component: 'ContactPage',
    name: 'Contact',
    access: 'public',
  },
  {
    path: '/onboarding',
    module: 'onboarding',
    component: 'OnboardingPage',
    name: 'Onboarding',
    access: 'member',
    guest: { kind: 'page' },
  },
  {
    path: '/reset-password',
    module: 'reset-password',
    component: 'ResetPasswordPage',
    name: 'Reset Password',
    access: 'public',
  },
  {
    path: '/verify-email',
    module: 'verify-email',
    component: 'VerifyEmailPage',
    name: 'Verify Email',
    access: 'public',
  },
  {
    path: '/undo-email-change',
    module: 'undo-email-change',
    component: 'UndoEmailChangePage',
    name: 'Undo Email Change',
    access: 'public',
  },
  {
    path: '/notifications',
    module: 'notifications',
    component: 'NotificationsPage',
    name: 'Notifications',
    access: 'member',
    guest: ACCOUNT_PROMPT,
  },
  {
    path: '/messages',
    module: 'messages',
    component: 'MessagesPage',
    name: 'Messages',
    access: 'member',
    guest: ACCOUNT_PROMPT,
  },
  {
    path: '/offers',
    module: 'offers',
    component: 'OffersPage',
    name: 'Offers',
    access: 'member',
    guest: ACCOUNT_PROMPT,
  },
  {
    path: '/messages/:id',
    module: 'conversation',
    component: 'ConversationPage',
    name: 'Messages',
    access: 'member',
    guest: ACCOUNT_PROMPT,
  },
  {
    path: '/certificates/:id',
    module: 'certificate',
    component: 'CertificatePage',
    name: 'Certificate',
    access: 'public',
  },
  {
    path: '/u/:slug',
    module: 'user-profile',
    component: 'UserProfilePage',
    name: 'Profile',
    access: 'public',
  },
  {
    path: '/l/:slug',
    module: 'shop-profile',
    component: 'ShopProfilePage',
    name: 'Luthier Shop',
    access: 'public',
  },
  {
    path: '/settings',
    module: 'settings',
    component: 'SettingsPage',
    name: 'Settings',
    access: 'member',
    guest: ACCOUNT_PROMPT,
  },
  {
    path: '/registry',
    module: 'registry',
    component: 'RegistryPage',
    name: 'Registry',
    access: 'public',
  },
  {
    path: '/check',
    module: 'check',
    component: 'CheckPage',
    name: 'Check',
    access: 'public',
  },
  {
    path: '/p/:code',
    module: 'public-passport',
    component: 'PublicPassportPage',
    name: 'Passport',
    access: 'public',
  },
  {
    path: '/p/:code/label',
    module: 'passport-label',
    component: 'PassportLabelPage',
    name: 'QR label',
    access: 'public',
  },
  {
    path: '/instruments/new',
    module: 'instrument-new',
    component: 'InstrumentNewPage',
    name: 'Register instrument',
    access: 'member',
    guest: { kind: 'prompt' },
  },
  {
    path: '/instruments/:id',
    module: 'instrument',
    component: 'InstrumentPage',
    name: 'Instrument',
    access: 'member',
    // The page offers a guest the public passport beside the sign-in prompt.
    guest: { kind: 'page' },
  },
  {
    path: '/transfers/:id',
    module: 'transfer',
    component: 'TransferPage',
    name: 'Transfer',
    access: 'member',
    // The mailed link shows a guest what is offered and by whom, with a way to sign up that returns here.
    guest: { kind: 'page' },
  },
  {
    path: '/teach',
    module: 'teach',
    component: 'TeachPage',
    name: 'Teach',
    access: 'member',
    guest: { kind: 'prompt' },
  },
  {
    path: '/teach/courses/:id',
    module: 'teach-course',
    component: 'TeachCoursePage',
    name: 'Teach',
    access: 'member',
    guest: { kind: 'prompt' },
  },
  {
    path: '/teach/courses/:id/preview',
    module: 'teach-preview',
    component: 'TeachPreviewPage',
    name: 'Course preview',
    access: 'member',
    guest: { kind: 'prompt' },
  },
  {
    path: '/teach/courses/:id/lessons/:lessonId',
    module: 'teach-lesson',
    component: 'TeachLessonPage',
    name: 'Teach',
    access: 'member',
    guest: { kind: 'prompt' },
  },
  {
    path: '/admin',
    module: 'admin',
    component: 'AdminPage',
    name: 'Admin',
    access: 'admin',
    guest: { kind: 'prompt' },
  },
  {
    path: '*',
    module: 'not-found',
    component: 'NotFoundPage',
    name: 'Not Found',
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
