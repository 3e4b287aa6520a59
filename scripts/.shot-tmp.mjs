import { chromium } from '@playwright/test';
const [url, out, width = '375', signin = ''] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } });
if (signin) {
  const [email, password] = signin.split(':');
  const r = await page.request.post('http://127.0.0.1:5391/api/auth/login', { data: { email, password } });
  console.log('login', r.status());
}
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
const m = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: window.innerWidth,
  wide: [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map(e => `${e.tagName}.${String(e.className).slice(0,60)} ${Math.round(e.getBoundingClientRect().width)}`) }));
console.log(JSON.stringify(m, null, 1));
await page.screenshot({ path: out, fullPage: false });
await browser.close();
