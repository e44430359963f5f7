// Quick look at the built app: node scripts/shot.mjs <url> <out.png> [width] [height]
import { chromium } from 'playwright-core';
const [url, out, w = '1280', h = '800'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(url);
await page.waitForTimeout(800);
if (process.env.CLICKS) for (const sel of process.env.CLICKS.split('|')) { await page.click(sel); await page.waitForTimeout(150); }
await page.screenshot({ path: out });
await browser.close();
