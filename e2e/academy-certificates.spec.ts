import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers';
import { expect, test } from './fixtures';

const LUTHIER = { email: 'luthier@example.com', password: 'luthier-demo-2026' };
/** The demo luthier has completed every lesson of this course but the last, a reading lesson. */
const COURSE = { id: 'course-4', title: 'Electric Guitar Body and Neck', lastLesson: 'course-4-l8' };

async function signIn(page: Page) {
  await page.context().clearCookies();
  const res = await page.request.post('/api/auth/login', { data: LUTHIER });
  expect(res.status()).toBe(200);
}

/** The certificate page checks the signature in the browser and shows what the signed credential says. */
async function expectVerified(page: Page, learner: string, course: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate of completion' })).toBeVisible();
  await expect(page.getByText('Signature verified in your browser.')).toBeVisible();
  await expect(
    page.getByText(new RegExp(`Signed by Luthier Registry Academy .*: ${learner} completed “${course}” on `)),
  ).toBeVisible();
}

test('a guest finds a maker’s certificate on their profile, checks it, downloads it, and follows the instrument built in the course', async ({
  page,
}) => {
  await page.goto('/u/lagos-workshop');
  await expect(page.getByRole('heading', { level: 2, name: 'Academy Certificates' })).toBeVisible();
  await page.getByRole('link', { name: 'Introduction to Classical Guitar Building' }).click();
  await expect(page).toHaveURL(/\/certificates\/[0-9A-HJKMNP-TV-Z]{16}$/);
  await expectVerified(page, 'Chidi Okafor', 'Introduction to Classical Guitar Building');
  await expect(page.getByRole('link', { name: 'Chidi Okafor' })).toHaveAttribute('href', '/u/lagos-workshop');
  // Not the learner: no LinkedIn button, no settings.
  await expect(page.getByRole('link', { name: /Add to LinkedIn/ })).toHaveCount(0);
  await expectNoAxeViolations(page, '/certificates/{id}');

  // The PDF is the certificate on paper, with the signed credential attached.
  const pdf = await page.request.get(
    (await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')) ?? '',
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'certificate-')), 'certificate.pdf');
  fs.writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Chidi Okafor');
  expect(text).toContain('Introduction to Classical Guitar Building');
  expect(text).toContain(page.url());

  // The guitar he built in the course: its public passport says so and links back.
  await page
    .getByRole('region', { name: 'Built in this course' })
    .getByRole('link', { name: 'Okafor Course Classical' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Okafor Course Classical' })).toBeVisible();
  const builtIn = page.getByRole('link', { name: 'Introduction to Classical Guitar Building' });
  await expect(builtIn).toBeVisible();
  await builtIn.click();
  await expect(page).toHaveURL(/\/certificates\/[0-9A-HJKMNP-TV-Z]{16}$/);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByText('Signature verified in your browser.')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/certificate-375.png', fullPage: true });
});

test('a luthier completes a course’s last lesson, gets the certificate, and registers the instrument built in it', async ({
  page,
}) => {
  await signIn(page);
  // Before: the course is not complete and /learn lists no certificate for it.
  const before = (await (await page.request.get('/api/lms/certificates')).json()) as {
    course: { id: string };
  }[];
  expect(before.find((c) => c.course.id === COURSE.id)).toBeUndefined();

  await page.goto(`/lessons/${COURSE.lastLesson}?courseId=${COURSE.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fitting the neck pocket' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as Complete' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Course completed.' });
  await expect(done).toBeVisible();
  await done.getByRole('link', { name: 'View your certificate' }).click();

  await expect(page).toHaveURL(/\/certificates\/[0-9A-HJKMNP-TV-Z]{16}$/);
  const certificateUrl = page.url();
  const id = certificateUrl.split('/').at(-1)!;
  await expectVerified(page, 'Elena Marquez', COURSE.title);
  const linkedIn = new URL(
    (await page.getByRole('link', { name: /Add to LinkedIn/ }).getAttribute('href')) ?? '',
  );
  expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
  expect(Object.fromEntries(linkedIn.searchParams)).toMatchObject({
    startTask: 'CERTIFICATION_NAME',
    name: COURSE.title,
    organizationName: 'Luthier Registry Academy',
    certUrl: certificateUrl,
    certId: id,
  });
  await expectNoAxeViolations(page, '/certificates/{id} (the learner)');
  await page.screenshot({ path: 'test-results/certificate-learner-1280.png', fullPage: true });

  // Listed on /learn with the date it was earned, and on the outline.
  await page.goto('/learn');
  const mine = page.getByRole('region', { name: 'Your Certificates' });
  await expect(mine.getByRole('link', { name: `View certificate: ${COURSE.title}` })).toHaveAttribute(
    'href',
    `/certificates/${id}`,
  );
  const today = new Intl.DateTimeFormat('en', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());
  await expect(mine.getByText(`Completed ${today}`)).toBeVisible();

  // Shown on the public profile only once chosen.
  await page.goto(`/certificates/${id}`);
  const toggle = page.getByRole('checkbox', { name: 'Show this certificate on my public profile' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(toggle).toBeChecked();
  await expect
    .poll(async () => {
      const profile = (await (await page.request.get('/api/profile/u/elena-marquez')).json()) as {
        certificates: { id: string }[];
      };
      return profile.certificates.map((c) => c.id);
    })
    .toContain(id);

  // The course builds an electric guitar: the passport form starts from it.
  await page.getByRole('link', { name: 'Register the instrument I built in this course' }).click();
  await expect(page).toHaveURL(`/instruments/new?certificate=${id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Built in the course' })).toBeVisible();
  await expect(page.getByLabel('Category')).toHaveValue('electric');
  await expect(page.getByLabel('Number of strings')).toHaveValue('6');
  await page.getByLabel('Name (required)').fill('Course Electric No. 1');
  await page.getByRole('button', { name: 'Register Instrument' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Course Electric No. 1' })).toBeVisible();
  const built = page.getByRole('link', { name: COURSE.title });
  await expect(built).toHaveAttribute('href', `/certificates/${id}`);
  // And the certificate lists it.
  await built.click();
  await expect(
    page
      .getByRole('region', { name: 'Built in this course' })
      .getByRole('link', { name: 'Course Electric No. 1' }),
  ).toBeVisible();
});
