import { appendFileSync } from 'node:fs';
import { type AxeSummary, axeScan, settled } from '../support/axe';
import { api } from '../support/booking-api';
import { BASE, openInApp, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * axe-core on every top-level screen (issue 20): each menu route the demo users reach, a booking record, the
 * new-booking form and /login, in en-US and Traditional Chinese; any serious or critical WCAG violation
 * fails. Moderate and minor findings (best practices) are counted in the attached summary only.
 * `E2E_AXE_REPORT=<file>` also appends each screen's counts to that file as a JSON line (docs/accessibility.md's
 * figures; a failed test restarts the worker, so the counts are written as they come).
 */

interface MenuNode {
  url?: string | null;
  children?: MenuNode[];
}

const flatten = (items: MenuNode[]): string[] =>
  items.flatMap((i) => [...(i.url ? [i.url] : []), ...flatten(i.children ?? [])]);

/** The demo users whose menus together reach every screen (staff, finance, a customer, an agent). */
const USERS = ['admin@demo.test', 'finance@demo.test', 'shipper@demo.test', 'agent@demo.test'];
const LANGUAGES = ['en-US', 'zh-HK'];

const summaries: AxeSummary[] = [];

async function scan(page: Page, screen: string) {
  await settled(page);
  const summary = await axeScan(page, screen);
  summaries.push(summary);
  const file = process.env.E2E_AXE_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify(summary)}\n`);
}

const failures = (from: number) =>
  summaries.slice(from).flatMap((s) => s.blocking.map((b) => `${s.screen}: ${b}`));

for (const language of LANGUAGES) {
  test(`accessibility: /login and the public pages (${language})`, async ({ browser }) => {
    const from = summaries.length;
    const context = await browser.newContext({
      storageState: {
        cookies: [],
        origins: [{ origin: BASE, localStorage: [{ name: 'portal.language', value: language }] }],
      },
    });
    const page = await context.newPage();
    // The cookie banner is part of the first screen a visitor sees: scanned with it.
    await page.goto('/login');
    await expect(page.getByTestId('cookie-consent')).toBeVisible();
    await scan(page, `${language} /login`);
    for (const path of ['/forgotpassword', '/Registration']) {
      await page.goto(path);
      await scan(page, `${language} ${path}`);
    }
    await context.close();
    expect(failures(from)).toEqual([]);
  });

  // One test per user, so each gets its own time budget on a slow runner. A screen is scanned with the first
  // user (in this order) whose menu reaches it.
  USERS.forEach((login, at) => {
    test(`accessibility: the menu screens of ${login} (${language})`, async ({ browser }) => {
      test.setTimeout(600_000);
      const from = summaries.length;
      const { context, page, token } = await signedInContext(browser, login, { language });
      const earlier = new Set<string>();
      for (const other of USERS.slice(0, at)) {
        const s = await signedInContext(browser, other, { language });
        const m = await api<{ menu: MenuNode[] }>(s.token, 'GET', '/Users/UserModuleList');
        for (const u of flatten(m.body.menu)) earlier.add(u.toLowerCase());
        await s.context.close();
      }
      const menu = await api<{ menu: MenuNode[] }>(token, 'GET', '/Users/UserModuleList');
      const urls = flatten(menu.body.menu).filter((u) => !earlier.has(u.toLowerCase()));
      if (at === 0) urls.unshift('/');
      await page.goto('/');
      // The first load of the shell can take long on a busy runner; later screens open inside the app.
      await expect(page.getByTestId('breadcrumb')).toBeVisible({ timeout: 60_000 });
      for (const url of new Set(urls)) {
        await openInApp(page, url);
        await expect(page.getByTestId('breadcrumb')).toBeVisible();
        await scan(page, `${language} ${login.split('@')[0]} ${url}`);
      }
      if (login === 'admin@demo.test') {
        // A booking record (its tab bar, remarks and documents panels), opened from the list.
        await openInApp(page, '/BMS/enhance_booking');
        await settled(page);
        await page.getByTestId('data-table-row').locator('a').first().click();
        await expect(page.locator('[role="tablist"]').first()).toBeVisible();
        await scan(page, `${language} admin booking record`);
      }
      if (login === 'shipper@demo.test') {
        // The new e-booking form of a customer.
        await openInApp(page, '/BMS/enhance_booking/shipping_order/new');
        await expect(page.locator('[role="tablist"]').first()).toBeVisible();
        await scan(page, `${language} shipper new booking`);
      }
      await context.close();
      expect(failures(from)).toEqual([]);
    });
  });
}
