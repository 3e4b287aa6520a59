import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes } from '../../../contract/errors';
import { MAX_CAPTIONS_BYTES, VIDEO_BODY_TYPES } from '../../../contract/lesson-media';
import type { AppContext } from '../../context';
import { limitUpload, uploadRoutes } from '../../media/upload-limit';
import { probeVideoFile } from '../../media/video-probe/probe';
import { createVideoFiles, posterFrame } from '../../media/video-store';
import { authorize, serve, type SignedIn } from '../../plugins/api-route';
import { AppError, badRequest, conflict, notFound } from '../../plugins/errors';
import { byteRange } from './byte-range';
import {
  authoredLesson,
  lessonVideo,
  setLessonCaptions,
  setLessonPoster,
  setLessonVideo,
  storedLessonFile,
} from './lesson-media.queries';
import { createTusServer } from './tus';
import { checkWebVtt } from './webvtt';

const noLesson = () => notFound('No such lesson.');
const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt; charset=utf-8',
};
/** 2 GB, 1.5 GB, 500 MB: the limit as a person reads it. */
const readable = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${Number((bytes / 1024 ** 3).toFixed(1))} GB`
    : `${Number((bytes / 1024 ** 2).toFixed(1))} MB`;

export async function lessonMediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, env, media } = ctx;
  const files = createVideoFiles(path.join(env.dataDir, 'media', 'videos'));
  const maxBytes = env.VIDEO_UPLOAD_MAX_BYTES;
  // Made on the first upload: its file store creates its folder, and a new data folder holds only what its first
  // start builds.
  let tusServer: ReturnType<typeof createTusServer> | undefined;
  const tus = () =>
    (tusServer ??= createTusServer({
      dir: files.uploadsDir,
      maxBytes,
      origin: new URL(env.publicUrl).origin,
    }));
  const tooLarge = () =>
    new AppError(413, ErrorCodes.TOO_LARGE, `A lesson video may be at most ${readable(maxBytes)}.`);

  const lessonOf = async (request: SignedIn<FastifyRequest<{ Params: { id: string } }>>) => {
    const lesson = await authoredLesson(db, request.params.id, request.user);
    if (!lesson) throw noLesson();
    return lesson;
  };

  /** Probes a received file, keeps it under its content address and makes it the lesson's video. */
  async function adopt(file: string, lessonId: string, userId: string, size: number, sha256: string) {
    const probe = await probeVideoFile(file);
    if (!probe.ok) {
      await fsp.rm(file, { force: true });
      throw new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA, probe.reason);
    }
    const key = await files.keep(file, sha256, probe.video.container);
    await setLessonVideo(db, { lessonId, key, probe: probe.video, sizeBytes: size, sha256, userId });
    const current = await lessonVideo(db, lessonId);
    if (current && !current.posterUrl) {
      // Optional: without ffmpeg on the machine the lesson simply has no poster until the author uploads one.
      const frame = await posterFrame(files.fileOf(key)!, probe.video.durationMs);
      const poster = frame ? await media.save(frame, 'lesson-poster', userId).catch(() => null) : null;
      if (poster) await setLessonPoster(db, lessonId, poster.id);
    }
    return (await lessonVideo(db, lessonId))!;
  }

  await app.register(async (scope) => {
    // Video bytes are streamed by the handlers themselves (request.raw), never parsed or buffered by Fastify; the
    // route's bodyLimit therefore does not count them: VIDEO_UPLOAD_MAX_BYTES does, as they arrive.
    scope.addContentTypeParser(
      [...VIDEO_BODY_TYPES, 'application/offset+octet-stream'],
      (_request, _payload, done) => done(null),
    );
    scope.addContentTypeParser(
      'text/vtt',
      { parseAs: 'string', bodyLimit: MAX_CAPTIONS_BYTES },
      (_request, body, done) => done(null, body),
    );

    serve(scope, 'GET /api/lms/authoring/lessons/:id/video', async (request) => {
      const lesson = await lessonOf(request);
      const video = await lessonVideo(db, lesson.id);
      if (!video) throw notFound('This lesson has no uploaded video yet.');
      return video;
    });

    serve(scope, 'PUT /api/lms/authoring/lessons/:id/video', async (request) => {
      const lesson = await lessonOf(request);
      const uploadId = request.query.upload;
      if (uploadId) {
        const upload = await tus().find(uploadId);
        if (!upload || upload.metadata?.lessonId !== lesson.id) throw notFound('No such upload.');
        if (upload.size === undefined || upload.offset !== upload.size)
          throw conflict(
            `The upload is not finished: ${upload.offset} of ${upload.size ?? 'an unknown number of'} bytes received.`,
          );
        const file = tus().fileOf(uploadId);
        const { size, sha256 } = await files.hash(file);
        const video = await adopt(file, lesson.id, request.user.id, size, sha256);
        await tus()
          .forget(uploadId)
          .catch(() => undefined);
        return video;
      }
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!(VIDEO_BODY_TYPES as readonly string[]).includes(type))
        throw new AppError(
          415,
          ErrorCodes.UNSUPPORTED_MEDIA,
          'Send the video file itself as the body (video/mp4, video/webm or application/octet-stream), or finish a resumable upload with ?upload=<id>.',
        );
      await limitUpload(app, request.user.id);
      const declared = Number(request.headers['content-length'] ?? Number.NaN);
      if (declared > maxBytes) throw tooLarge();
      const received = await files.receive(request.raw, maxBytes);
      if (received === 'too-large') throw tooLarge();
      if (received.size === 0) {
        await fsp.rm(received.file, { force: true });
        throw badRequest('The body is empty: send the video file.');
      }
      return adopt(received.file, lesson.id, request.user.id, received.size, received.sha256);
    });

    /** Hands a tus request over once the caller may change the lesson and the upload is of that lesson. */
    const toTus = async (
      request: SignedIn<FastifyRequest<{ Params: { id: string; uploadId?: string } }>>,
      reply: FastifyReply,
    ) => {
      const lesson = await lessonOf(request);
      const uploadId = request.params.uploadId;
      if (uploadId !== undefined) {
        const upload = /^[0-9a-f]{32}$/.test(uploadId) ? await tus().find(uploadId) : null;
        if (!upload || upload.metadata?.lessonId !== lesson.id) throw notFound('No such upload.');
      } else {
        await limitUpload(app, request.user.id);
      }
      reply.hijack();
      await tus().handle(request.raw, reply.raw, { lessonId: lesson.id, userId: request.user.id });
      return reply;
    };
    serve(scope, 'POST /api/lms/authoring/lessons/:id/video/uploads', toTus);
    serve(scope, 'PATCH /api/lms/authoring/lessons/:id/video/uploads/:uploadId', toTus);
    serve(scope, 'DELETE /api/lms/authoring/lessons/:id/video/uploads/:uploadId', toTus);
    // HEAD answers the offset to resume from (tus); Fastify lists no HEAD route among the declared operations.
    scope.route<{ Params: { id: string; uploadId: string } }>({
      method: 'HEAD',
      url: '/api/lms/authoring/lessons/:id/video/uploads/:uploadId',
      preHandler: authorize('session')!,
      handler: (request, reply) => toTus(request as SignedIn<typeof request>, reply),
    });

    serve(scope, 'PUT /api/lms/authoring/lessons/:id/captions', async (request) => {
      const lesson = await lessonOf(request);
      if (typeof request.body !== 'string')
        throw new AppError(
          415,
          ErrorCodes.UNSUPPORTED_MEDIA,
          'Send the captions as text/vtt (a WebVTT file).',
        );
      const video = await lessonVideo(db, lesson.id);
      if (!video) throw conflict('Upload the video first: captions are checked against its length.');
      const check = checkWebVtt(request.body, video.durationMs);
      if (!check.ok) throw badRequest(check.reason, { captions: check.reason });
      const key = await files.put(Buffer.from(request.body, 'utf8'), 'vtt');
      await setLessonCaptions(db, lesson.id, key);
      return { captionsUrl: (await lessonVideo(db, lesson.id))!.captionsUrl!, cues: check.cues };
    });

    serve(scope, 'GET /api/lms/media/:file', async (request, reply) => {
      const key = request.params.file;
      const file = files.fileOf(key);
      const known = file ? await storedLessonFile(db, key) : null;
      const stat = known && file ? await fsp.stat(file).catch(() => null) : null;
      if (!file || !stat) throw notFound('No such file.');
      const etag = `"${key.slice(0, 64)}"`;
      void reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        // The address is the content's hash: the bytes behind it never change.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-type', CONTENT_TYPES[key.split('.')[1]!]!);
      if (request.headers['if-none-match']?.split(',').some((t) => t.trim() === etag))
        return reply.code(304).send();
      const ifRange = request.headers['if-range'];
      const range = ifRange && ifRange !== etag ? null : byteRange(request.headers.range, stat.size);
      if (range === 'unsatisfiable')
        return reply.code(416).header('content-range', `bytes */${stat.size}`).send();
      if (!range) return reply.header('content-length', stat.size).send(fs.createReadStream(file));
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(fs.createReadStream(file, { start: range.start, end: range.end }));
    });
  });

  await uploadRoutes(app, (scope) => {
    serve(scope, 'POST /api/lms/authoring/lessons/:id/poster', async (request) => {
      const lesson = await lessonOf(request);
      await limitUpload(app, request.user.id);
      if (!(await lessonVideo(db, lesson.id))) throw conflict('Upload the video first, then its poster.');
      if (!request.isMultipart())
        throw new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA, 'Send the image as multipart/form-data.');
      const part = await request.file();
      if (!part) throw badRequest('Choose an image to upload.', { file: 'Choose an image to upload.' });
      const stored = await media.save(await part.toBuffer(), 'lesson-poster', request.user.id);
      await setLessonPoster(db, lesson.id, stored.id);
      return (await lessonVideo(db, lesson.id))!;
    });
  });
}
