import fs from 'node:fs';
import path from 'node:path';
// Not from ./fixtures: the fixtures' head start uses these helpers.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Registers a fresh person through the API; with `page.request` the page is signed in too. */
export async function registerPerson(
  request: APIRequestContext,
  role: 'user' | 'luthier' = 'user',
  password = 'journey passphrase 1',
) {
  const tag = unique();
  const person = { email: `e2e-${tag}@example.test`, password, displayName: `Journey ${tag}`, role };
  const res = await request.post('/api/auth/register', { data: person });
  expect(res.status()).toBe(201);
  return { ...person, tag };
}

/** Finishes onboarding through the API, so settings and other pages are reachable; with `shopName`, a shop. */
export async function completeOnboarding(request: APIRequestContext, handle: string, shopName?: string) {
  const claim = shopName ? { kind: 'luthier', slug: handle, shopName } : { kind: 'user', slug: handle };
  expect((await request.post('/api/slug/claim', { data: claim })).status()).toBe(200);
  const res = await request.post('/api/auth/onboarding', {
    data: { slug: handle, onboardingComplete: true },
  });
  expect(res.status()).toBe(200);
}

/** Follows the confirmation link mailed at sign-up, as the person would (writing to a shop needs it). */
export async function confirmEmail(page: Page, email: string) {
  const link = new URL(await linkFromOutbox(email, 'verify-email'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('status')).toContainText(`${email} is confirmed`);
}

function decodeMail(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The link to `page` in the newest outbox mail to `to` (the e2e server writes mail as .eml under DATA_DIR/outbox). */
export function linkFromOutbox(to: string, page = 'reset-password'): Promise<string> {
  return urlFromOutbox(to, new RegExp(`https?://\\S+/${page}\\?token=[\\w-]+`));
}

/** The first match of `pattern` in the newest outbox mail to `to` that has one. */
export async function urlFromOutbox(to: string, pattern: RegExp): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((f) => f.endsWith('.eml'))
            .sort()
            .reverse()
        : [];
      for (const file of files) {
        const raw = fs.readFileSync(path.join(dir, file), 'utf8');
        if (!raw.includes(to)) continue;
        link = pattern.exec(decodeMail(raw))?.[0];
        if (link) return link;
      }
      return undefined;
    })
    .toBeTruthy();
  return link ?? '';
}

export async function expectToast(page: Page, title: string, description?: string) {
  const region = page.getByRole('region', { name: /notifications/i });
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description, { exact: true })).toBeVisible();
}
