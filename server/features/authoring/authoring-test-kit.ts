// For authoring tests: a luthier with a shop, a cover upload, a complete reading-only course.
import sharp from 'sharp';
import type { ReadingBlock } from '../../../contract/authoring';
import { createShop } from '../../db/builders/accounts';
import { call } from '../../test/api-client';
import { signedInUser, type TestApp } from '../../test/test-app';

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n++).toString(36)}`;

/** A luthier with a published shop, signed in. */
export async function luthier(t: TestApp, displayName = 'Marta Quiroga') {
  const handle = unique('maker-');
  const person = await signedInUser(t, { role: 'luthier', handle, displayName });
  const shop = await createShop(t.db, person.user.id, { name: `${displayName} Guitars`, published: true });
  return { ...person, shop };
}

/** A signed-in person without a shop. */
export const member = (t: TestApp, displayName = 'Leo Learner') =>
  signedInUser(t, { handle: unique('member-'), displayName });

/** Uploads a small PNG as the course's cover. */
export async function uploadCover(t: TestApp, cookie: string, courseId: string) {
  const bytes = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#8b5a2b' } })
    .png()
    .toBuffer();
  const boundary = '----course-cover';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`;
  return t.app.inject({
    method: 'PUT',
    url: `/api/lms/authoring/courses/${courseId}/cover`,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

export const TEXT: ReadingBlock[] = [
  { type: 'heading', level: 2, text: 'Why the neck angle matters' },
  { type: 'paragraph', text: 'The neck angle sets the bridge height and so the action. '.repeat(10).trim() },
  { type: 'list', ordered: true, items: ['Clamp the body', 'Sight along the fretboard', 'Mark the heel'] },
  { type: 'measurement', label: 'Scale length', value: 650, unit: 'mm', tolerance: 0.5 },
];

/** A draft with one section of `lessons` reading lessons, each with TEXT; with a cover when `cover`. */
export async function readingCourse(
  t: TestApp,
  cookie: string,
  { title = 'Setting a neck angle', lessons = 2, cover = true } = {},
) {
  const created = await call(t, 'POST /api/lms/authoring/courses', {
    cookie,
    body: {
      title,
      description: 'Find and set the neck angle of a steel-string guitar.',
      level: 'intermediate',
      category: 'acoustic',
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.res.body}`);
  const courseId = created.body.id;
  const section = await call(t, 'POST /api/lms/authoring/courses/:courseId/sections', {
    cookie,
    params: { courseId },
    body: { title: 'The neck' },
  });
  const lessonIds: string[] = [];
  for (let i = 1; i <= lessons; i++) {
    const lesson = await call(t, 'POST /api/lms/authoring/sections/:sectionId/lessons', {
      cookie,
      params: { sectionId: section.body.id },
      body: { title: `Reading ${i}`, kind: 'reading', free: i === 1 },
    });
    lessonIds.push(lesson.body.id);
    await call(t, 'PUT /api/lms/authoring/lessons/:lessonId/reading', {
      cookie,
      params: { lessonId: lesson.body.id },
      body: { body: TEXT },
    });
  }
  if (cover) await uploadCover(t, cookie, courseId);
  return { courseId, sectionId: section.body.id, lessonIds };
}
