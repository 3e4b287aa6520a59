import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExploreQuery, ReviewInput } from '../../../contract/academy';
import type { CertificateSettingsInput } from '../../../contract/certificates';
import { ApiError, throwIfResNotOk } from '../../lib/api';
import { api, apiKey, apiQuery, apiUrl, invalidateReads, type ApiBody } from '../../lib/api-client';
import { parseWebVtt } from './webvtt';

/** A video's captions as cues, for the transcript under the player (the player reads the file itself). */
export const useCaptions = (url: string | null) =>
  useQuery({
    queryKey: ['captions', url ?? ''],
    queryFn: async ({ signal }) => {
      // The lesson names its captions file (a media URL, not an API operation).
      const res = await fetch(url ?? '', { credentials: 'include', signal });
      await throwIfResNotOk(res);
      return parseWebVtt(await res.text());
    },
    enabled: Boolean(url),
    staleTime: Infinity,
  });

/** The catalogue's query without its defaults, so the first page asks exactly what the server preloads. */
export function exploreQuery(query: ExploreQuery): ExploreQuery {
  const sent: ExploreQuery = {};
  if (query.q) sent.q = query.q;
  if (query.category && query.category !== 'all') sent.category = query.category;
  if (query.level && query.level !== 'all') sent.level = query.level;
  if (query.sort && query.sort !== 'popular') sent.sort = query.sort;
  return sent;
}

export const useExplore = (query: ExploreQuery) =>
  useQuery({
    ...apiQuery('GET /api/lms/courses/explore', { query: exploreQuery(query) }),
    placeholderData: keepPreviousData,
  });

const courseLandingQuery = (slug: string) =>
  apiQuery('GET /api/lms/courses/listing/:slug', { params: { slug } });
export const useCourseLanding = (slug: string) => useQuery(courseLandingQuery(slug));

export const useMyCourses = (enabled = true) => useQuery({ ...apiQuery('GET /api/lms/my-courses'), enabled });

export const useLearningStats = (enabled = true) => useQuery({ ...apiQuery('GET /api/lms/stats'), enabled });

export const useOutline = (courseId: string, enabled: boolean) =>
  useQuery({
    ...apiQuery('GET /api/lms/courses/:courseId/outline', { params: { courseId } }),
    enabled,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });

/** Lesson fetches retry up to 3 times, except a 403 that requires sign-in (or a 404). */
export const lessonRetry = (count: number, error: Error) => {
  if (error instanceof ApiError && (error.body?.requiresAuth || error.status === 404 || error.status === 401))
    return false;
  return count < 3;
};

/** A guest reads the public lesson (its premium parts withheld), a member their own. */
export const useLesson = (lessonId: string, guest: boolean, enabled: boolean) =>
  useQuery({
    ...apiQuery(guest ? 'GET /api/public/lessons/:lessonId' : 'GET /api/lms/lessons/:lessonId', {
      params: { lessonId },
    }),
    enabled,
    retry: lessonRetry,
  });

export const lessonProgressQuery = (lessonId: string) =>
  apiQuery('GET /api/lms/lessons/:lessonId/progress', { params: { lessonId } });

/** The progress fetch is not retried; null means "not started yet". */
export const useLessonProgress = (lessonId: string, enabled: boolean) =>
  useQuery({ ...lessonProgressQuery(lessonId), enabled, retry: false, staleTime: 0 });

export const startLesson = (lessonId: string) =>
  api('POST /api/lms/lessons/:lessonId/start', { params: { lessonId } });
export const completeLesson = (lessonId: string) =>
  api('POST /api/lms/lessons/:lessonId/complete', { params: { lessonId } });

const VIDEO_PROGRESS = 'POST /api/lms/lessons/:lessonId/video-progress';
export type VideoProgressBody = ApiBody<typeof VIDEO_PROGRESS>;

export const saveVideoProgress = (lessonId: string, body: VideoProgressBody) =>
  api(VIDEO_PROGRESS, { params: { lessonId }, body });

/** The unload save: a beacon (text/plain JSON, so no preflight) that outlives the page. */
export function beaconVideoProgress(lessonId: string, body: VideoProgressBody): boolean {
  if (typeof navigator.sendBeacon !== 'function') return false;
  const blob = new Blob([JSON.stringify(body)], { type: 'text/plain' });
  return navigator.sendBeacon(apiUrl(VIDEO_PROGRESS, { params: { lessonId } }), blob);
}

/** After progress changes, the outline, reviews, dashboard and stats are stale. */
export function useInvalidateLearning() {
  const client = useQueryClient();
  return () =>
    invalidateReads(
      client,
      'GET /api/lms/courses/:courseId/outline',
      'GET /api/lms/courses/:courseId/reviews',
      'GET /api/lms/my-courses',
      'GET /api/lms/stats',
    );
}

export const useBookmark = (courseId: string, slug: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      on
        ? api('POST /api/lms/courses/:courseId/bookmark', { params: { courseId } })
        : api('DELETE /api/lms/courses/:courseId/bookmark', { params: { courseId } }),
    onSuccess: (data) =>
      client.setQueryData(courseLandingQuery(slug).queryKey, (old) =>
        old ? { ...old, bookmarked: data.bookmarked } : old,
      ),
  });
};

export const enrollInCourse = (courseId: string) =>
  api('POST /api/lms/courses/:courseId/enroll', { params: { courseId } });

export const useReviews = (courseId: string, page: number) =>
  useQuery({
    ...apiQuery('GET /api/lms/courses/:courseId/reviews', {
      params: { courseId },
      query: { page, pageSize: 10 },
    }),
    placeholderData: keepPreviousData,
  });

/** Writes a review (new, edited or deleted); the listing's rating and the review list are then stale. */
export function useReviewMutation(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, remove }: { id?: string; input?: ReviewInput; remove?: boolean }) => {
      if (remove && id)
        return api('DELETE /api/lms/courses/:courseId/reviews/:reviewId', {
          params: { courseId, reviewId: id },
        }).then(() => null);
      if (!input) throw new Error('A review to write');
      return id
        ? api('PUT /api/lms/courses/:courseId/reviews/:reviewId', {
            params: { courseId, reviewId: id },
            body: input,
          })
        : api('POST /api/lms/courses/:courseId/reviews', { params: { courseId }, body: input });
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({
          queryKey: apiKey('GET /api/lms/courses/:courseId/reviews', { params: { courseId } }),
        }),
        invalidateReads(client, 'GET /api/lms/courses/listing/:slug', 'GET /api/lms/courses/explore'),
      ]),
  });
}

const myCertificatesQuery = apiQuery('GET /api/lms/certificates');
const publicCertificateQuery = (id: string) =>
  apiQuery('GET /api/public/certificates/:id', { params: { id } });

/** The signed-in learner's certificates, newest first. */
export const useMyCertificates = (enabled = true) => useQuery({ ...myCertificatesQuery, enabled });

export const usePublicCertificate = (id: string) =>
  useQuery({
    ...publicCertificateQuery(id),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });

/** The academy's published keys, for checking a certificate's signature in the browser. */
export const useCertificateKeys = () =>
  useQuery({
    ...apiQuery('GET /.well-known/jwks.json'),
    // Fetched again for every certificate page: a key is published once it first signs and withdrawn when revoked.
    staleTime: 0,
  });

/** Lists a certificate on the learner's profile, or stops listing it. */
export function useCertificateSettings(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CertificateSettingsInput) =>
      api('PATCH /api/lms/certificates/:id', { params: { id }, body: input }),
    onSuccess: (updated) => {
      client.setQueryData(publicCertificateQuery(id).queryKey, updated);
      return client.invalidateQueries({ queryKey: myCertificatesQuery.queryKey });
    },
  });
}

/** After a passport is registered as built in a course: the certificates list it. */
export function useInvalidateCertificates() {
  const client = useQueryClient();
  return () => invalidateReads(client, 'GET /api/lms/certificates', 'GET /api/public/certificates/:id');
}

export const certificatePdfUrl = (id: string) =>
  apiUrl('GET /api/public/certificates/:id/certificate.pdf', { params: { id } });
