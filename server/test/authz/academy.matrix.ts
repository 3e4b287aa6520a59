import { type Entry, everyone, get, type MatrixKit, post, signedIn } from './matrix-kit';

/** The academy: courses, lessons, progress, reviews and certificates. Checked by academy.authz.test.ts; server/test/authz/matrix-kit.ts says how. */
export function academyMatrix(k: MatrixKit): Record<string, Entry> {
  const { ownersReview, reviewers } = k;
  return {
    // Academy
    'GET /api/lms/courses/explore': { request: () => get('/api/lms/courses/explore'), expect: everyone(200) },
    'GET /api/lms/courses/listing/:slug': {
      request: () => get(`/api/lms/courses/listing/${k.w.courseSlug}`),
      expect: everyone(200),
    },
    'POST /api/lms/courses/:courseId/bookmark': {
      request: () => post(`/api/lms/courses/${k.w.courseId}/bookmark`),
      expect: signedIn(200),
    },
    'DELETE /api/lms/courses/:courseId/bookmark': {
      request: () => ({ method: 'DELETE', url: `/api/lms/courses/${k.w.courseId}/bookmark` }),
      expect: signedIn(200),
    },
    'POST /api/lms/courses/:courseId/enroll': {
      request: () => post(`/api/lms/courses/${k.w.courseId}/enroll`),
      expect: signedIn(200),
    },
    'GET /api/lms/my-courses': { request: () => get('/api/lms/my-courses'), expect: signedIn(200) },
    'GET /api/lms/stats': { request: () => get('/api/lms/stats'), expect: signedIn(200) },
    // Certificates: the learner's list and setting are theirs; the certificate, its PDF and the keys are public.
    'GET /api/lms/certificates': { request: () => get('/api/lms/certificates'), expect: signedIn(200) },
    'PATCH /api/lms/certificates/:id': {
      request: () => ({
        method: 'PATCH',
        url: `/api/lms/certificates/${k.w.certificateId}`,
        payload: { showOnProfile: true },
      }),
      expect: { ...signedIn(404), owner: 200 },
    },
    'GET /api/public/certificates/:id': {
      request: () => get(`/api/public/certificates/${k.w.certificateId}`),
      expect: everyone(200),
    },
    'GET /api/public/certificates/:id/certificate.pdf': {
      request: () => get(`/api/public/certificates/${k.w.certificateId}/certificate.pdf`),
      expect: everyone(200),
    },
    'GET /.well-known/jwks.json': { request: () => get('/.well-known/jwks.json'), expect: everyone(200) },
    'GET /.well-known/jwks/:kid': { request: () => get(k.w.certificateKeyUrl), expect: everyone(200) },
    'GET /api/lms/courses/:courseId/outline': {
      request: () => get(`/api/lms/courses/${k.w.courseId}/outline`),
      expect: signedIn(200),
    },
    'GET /api/lms/lessons/:lessonId': {
      request: () => get(`/api/lms/lessons/${k.w.lessonId}`),
      expect: signedIn(200),
    },
    'GET /api/public/lessons/:lessonId': {
      // The public endpoint serves free previews only; this lesson is not one (403 with requiresAuth).
      request: () => get(`/api/public/lessons/${k.w.lessonId}`),
      expect: everyone(403),
    },
    'GET /api/lms/lessons/:lessonId/progress': {
      request: () => get(`/api/lms/lessons/${k.w.lessonId}/progress`),
      expect: signedIn(200),
    },
    'POST /api/lms/lessons/:lessonId/start': {
      request: () => post(`/api/lms/lessons/${k.w.lessonId}/start`),
      expect: signedIn(200),
    },
    'POST /api/lms/lessons/:lessonId/complete': {
      request: () => post(`/api/lms/lessons/${k.w.lessonId}/complete`),
      expect: signedIn(200),
    },
    'POST /api/lms/lessons/:lessonId/video-progress': {
      request: () =>
        post(`/api/lms/lessons/${k.w.lessonId}/video-progress`, {
          videoProgressSeconds: 30,
          eventData: { totalTime: 300, progressPercent: 10 },
        }),
      expect: signedIn(200),
    },

    'GET /api/lms/courses/:courseId/reviews': {
      request: () => get(`/api/lms/courses/${k.w.courseId}/reviews`),
      expect: everyone(200),
    },
    'POST /api/lms/courses/:courseId/reviews': {
      // Anyone signed in may try: 201 once the complete case gave them a third of the course, 403 before it,
      // 409 when they (or the owner's fixture) hold one already.
      request: () =>
        post(`/api/lms/courses/${k.w.courseId}/reviews`, { rating: 4, text: 'A careful course.' }),
      expect: { guest: 401, ...reviewers() },
    },
    'PUT /api/lms/courses/:courseId/reviews/:reviewId': {
      request: async () => ({
        method: 'PUT',
        url: `/api/lms/courses/${k.w.courseId}/reviews/${await ownersReview()}`,
        payload: { rating: 5, text: 'Even better on a second look.' },
      }),
      expect: { ...signedIn(403), owner: 200 },
    },
    'DELETE /api/lms/courses/:courseId/reviews/:reviewId': {
      request: async () => ({
        method: 'DELETE',
        url: `/api/lms/courses/${k.w.courseId}/reviews/${await ownersReview()}`,
      }),
      expect: { ...signedIn(403), owner: 204 },
    },
    // Lesson video, poster and captions: author or admin, else 404; covered cell by cell in
    // server/features/lesson-media/lesson-media.test.ts (the tus operations need a real socket).
    'GET /api/lms/authoring/lessons/:id/video': { skip: 'author or admin, else 404: lesson-media.test.ts' },
    'PUT /api/lms/authoring/lessons/:id/video': { skip: 'author or admin, else 404: lesson-media.test.ts' },
    'POST /api/lms/authoring/lessons/:id/video/uploads': {
      skip: 'tus over a real socket: lesson-media.test.ts',
    },
    'PATCH /api/lms/authoring/lessons/:id/video/uploads/:uploadId': { skip: 'tus: lesson-media.test.ts' },
    'DELETE /api/lms/authoring/lessons/:id/video/uploads/:uploadId': { skip: 'tus: lesson-media.test.ts' },
    'POST /api/lms/authoring/lessons/:id/poster': { skip: 'author or admin, else 404: lesson-media.test.ts' },
    'PUT /api/lms/authoring/lessons/:id/captions': {
      skip: 'author or admin, else 404: lesson-media.test.ts',
    },
    'GET /api/lms/media/:file': { skip: 'video and captions bytes by content hash, the same for everyone' },
  };
}
