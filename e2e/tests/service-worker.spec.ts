import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONSENT_COOKIE } from '../support/session';
import { expect, test } from '../support/test';

/** The web build the server serves (the Playwright config's WEB_DIST_DIR, else apps/web/dist). */
const DIST = path.resolve(
  new URL('../..', import.meta.url).pathname,
  process.env.E2E_WEB_DIST || 'apps/web/dist',
);

declare global {
  interface Window {
    __beforeRefresh?: boolean;
  }
}

test.describe('@notification service worker', () => {
  test('asks to refresh when a new build is served, and the refresh loads it', async ({ browser }) => {
    const versionFile = path.join(DIST, 'version.json');
    const swFile = path.join(DIST, 'sw.js');
    const version = readFileSync(versionFile, 'utf8');
    const sw = readFileSync(swFile, 'utf8');
    // The build also writes precompressed copies (sw.js.br, sw.js.gz), which the server prefers: put the
    // changed script in their place by removing them for the test, and put them back afterwards.
    const compressed = ['.br', '.gz']
      .map((ext) => `${swFile}${ext}`)
      .filter((f) => existsSync(f))
      .map((f) => ({ f, bytes: readFileSync(f) }));
    const running = (JSON.parse(version) as { buildId: string }).buildId;
    const next = `${running}-e2e-next`;
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    await context.addCookies([CONSENT_COOKIE]);
    const page = await context.newPage();
    try {
      await page.goto('/login');
      // the first visit installs the worker, which takes control of the page
      await page.waitForFunction(() => !!navigator.serviceWorker.controller);
      await expect(page.getByTestId('update-prompt')).toHaveCount(0);

      // a new build is deployed: another worker script and another version file
      for (const { f } of compressed) rmSync(f);
      writeFileSync(swFile, sw.replace(`'${running}'`, `'${next}'`));
      writeFileSync(versionFile, JSON.stringify({ buildId: next }));
      // the app checks when the window regains focus (and every minute)
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(page.getByTestId('update-prompt')).toHaveText('A new version of the portal is available');
      await expect(page.getByTestId('update-refresh')).toBeVisible();

      // after the refresh, the page is the served build again (this test changed only the worker script)
      writeFileSync(versionFile, version);
      await page.evaluate(() => {
        window.__beforeRefresh = true;
      });
      await page.getByTestId('update-refresh').click();
      await page.waitForFunction(() => !window.__beforeRefresh && document.readyState === 'complete');
      // the new worker controls the reloaded page
      const controllerBuild = () =>
        page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data.buildId), {
                once: true,
              });
              navigator.serviceWorker.controller?.postMessage({ type: 'GET_BUILD_ID' });
              setTimeout(() => resolve('no answer'), 2000);
            }),
        );
      await expect.poll(controllerBuild).toBe(next);
      await expect(page.getByTestId('login-form').or(page.locator('form')).first()).toBeVisible();
      await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    } finally {
      writeFileSync(versionFile, version);
      writeFileSync(swFile, sw);
      for (const { f, bytes } of compressed) writeFileSync(f, bytes);
      await context.close();
    }
  });

  test('words the prompt in Traditional and Simplified Chinese', async ({ browser }) => {
    const versionFile = path.join(DIST, 'version.json');
    const version = readFileSync(versionFile, 'utf8');
    try {
      writeFileSync(versionFile, JSON.stringify({ buildId: 'another-build' }));
      for (const [language, title, refresh] of [
        ['zh-HK', '平台有新版本', '重新整理'],
        ['zh-CN', '平台有新版本', '刷新'],
      ] as const) {
        const context = await browser.newContext();
        await context.addCookies([CONSENT_COOKIE]);
        await context.addInitScript((l) => localStorage.setItem('portal.language', l), language);
        const page = await context.newPage();
        await page.goto('/login');
        // the check at start sees the other build
        await expect(page.getByTestId('update-prompt')).toHaveText(title);
        await expect(page.getByTestId('update-refresh')).toHaveText(refresh);
        await context.close();
      }
    } finally {
      writeFileSync(versionFile, version);
    }
  });
});
