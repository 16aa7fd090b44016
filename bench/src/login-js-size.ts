/**
 * Gzipped JavaScript that /login loads in Chromium (the first screen's weight). Needs the built web app
 * (npm run build). Run: npm run bench:js
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../../e2e/support/chromium';
import { startServer } from './server';

const server = await startServer(8096, 54396);
try {
  const browser = await chromium.launch(CHROMIUM);
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') {
      const body = await res.body();
      scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
    }
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await browser.close();
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const s of scripts) console.log(`  ${s.url}  ${kb(s.raw)} KB raw, ${kb(s.gzip)} KB gzip`);
  const total = scripts.reduce((a, s) => a + s.gzip, 0);
  console.log(`/login loads ${scripts.length} JS files, ${kb(total)} KB gzipped`);
} finally {
  await server.stop();
}
