import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CourseCard,
  CourseListing,
  CourseOutline,
  ExploreQuery,
  LearningStats,
  Lesson,
  LessonProgress,
  MyCourse,
  ProgressSaveResponse,
  Review,
  ReviewInput,
  ReviewList,
  VideoProgressInput,
} from '../../../contract/academy';
import type {
  Certificate,
  CertificateSettingsInput,
  Jwks,
  PublicCertificate,
} from '../../../contract/certificates';
import { ApiError, apiJson, apiRequest } from '../../lib/api';
import { parseWebVtt } from './webvtt';

export const academyKeys = {
  explore: (query: ExploreQuery) => ['/api/lms/courses/explore', query] as const,
  listing: (slug: string) => ['/api/lms/courses/listing', slug] as const,
  myCourses: ['/api/lms/my-courses'] as const,
  stats: ['/api/lms/stats'] as const,
  outline: (courseId: string) => ['/api/lms/courses', courseId, 'outline'] as const,
  lesson: (lessonId: string, guest: boolean) =>
    [guest ? '/api/public/lessons' : '/api/lms/lessons', lessonId] as const,
  progress: (lessonId: string) => ['/api/lms/lessons', lessonId, 'progress'] as const,
  reviews: (courseId: string, page: number) => ['/api/lms/courses', courseId, 'reviews', page] as const,
  captions: (url: string) => ['captions', url] as const,
};

/** A video's captions as cues, for the transcript under the player (the player reads the file itself). */
export const useCaptions = (url: string | null) =>
  useQuery({
    queryKey: academyKeys.captions(url ?? ''),
    queryFn: async () => parseWebVtt(await (await apiRequest('GET', url ?? '')).text()),
    enabled: Boolean(url),
    staleTime: Infinity,
  });

export function exploreUrl(query: ExploreQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value && value !== 'all' && !(key === 'sort' && value === 'popular')) params.set(key, value);
  const text = params.toString();
  return `/api/lms/courses/explore${text ? `?${text}` : ''}`;
}

export const useExplore = (query: ExploreQuery) =>
  useQuery({
    queryKey: academyKeys.explore(query),
    queryFn: () => apiJson<CourseCard[]>('GET', exploreUrl(query)),
    placeholderData: (previous) => previous,
  });

export const useListing = (slug: string) =>
  useQuery({
    queryKey: academyKeys.listing(slug),
    queryFn: () => apiJson<CourseListing>('GET', `/api/lms/courses/listing/${encodeURIComponent(slug)}`),
  });

export const useMyCourses = (enabled = true) =>
  useQuery({
    queryKey: academyKeys.myCourses,
    queryFn: () => apiJson<MyCourse[]>('GET', '/api/lms/my-courses'),
    enabled,
  });

export const useLearningStats = (enabled = true) =>
  useQuery({
    queryKey: academyKeys.stats,
    queryFn: () => apiJson<LearningStats>('GET', '/api/lms/stats'),
    enabled,
  });

export const useOutline = (courseId: string, enabled: boolean) =>
  useQuery({
    queryKey: academyKeys.outline(courseId),
    queryFn: () => apiJson<CourseOutline>('GET', `/api/lms/courses/${encodeURIComponent(courseId)}/outline`),
    enabled,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });

/** Lesson fetches retry up to 3 times, except a 403 that requires sign-in (or a 404). */
export const lessonRetry = (count: number, error: Error) => {
  if (error instanceof ApiError && (error.body?.requiresAuth || error.status === 404 || error.status === 401))
    return false;
  return count < 3;
};

export const useLesson = (lessonId: string, guest: boolean, enabled: boolean) =>
  useQuery({
    queryKey: academyKeys.lesson(lessonId, guest),
    queryFn: () =>
      apiJson<Lesson>('GET', `/api/${guest ? 'public' : 'lms'}/lessons/${encodeURIComponent(lessonId)}`),
    enabled,
    retry: lessonRetry,
  });

/** The progress fetch is not retried; null means "not started yet". */
export const useLessonProgress = (lessonId: string, enabled: boolean) =>
  useQuery({
    queryKey: academyKeys.progress(lessonId),
    queryFn: () =>
      apiJson<LessonProgress>('GET', `/api/lms/lessons/${encodeURIComponent(lessonId)}/progress`),
    enabled,
    retry: false,
    staleTime: 0,
  });

export const startLesson = (lessonId: string) =>
  apiJson<ProgressSaveResponse>('POST', `/api/lms/lessons/${encodeURIComponent(lessonId)}/start`);
export const completeLesson = (lessonId: string) =>
  apiJson<ProgressSaveResponse>('POST', `/api/lms/lessons/${encodeURIComponent(lessonId)}/complete`);
export const saveVideoProgress = (lessonId: string, body: VideoProgressInput) =>
  apiJson<ProgressSaveResponse>(
    'POST',
    `/api/lms/lessons/${encodeURIComponent(lessonId)}/video-progress`,
    body,
  );

/** The unload save: a beacon (text/plain JSON, so no preflight) that outlives the page. */
export function beaconVideoProgress(lessonId: string, body: VideoProgressInput): boolean {
  if (typeof navigator.sendBeacon !== 'function') return false;
  const blob = new Blob([JSON.stringify(body)], { type: 'text/plain' });
  return navigator.sendBeacon(`/api/lms/lessons/${encodeURIComponent(lessonId)}/video-progress`, blob);
}

/** After progress changes, the outline, dashboard and stats are stale. */
export function useInvalidateLearning() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['/api/lms/courses'] }),
      client.invalidateQueries({ queryKey: academyKeys.myCourses }),
      client.invalidateQueries({ queryKey: academyKeys.stats }),
    ]);
}

export const useBookmark = (courseId: string, slug: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      apiJson<{ bookmarked: boolean }>(
        on ? 'POST' : 'DELETE',
        `/api/lms/courses/${encodeURIComponent(courseId)}/bookmark`,
      ),
    onSuccess: (data) =>
      client.setQueryData<CourseListing>(academyKeys.listing(slug), (old) =>
        old ? { ...old, bookmarked: data.bookmarked } : old,
      ),
  });
};

export const enrollInCourse = (courseId: string) =>
  apiJson<{ enrolled: boolean }>('POST', `/api/lms/courses/${encodeURIComponent(courseId)}/enroll`);

const reviewsUrl = (courseId: string) => `/api/lms/courses/${encodeURIComponent(courseId)}/reviews`;

export const useReviews = (courseId: string, page: number) =>
  useQuery({
    queryKey: academyKeys.reviews(courseId, page),
    queryFn: () => apiJson<ReviewList>('GET', `${reviewsUrl(courseId)}?page=${page}&pageSize=10`),
    placeholderData: (previous) => previous,
  });

/** Writes a review (new, edited or deleted); the listing's rating and the review list are then stale. */
export function useReviewMutation(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, remove }: { id?: string; input?: ReviewInput; remove?: boolean }) =>
      remove && id
        ? apiRequest('DELETE', `${reviewsUrl(courseId)}/${id}`).then(() => null)
        : apiJson<Review>(
            id ? 'PUT' : 'POST',
            id ? `${reviewsUrl(courseId)}/${id}` : reviewsUrl(courseId),
            input,
          ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['/api/lms/courses', courseId, 'reviews'] }),
        client.invalidateQueries({ queryKey: ['/api/lms/courses/listing'] }),
        client.invalidateQueries({ queryKey: ['/api/lms/courses/explore'] }),
      ]),
  });
}

export const certificateKeys = {
  mine: ['/api/lms/certificates'] as const,
  public: (id: string) => ['/api/public/certificates', id] as const,
  jwks: ['/.well-known/jwks.json'] as const,
};

/** The signed-in learner's certificates, newest first. */
export const useMyCertificates = (enabled = true) =>
  useQuery({
    queryKey: certificateKeys.mine,
    queryFn: () => apiJson<Certificate[]>('GET', '/api/lms/certificates'),
    enabled,
  });

export const usePublicCertificate = (id: string) =>
  useQuery({
    queryKey: certificateKeys.public(id),
    queryFn: () => apiJson<PublicCertificate>('GET', `/api/public/certificates/${encodeURIComponent(id)}`),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });

/** The academy's published keys, for checking a certificate's signature in the browser. */
export const useCertificateKeys = () =>
  useQuery({
    queryKey: certificateKeys.jwks,
    queryFn: () => apiJson<Jwks>('GET', '/.well-known/jwks.json'),
    // Fetched again for every certificate page: a key is published once it first signs and withdrawn when revoked.
    staleTime: 0,
  });

/** Lists a certificate on the learner's profile, or stops listing it. */
export function useCertificateSettings(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CertificateSettingsInput) =>
      apiJson<PublicCertificate>('PATCH', `/api/lms/certificates/${encodeURIComponent(id)}`, input),
    onSuccess: (updated) => {
      client.setQueryData(certificateKeys.public(id), updated);
      return client.invalidateQueries({ queryKey: certificateKeys.mine });
    },
  });
}

/** After a passport is registered as built in a course: the certificates list it. */
export function useInvalidateCertificates() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: certificateKeys.mine }),
      client.invalidateQueries({ queryKey: ['/api/public/certificates'] }),
    ]);
}

export const certificatePdfUrl = (id: string) =>
  `/api/public/certificates/${encodeURIComponent(id)}/certificate.pdf`;
