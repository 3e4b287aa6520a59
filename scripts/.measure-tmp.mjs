import { chromium } from '@playwright/test';
import fs from 'node:fs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const urls = new Set();
page.on('response', (r) => { if (r.url().endsWith('.js')) urls.add(new URL(r.url()).pathname); });
await page.goto('http://127.0.0.1:5391/', { waitUntil: 'networkidle' });
let total = 0;
for (const u of urls) { const f = `dist/client${u}.gz`; const n = fs.existsSync(f) ? fs.statSync(f).size : -1; total += n; console.log(n, u); }
console.log('total', total);
await browser.close();
