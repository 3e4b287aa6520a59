import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthoringCourse } from '../../../contract/authoring';
import { api, apiKey, apiQuery, invalidateReads } from '../../lib/api-client';

const COURSE = 'GET /api/lms/authoring/courses/:courseId';
const courseQuery = (courseId: string) => apiQuery(COURSE, { params: { courseId } });

/** The courses the signed-in person writes: drafts, published and unpublished. */
export const useMyAuthoredCourses = () => useQuery(apiQuery('GET /api/lms/authoring/courses'));

/** A course as its author edits it (404 for anyone else). */
export const useAuthoredCourse = (courseId: string) => useQuery(courseQuery(courseId));

/** The reorders, publish and course patches answer the whole draft; the rest answer a part of it. */
const isDraft = (answer: unknown): answer is AuthoringCourse =>
  typeof answer === 'object' && answer !== null && 'publishCheck' in answer && 'sections' in answer;

/**
 * A change to a course: the server answers the whole draft (or a part of it, after which the draft is read again).
 * The list of courses and what learners see of the course are stale after any change.
 */
export function useCourseChange<V, R>(courseId: string, change: (input: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (answer) => {
      if (isDraft(answer)) client.setQueryData(courseQuery(courseId).queryKey, answer);
      else await client.invalidateQueries({ queryKey: apiKey(COURSE, { params: { courseId } }) });
      await invalidateReads(
        client,
        'GET /api/lms/authoring/courses',
        'GET /api/lms/courses/explore',
        'GET /api/lms/courses/listing/:slug',
      );
    },
  });
}

/** Multipart upload of one file as the "file" part (the browser sets the boundary). */
const filePart = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

export const uploadCover = (courseId: string, file: File) =>
  api('PUT /api/lms/authoring/courses/:courseId/cover', { params: { courseId }, form: filePart(file) });

/** An image for a reading lesson: its address goes into an image block. */
export const uploadReadingImage = (courseId: string, file: File) =>
  api('POST /api/lms/authoring/courses/:courseId/images', { params: { courseId }, form: filePart(file) });

/** Reports of courses for the admins, and the admin's unpublish with a reason. */
export const useCourseReports = () => useQuery(apiQuery('GET /api/admin/course-reports'));
