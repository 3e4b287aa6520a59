import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, lessonIdFor } from '../../db/builders/academy';
import { lessonProgress, lessons, users } from '../../db/schema';
import { repoRoot } from '../../paths';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

const fixture = (name: string) => fs.readFileSync(path.join(repoRoot, 'test-fixtures/video', name));
const mp4 = fixture('lesson.mp4');
const webm = fixture('lesson.webm');

let t: TestApp;
let author: string;
let stranger: string;
let admin: string;
let learnerId: string;
const lesson = lessonIdFor('craft', 1);
const url = (l = lesson) => `/api/lms/authoring/lessons/${l}`;

beforeAll(async () => {
  t = await createTestApp();
  const a = await signedInUser(t, { email: 'author@example.com' });
  author = a.cookie;
  stranger = (await signedInUser(t, { email: 'other@example.com' })).cookie;
  const ad = await signedInUser(t, { email: 'admin@example.com' });
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, ad.user.id));
  admin = ad.cookie;
  learnerId = (await signedInUser(t, { email: 'learner@example.com' })).user.id;
  const video = (title: string) => ({
    title,
    videoUrl: '/videos/tonewood-and-bracing.webm',
    durationMinutes: 1,
  });
  await createCourse(t.db, {
    id: 'craft',
    instructorUserId: a.user.id,
    sections: [{ title: 'Bracing', lessons: [video('One'), video('Two'), video('Three'), video('Four')] }],
  });
});
afterAll(async () => t.close());

const putVideo = (body: Buffer, cookie = author, type = 'video/mp4', l = lesson) =>
  t.app.inject({
    method: 'PUT',
    url: `${url(l)}/video`,
    headers: { cookie, 'content-type': type },
    payload: body,
  });

describe('lesson video upload, whole file', () => {
  it('stores an MP4, reads its codecs and 2.534 s duration from the file, and sets the lesson', async () => {
    const res = await putVideo(mp4);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      container: 'mp4',
      videoCodec: 'h264',
      audioCodec: 'aac',
      durationMs: 2534,
      durationMinutes: 1,
      sizeBytes: mp4.length,
      videoUrl: expect.stringMatching(/^\/api\/lms\/media\/[0-9a-f]{64}\.mp4$/),
    });
    // ffmpeg is installed on the test machines: a poster frame was made from the video.
    expect(body.posterUrl).toMatch(/^\/media\/[0-9a-f-]{36}\/\d+\.webp$/);
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, lesson));
    expect(row).toMatchObject({ videoUrl: body.videoUrl, durationMinutes: 1 });
    const page = await t.app.inject({ url: `/api/lms/lessons/${lesson}`, headers: { cookie: author } });
    expect(page.json()).toMatchObject({ videoUrl: body.videoUrl, posterUrl: body.posterUrl });
  });

  it('refuses a renamed text file, a truncated video and an audio-only file with their reasons', async () => {
    const cases: [string, string][] = [
      ['notes.mp4', 'This file is a text file, not a video a browser can play'],
      ['truncated.mp4', 'This MP4 file is cut short: it ends before its index of tracks'],
      ['audio-only.mp4', 'This file has audio only (AAC); a lesson video needs a picture.'],
      ['hevc.mp4', 'The video is HEVC (hvc1)'],
    ];
    for (const [name, reason] of cases) {
      const res = await putVideo(fixture(name));
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error, name).toContain(reason);
    }
  });

  it('answers 404 to anyone but the author or an admin, and 401 to a guest', async () => {
    expect((await putVideo(webm, stranger, 'video/webm')).statusCode).toBe(404);
    const guest = await t.app.inject({
      method: 'PUT',
      url: `${url()}/video`,
      headers: { 'content-type': 'video/webm' },
      payload: webm,
    });
    expect(guest.statusCode).toBe(401);
    const byAdmin = await putVideo(webm, admin, 'video/webm', lessonIdFor('craft', 2));
    expect(byAdmin.json()).toMatchObject({
      container: 'webm',
      videoCodec: 'vp9',
      audioCodec: 'opus',
      durationMs: 2541,
    });
    const read = await t.app.inject({ url: `${url()}/video`, headers: { cookie: stranger } });
    expect(read.statusCode).toBe(404);
  });

  it('refuses a body over VIDEO_UPLOAD_MAX_BYTES with 413 and a JSON body with 415', async () => {
    const small = await createTestApp({ env: { VIDEO_UPLOAD_MAX_BYTES: String(1024 * 1024) } });
    try {
      const a = await signedInUser(small, { email: 'a@example.com' });
      await createCourse(small.db, { id: 'tiny', instructorUserId: a.user.id });
      const res = await small.app.inject({
        method: 'PUT',
        url: `/api/lms/authoring/lessons/${lessonIdFor('tiny', 1)}/video`,
        headers: { cookie: a.cookie, 'content-type': 'application/octet-stream' },
        payload: Buffer.alloc(1024 * 1024 + 1),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe('A lesson video may be at most 1 MB.');
    } finally {
      await small.close();
    }
    const json = await t.app.inject({
      method: 'PUT',
      url: `${url()}/video`,
      headers: { cookie: author },
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('resumable upload (tus), over real HTTP', () => {
  // The tus server reads the request body as a web stream, which needs a real socket (inject's fake one never ends).
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const tus = async (method: string, target: string, headers: Record<string, string> = {}, body?: Buffer) => {
    const res = await fetch(`${base}${target}`, {
      method,
      headers: { cookie: author, 'tus-resumable': '1.0.0', ...headers },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    await res.arrayBuffer();
    return {
      status: res.status,
      offset: res.headers.get('upload-offset'),
      location: res.headers.get('location'),
    };
  };
  const patch = (location: string, offset: number, bytes: Buffer) =>
    tus(
      'PATCH',
      location,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      bytes,
    );

  it('resumes after an interrupted PATCH from the offset HEAD answers, then finishes into the lesson', async () => {
    const target = lessonIdFor('craft', 3);
    const created = await tus('POST', `${url(target)}/video/uploads`, {
      'upload-length': String(webm.length),
    });
    expect(created.status).toBe(201);
    const location = created.location!;
    expect(location).toMatch(new RegExp(`^/api/lms/authoring/lessons/${target}/video/uploads/[0-9a-f]{32}$`));
    expect((await patch(location, 0, webm.subarray(0, 10_000))).offset).toBe('10000');
    // A PATCH sent from a stale offset is refused; the client asks HEAD where to resume.
    expect((await patch(location, 5_000, webm.subarray(5_000, 20_000))).status).toBe(409);
    expect((await tus('HEAD', location)).offset).toBe('10000');
    expect((await patch(location, 10_000, webm.subarray(10_000))).offset).toBe(String(webm.length));
    const uploadId = location.split('/').at(-1)!;
    // Another person cannot see or finish it.
    const theirs = await fetch(`${base}${location}`, {
      method: 'HEAD',
      headers: { cookie: stranger, 'tus-resumable': '1.0.0' },
    });
    expect(theirs.status).toBe(404);
    const done = await t.app.inject({
      method: 'PUT',
      url: `${url(target)}/video?upload=${uploadId}`,
      headers: { cookie: author },
    });
    expect(done.json()).toMatchObject({ container: 'webm', durationMs: 2541, sizeBytes: webm.length });
    // The stored file is the uploaded bytes.
    const served = await t.app.inject({ url: done.json().videoUrl });
    expect(served.rawPayload.equals(webm)).toBe(true);
  });

  it('refuses to finish an upload that is not complete, saying how much arrived', async () => {
    const created = await tus('POST', `${url()}/video/uploads`, { 'upload-length': String(mp4.length) });
    const location = created.location!;
    await patch(location, 0, mp4.subarray(0, 1000));
    const res = await t.app.inject({
      method: 'PUT',
      url: `${url()}/video?upload=${location.split('/').at(-1)!}`,
      headers: { cookie: author },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`The upload is not finished: 1000 of ${mp4.length} bytes received.`);
  });

  it('refuses an upload longer than VIDEO_UPLOAD_MAX_BYTES when it is created', async () => {
    const res = await tus('POST', `${url()}/video/uploads`, { 'upload-length': String(3 * 1024 ** 3) });
    expect(res.status).toBe(413);
  });
});

describe('serving a lesson video', () => {
  let videoUrl: string;
  beforeAll(async () => {
    videoUrl = (await putVideo(mp4)).json().videoUrl;
  });

  it('answers ranges with 206, Content-Range and the bytes asked for; past the end with 416', async () => {
    const whole = await t.app.inject({ url: videoUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.etag).toBe(`"${videoUrl.split('/').at(-1)!.slice(0, 64)}"`);
    expect(whole.headers['content-type']).toBe('video/mp4');
    const part = await t.app.inject({ url: videoUrl, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ url: videoUrl, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 10))).toBe(true);
    const past = await t.app.inject({ url: videoUrl, headers: { range: `bytes=${mp4.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${mp4.length}`);
    const again = await t.app.inject({
      url: videoUrl,
      headers: { 'if-none-match': String(whole.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ url: `/api/lms/media/${'0'.repeat(64)}.mp4` })).statusCode).toBe(404);
  });
});

describe('captions', () => {
  const putCaptions = (text: string, cookie = author) =>
    t.app.inject({
      method: 'PUT',
      url: `${url()}/captions`,
      headers: { cookie, 'content-type': 'text/vtt' },
      payload: text,
    });

  it('stores well-formed captions inside the video and serves them as the lesson’s captions', async () => {
    await putVideo(mp4);
    const marked = async () => {
      const listing = await t.app.inject({ url: '/api/lms/courses/listing/craft' });
      const lessons = listing.json<{
        curriculum: { lessons: { id: string; captionsMissing: boolean }[] }[];
      }>().curriculum[0]!.lessons;
      return lessons.find((l) => l.id === lesson)!.captionsMissing;
    };
    expect(await marked()).toBe(true);
    const vtt =
      'WEBVTT\n\n1\n00:00.000 --> 00:01.200\nHold the <i>chisel</i> low.\n\n00:01.200 --> 00:02.500\n<v Maker>Now the brace.</v>\n';
    const res = await putCaptions(vtt);
    expect(await marked()).toBe(false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cues: 2, captionsUrl: expect.stringMatching(/\.vtt$/) });
    const served = await t.app.inject({ url: res.json().captionsUrl });
    expect(served.body).toBe(vtt);
    expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
    const page = await t.app.inject({ url: `/api/lms/lessons/${lesson}`, headers: { cookie: author } });
    expect(page.json().captionsUrl).toBe(res.json().captionsUrl);
  });

  it('refuses a missing header, bad or backward timings, cues past the end and HTML', async () => {
    const cases: [string, string][] = [
      ['00:00.000 --> 00:01.000\nHi\n', 'Line 1: a WebVTT file starts with the line "WEBVTT".'],
      [
        'WEBVTT\n\n00:00.000 --> 0:01.000\nHi\n',
        'Line 3: the cue timing "00:00.000 --> 0:01.000" is not two timestamps',
      ],
      [
        'WEBVTT\n\n00:01.000 --> 00:00.500\nHi\n',
        'Line 3: the cue ends (0:00.500) before it starts (0:01.000).',
      ],
      [
        'WEBVTT\n\n00:01.000 --> 00:02.000\nA\n\n00:00.500 --> 00:01.000\nB\n',
        'Line 6: the cue starts at 0:00.500, before the cue above it',
      ],
      [
        'WEBVTT\n\n00:00.000 --> 00:03.000\nHi\n',
        'Line 3: the cue ends at 0:03.000, after the video does (0:02.534).',
      ],
      [
        'WEBVTT\n\n00:00.000 --> 00:01.000\n<script>alert(1)</script>\n',
        'Line 4: "<script>" is not WebVTT markup',
      ],
      ['WEBVTT\n\n00:00.000 --> 00:01.000\n<b onclick="x()">Hi</b>\n', 'is not WebVTT markup'],
    ];
    for (const [text, reason] of cases) {
      const res = await putCaptions(text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().error, text).toContain(reason);
    }
    expect((await putCaptions('WEBVTT\n', stranger)).statusCode).toBe(404);
  });
});

describe('a replaced video', () => {
  it('keeps the watched ranges that fit the new duration and recomputes the percent', async () => {
    const target = lessonIdFor('craft', 4);
    await putVideo(webm, author, 'video/webm', target);
    // Watched 0–1 s and 2–2.5 s of the 2.541 s WebM.
    await t.db.insert(lessonProgress).values({
      userId: learnerId,
      lessonId: target,
      courseId: 'craft',
      watchedRanges: [
        [0, 1],
        [2, 2.5],
      ],
      progressPercent: 59,
      lastPositionSeconds: 2.5,
    });
    // A hand-made 2-second video: only 0–1 s still fits.
    const two = Buffer.from(mp4);
    const res = await putVideo(shortened(two, 2000), author, 'video/mp4', target);
    expect(res.json().durationMs).toBe(2000);
    const [row] = await t.db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, learnerId), eq(lessonProgress.lessonId, target)));
    expect(row?.watchedRanges).toEqual([[0, 1]]);
    expect(row?.progressPercent).toBe(50);
    expect(row?.lastPositionSeconds).toBe(2);
  });
});

/** The MP4 with its movie header's duration rewritten (in its own timescale) to `ms`. */
function shortened(bytes: Buffer, ms: number): Buffer {
  const at = bytes.indexOf('mvhd');
  const timescale = bytes.readUInt32BE(at + 4 + 12);
  bytes.writeUInt32BE(Math.round((ms * timescale) / 1000), at + 4 + 16);
  return bytes;
}
