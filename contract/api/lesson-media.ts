import { z } from 'zod';
import { captionsResultSchema, finishUploadQuerySchema, lessonVideoSchema } from '../lesson-media';
import { pathText, type ApiRoute } from './api-route';

const tag = 'course authoring: video';
const lesson = z.object({ id: pathText('The lesson id') });
const upload = lesson.extend({
  uploadId: pathText('The upload id (32 hex digits), from the Location header'),
});
const tusHeaders = {
  'Tus-Resumable': { description: 'The tus protocol version, 1.0.0', schema: { type: 'string' } },
  'Upload-Offset': {
    description: 'How many bytes the server holds',
    schema: { type: 'integer', minimum: 0 },
  },
} as const;

/**
 * A lesson's video, poster and captions, uploaded by the course's author (or an admin; anyone else gets 404).
 * Resumable uploads speak the tus protocol 1.0.0 (creation, termination; HEAD answers the offset) under
 * `…/video/uploads`; `PUT …/video?upload=<id>` then makes the finished upload the lesson's video.
 */
export const LESSON_MEDIA_ROUTES = [
  {
    method: 'GET',
    path: '/api/lms/authoring/lessons/:id/video',
    summary: "The lesson's uploaded video: codecs, duration, size, poster and captions",
    tag,
    auth: 'session',
    params: lesson,
    response: { status: 200, schema: lessonVideoSchema },
    errors: [401, 404],
  },
  {
    method: 'PUT',
    path: '/api/lms/authoring/lessons/:id/video',
    summary:
      "Set the lesson's video: the whole file as the body (video/mp4, video/webm or application/octet-stream), or with ?upload=<id> the finished tus upload. The file is checked by reading it (a container and codecs a browser plays, a video track, a duration); its duration becomes the lesson's",
    tag,
    auth: 'session',
    params: lesson,
    query: finishUploadQuerySchema,
    response: { status: 200, schema: lessonVideoSchema },
    errors: [400, 401, 404, 409, 413, 415],
  },
  {
    method: 'POST',
    path: '/api/lms/authoring/lessons/:id/video/uploads',
    summary:
      'Start a resumable upload (tus creation: Upload-Length, Tus-Resumable); the Location header names it',
    tag,
    auth: 'session',
    params: lesson,
    response: {
      status: 201,
      headers: {
        ...tusHeaders,
        Location: { description: 'The upload’s address', schema: { type: 'string' } },
      },
    },
    errors: [400, 401, 404, 412, 413],
  },
  {
    method: 'PATCH',
    path: '/api/lms/authoring/lessons/:id/video/uploads/:uploadId',
    summary:
      'Send the next bytes of a resumable upload (application/offset+octet-stream from Upload-Offset); HEAD on the same address answers the offset to resume from',
    tag,
    auth: 'session',
    params: upload,
    response: { status: 204, headers: tusHeaders },
    errors: [400, 401, 404, 409, 412, 413, 415],
  },
  {
    method: 'DELETE',
    path: '/api/lms/authoring/lessons/:id/video/uploads/:uploadId',
    summary: 'Abandon a resumable upload and delete what it received',
    tag,
    auth: 'session',
    params: upload,
    response: { status: 204 },
    errors: [401, 404, 412],
  },
  {
    method: 'POST',
    path: '/api/lms/authoring/lessons/:id/poster',
    summary:
      'Upload the poster shown before the video plays (multipart/form-data, one image part named "file"; the rules of photos)',
    tag,
    auth: 'session',
    params: lesson,
    response: { status: 200, schema: lessonVideoSchema },
    errors: [400, 401, 404, 409, 413, 415, 429],
  },
  {
    method: 'PUT',
    path: '/api/lms/authoring/lessons/:id/captions',
    summary:
      "Set the video's captions (text/vtt): a WebVTT file whose cues start in order inside the video, with no markup beyond WebVTT's own",
    tag,
    auth: 'session',
    params: lesson,
    response: { status: 200, schema: captionsResultSchema },
    errors: [400, 401, 404, 409, 413, 415],
  },
  {
    method: 'GET',
    path: '/api/lms/media/:file',
    summary:
      'A lesson video or captions file by its content address (<sha256>.mp4, .webm or .vtt): immutable, with range requests (206, 416) and a strong ETag',
    tag,
    auth: 'none',
    params: z.object({ file: pathText('The SHA-256 of the bytes, hex, and the extension') }),
    response: { status: 200, contentType: 'application/octet-stream' },
    errors: [404, 416],
  },
] as const satisfies readonly ApiRoute[];
