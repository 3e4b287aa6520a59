import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorScreen } from './components/error-boundary';
import { AppLayout } from './components/layout/app-layout';
import type { RouteHandle } from './components/layout/header';
import { Spinner } from './components/ui/spinner';

/** A lazily loaded page: each URL's code is its own chunk. */
function page(
  load: () => Promise<{ Component: React.ComponentType }>,
  name?: string,
): Pick<RouteObject, 'lazy' | 'handle'> {
  return { lazy: load, handle: { name } satisfies RouteHandle };
}

/** The whole route table (seed §2). Pages are lazy-loaded; guards live in the pages that need them. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: '/', ...page(async () => ({ Component: (await import('./pages/home')).HomePage }), 'Home') },
      {
        path: '/dashboard',
        ...page(async () => ({ Component: (await import('./pages/dashboard')).DashboardPage }), 'Dashboard'),
      },
      {
        path: '/explore',
        ...page(async () => ({ Component: (await import('./pages/explore')).ExplorePage }), 'Explore'),
      },
      {
        path: '/listing/:slug',
        ...page(async () => ({ Component: (await import('./pages/listing')).ListingPage }), 'Course'),
      },
      {
        path: '/learn',
        ...page(async () => ({ Component: (await import('./pages/learn')).LearnPage }), 'Learn'),
      },
      {
        path: '/courses/:courseId',
        ...page(async () => ({ Component: (await import('./pages/course')).CoursePage }), 'Course'),
      },
      {
        path: '/course-progress',
        ...page(
          async () => ({ Component: (await import('./pages/course')).CourseProgressPage }),
          'Course Progress',
        ),
      },
      {
        path: '/lessons/:lessonId',
        ...page(async () => ({ Component: (await import('./pages/lesson')).LessonPage }), 'Lesson'),
      },
      {
        path: '/blog',
        ...page(async () => ({ Component: (await import('./pages/blog')).BlogPage }), 'Blog'),
      },
      {
        path: '/for-luthiers',
        ...page(
          async () => ({ Component: (await import('./pages/for-luthiers')).ForLuthiersPage }),
          'For Luthiers',
        ),
      },
      {
        path: '/onboarding',
        ...page(
          async () => ({ Component: (await import('./pages/onboarding')).OnboardingPage }),
          'Onboarding',
        ),
      },
      {
        path: '/reset-password',
        ...page(
          async () => ({ Component: (await import('./pages/reset-password')).ResetPasswordPage }),
          'Reset Password',
        ),
      },
      {
        path: '/u/:slug',
        ...page(
          async () => ({ Component: (await import('./pages/user-profile')).UserProfilePage }),
          'Profile',
        ),
      },
      {
        path: '/l/:slug',
        ...page(
          async () => ({ Component: (await import('./pages/shop-profile')).ShopProfilePage }),
          'Luthier Shop',
        ),
      },
      {
        path: '/settings',
        ...page(async () => ({ Component: (await import('./pages/settings')).SettingsPage }), 'Settings'),
      },
      {
        path: '/registry',
        ...page(async () => ({ Component: (await import('./pages/registry')).RegistryPage }), 'Registry'),
      },
      {
        path: '/instruments/new',
        ...page(
          async () => ({ Component: (await import('./pages/instrument-new')).InstrumentNewPage }),
          'Register instrument',
        ),
      },
      {
        path: '/instruments/:id',
        ...page(
          async () => ({ Component: (await import('./pages/instrument')).InstrumentPage }),
          'Instrument',
        ),
      },
      {
        path: '/transfers/:id',
        ...page(async () => ({ Component: (await import('./pages/transfer')).TransferPage }), 'Transfer'),
      },
      {
        path: '/admin',
        ...page(async () => ({ Component: (await import('./pages/admin')).AdminPage }), 'Admin'),
      },
      {
        path: '*',
        ...page(async () => ({ Component: (await import('./pages/not-found')).NotFoundPage }), 'Not Found'),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
