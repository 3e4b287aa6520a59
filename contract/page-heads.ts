import { apiUrl } from './api-url';
import type { PagePath, PreloadContext } from './routes';

/**
 * What only the server needs of a page, kept beside the manifest (contract/routes.ts) rather than in it so the
 * texts and functions stay out of the browser's first script: the description of a public page whose address
 * alone describes it (head tags and a sitemap line) and the API reads the page makes on its first render
 * (preloaded with the HTML; the URLs must be exactly those the client asks for, so both build them with apiUrl
 * from the same operation and values).
 */
export interface PageHead {
  description?: string;
  preload?: (context: PreloadContext) => string[];
}

/** The HTML title of each page, which the server sends when it knows nothing more specific about the page. */
export const PAGE_TITLES: Record<PagePath, string> = {
  '/': 'Luthier Registry',
  '/dashboard': 'Dashboard',
  '/explore': 'Explore courses',
  '/listing/:slug': 'Course',
  '/learn': 'Learn',
  '/courses/:courseId': 'Course',
  '/course-progress': 'Course progress',
  '/lessons/:lessonId': 'Lesson',
  '/blog': 'Blog',
  '/for-luthiers': 'For Luthiers',
  '/luthiers': 'Luthiers',
  '/about': 'About',
  '/verified': 'What Verified means',
  '/privacy': 'Privacy',
  '/terms': 'Terms',
  '/contact': 'Contact',
  '/onboarding': 'Onboarding',
  '/reset-password': 'Reset password',
  '/verify-email': 'Confirm your email',
  '/undo-email-change': 'Undo the email change',
  '/notifications': 'Notifications',
  '/messages': 'Messages',
  '/messages/:id': 'Conversation',
  '/offers': 'Your offers',
  '/certificates/:id': 'Certificate',
  '/u/:slug': 'Profile',
  '/l/:slug': 'Luthier shop',
  '/settings': 'Settings',
  '/registry': 'Instrument registry',
  '/check': 'Check an instrument',
  '/p/:code': 'Instrument passport',
  '/p/:code/label': 'Passport QR label',
  '/instruments/new': 'Register instrument',
  '/instruments/:id': 'Instrument passport',
  '/transfers/:id': 'Transfer',
  '/teach': 'Teach',
  '/teach/courses/:id': 'Edit course',
  '/teach/courses/:id/preview': 'Course preview',
  '/teach/courses/:id/lessons/:lessonId': 'Edit lesson',
  '/admin': 'Admin',
  '*': 'Page not found',
};

export const PAGE_HEADS: Partial<Record<PagePath, PageHead>> = {
  '/': {
    description:
      "Luthiers' pages and shops, a passport for every handmade instrument (build, owners, repairs) and a free academy to learn the craft.",
  },
  '/explore': {
    description:
      'Courses on building, setting up and repairing handmade instruments, from beginner to advanced.',
    preload: ({ search }) => (search ? [] : [apiUrl('GET /api/lms/courses/explore')]),
  },
  '/listing/:slug': {
    preload: ({ params, search }) =>
      search ? [] : [apiUrl('GET /api/lms/courses/listing/:slug', { params: { slug: params.slug ?? '' } })],
  },
  '/lessons/:lessonId': {
    // A guest reads the public lesson; with a session the app reads the member's one instead.
    preload: ({ params, search, hasSession }) =>
      search || hasSession
        ? []
        : [apiUrl('GET /api/public/lessons/:lessonId', { params: { lessonId: params.lessonId ?? '' } })],
  },
  '/blog': {
    description: 'Stories from the workshop — coming soon.',
  },
  '/for-luthiers': {
    description: 'Tools for makers — coming soon.',
  },
  '/luthiers': {
    description:
      'Find a maker: luthiers with a shop on the registry, their instruments and the courses they teach.',
    preload: ({ search }) =>
      search
        ? []
        : [
            apiUrl('GET /api/profile/shops', { query: { page: 1, pageSize: 12 } }),
            apiUrl('GET /api/profile/shop-facets'),
          ],
  },
  '/about': {
    description: 'What Luthier Registry is and who it is for.',
  },
  '/verified': {
    description: 'What a registry admin checked before a shop or an instrument shows the Verified badge.',
  },
  '/privacy': {
    description: 'What Luthier Registry stores, for how long, and who sees what.',
  },
  '/terms': {
    description: 'The terms of using Luthier Registry.',
  },
  '/contact': {
    description: 'How to reach the people behind Luthier Registry.',
    preload: () => [apiUrl('GET /api/public/contact')],
  },
  '/u/:slug': {
    preload: ({ params, search }) =>
      search ? [] : [apiUrl('GET /api/profile/u/:slug', { params: { slug: params.slug ?? '' } })],
  },
  '/l/:slug': {
    preload: ({ params, search }) =>
      search ? [] : [apiUrl('GET /api/profile/l/:slug', { params: { slug: params.slug ?? '' } })],
  },
  '/registry': {
    description:
      'Search handmade guitars, violins, cellos, mandolins, harps and more with their makers, owners and service history.',
    preload: ({ search }) =>
      search ? [] : [apiUrl('GET /api/registry/instruments', { query: { page: 1, pageSize: 24 } })],
  },
  '/check': {
    description:
      'Enter a passport code or a serial number: is this handmade instrument registered, or reported stolen?',
  },
  '/certificates/:id': {
    preload: ({ params }) => [
      apiUrl('GET /api/public/certificates/:id', { params: { id: params.id ?? '' } }),
    ],
  },
  '/p/:code': {
    // The owner's listing too: the page waits for it, so "For sale" does not push the passport down as it arrives.
    preload: ({ params }) => [
      apiUrl('GET /api/public/passports/:code', { params: { code: params.code ?? '' } }),
      apiUrl('GET /api/public/passports/:code/listing', { params: { code: params.code ?? '' } }),
    ],
  },
};
