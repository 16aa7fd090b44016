import { writeFileSync } from 'node:fs';
import { CONSENT_COOKIE, openInApp, PASSWORD } from '../support/session';
import { expect, type Locator, type Page, test } from '../support/test';

/**
 * The portal on a phone (issue 39, docs/accessibility.md "Phone and narrow windows"): at 390 × 844 the menu
 * starts closed as a drawer, the header's controls all show without overlapping, and no menu screen is wider
 * than the window. One sign-in through the form, then every screen of the admin's menu (read from the menu the
 * web app gets, GET /Users/UserModuleList, so a new screen is checked as soon as it is in the menu) opened inside
 * the app. The widest page is printed (issue 39's closing note); screenshots go to the test's output folder.
 */

const PHONE = { width: 390, height: 844 };

interface MenuNode {
  key: string;
  url?: string | null;
  children?: MenuNode[];
}

const flatten = (items: MenuNode[]): string[] =>
  items.flatMap((i) => [...(i.url ? [i.url] : []), ...flatten(i.children ?? [])]);

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * How wide the page is against the window, and for the message the outermost elements that reach past its right
 * edge without a scrolling or clipping box around them (a table scrolling inside its card is fine).
 */
const measure = (page: Page) =>
  page.evaluate(() => {
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    const width = window.innerWidth;
    const out: string[] = [];
    if (scrollWidth > width + 1) {
      const clipped = (el: Element) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (getComputedStyle(p).overflowX !== 'visible') return true;
        }
        return false;
      };
      const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter(
        (el) => el.getBoundingClientRect().right > width + 1 && !clipped(el),
      );
      for (const el of wide) {
        if (wide.includes(el.parentElement as HTMLElement)) continue;
        const cls = typeof el.className === 'string' ? el.className.split(' ').slice(0, 2).join('.') : '';
        const id = el.dataset.testid ? `[${el.dataset.testid}]` : '';
        out.push(
          `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${id} ${Math.round(el.getBoundingClientRect().right)}px`,
        );
        if (out.length >= 3) break;
      }
    }
    return { scrollWidth, width, out };
  });

/**
 * The screen of `url` is shown (the shell's main says which route it shows: a navigation in a transition keeps
 * the old page a while) and its data has come (no spinner, no loading table), or 15 s passed: it is measured
 * then anyway (a slow answer is not what this journey checks).
 */
async function loaded(page: Page, url: string) {
  const path = new URL(url, 'http://x').pathname;
  await expect(page.locator(`#main-content[data-path="${path}"]`)).toHaveCount(1, { timeout: 30_000 });
  await page
    .waitForFunction(
      () =>
        ![
          ...document.querySelectorAll(
            '.ant-spin-spinning, .plain-spin[aria-busy="true"], [data-testid="data-table-loading"], [data-testid="page-loading"]',
          ),
        ].some((el) => el.checkVisibility()),
      undefined,
      { timeout: 15_000, polling: 100 },
    )
    .catch(() => {});
}

async function box(l: Locator, name: string): Promise<Box> {
  await expect(l, `${name} is shown`).toBeVisible();
  const b = await l.boundingBox();
  if (!b) throw new Error(`${name} has no box`);
  return b;
}

test('phone 390 × 844: drawer menu, reflowed header, no screen wider than the window', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  await context.addCookies([CONSENT_COOKIE]);
  const page = await context.newPage();
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`phone-${name}.png`) });

  // One sign-in through the form, as on a phone.
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin@demo.test');
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('breadcrumb')).toBeVisible({ timeout: 60_000 });
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));

  // The menu starts closed: the page has the whole width.
  const toggle = page.getByTestId('menu-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('side-menu')).toBeHidden();
  const main = await box(page.locator('#main-content'), 'the page');
  expect(main.width, 'the page takes the window width').toBeGreaterThanOrEqual(PHONE.width - 1);

  // The header's controls are all there, inside the window, none over another.
  const controls: [string, Locator][] = [
    ['menu button', toggle],
    ['search', page.getByTestId('global-search-toggle')],
    ['session timer', page.getByTestId('session-countdown')],
    ['bell', page.getByTestId('notification-bell')],
    ['language', page.getByTestId('header-language')],
    ['user menu', page.getByTestId('header-user-menu')],
  ];
  const boxes: [string, Box][] = [];
  for (const [name, l] of controls) boxes.push([name, await box(l, name)]);
  const misplaced: string[] = [];
  for (const [i, [name, b]] of boxes.entries()) {
    if (b.x < 0 || b.x + b.width > PHONE.width) misplaced.push(`${name} outside the window`);
    for (const [other, c] of boxes.slice(i + 1)) if (overlap(b, c)) misplaced.push(`${name} over ${other}`);
  }
  expect(misplaced, 'header controls').toEqual([]);
  await shot('home-header');

  // Search: the icon opens the box across the header, Escape folds it and gives the focus back.
  await page.getByTestId('global-search-toggle').click();
  const search = page.getByTestId('global-search-input');
  await expect(search).toBeFocused();
  expect((await box(search, 'search box')).width).toBeGreaterThan(250);
  await shot('search-open');
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
  await expect(page.getByTestId('global-search-toggle')).toBeFocused();

  // The user menu holds the user, the profile page and sign-out.
  await page.getByTestId('header-user-menu').click();
  await expect(page.getByTestId('header-user')).toContainText('Ada Admin');
  await expect(page.getByTestId('header-sign-out')).toBeVisible();
  await shot('user-menu');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('header-user')).toBeHidden();

  // The drawer: opens over the page with the focus in it; Escape closes it and the focus goes back.
  const drawer = page.getByTestId('side-menu');
  await toggle.click();
  await expect(drawer).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('menu-drawer')).toContainText(
    await page.getByTestId('menu-home').innerText(),
  );
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="menu-drawer"]'))).toBe(
    true,
  );
  expect((await box(page.locator('#main-content'), 'the page')).width).toBeGreaterThanOrEqual(
    PHONE.width - 1,
  );
  await shot('drawer-open');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();
  // The backdrop closes it.
  await toggle.click();
  await expect(drawer).toBeVisible();
  await page.getByTestId('menu-backdrop').click({ position: { x: PHONE.width - 20, y: PHONE.height / 2 } });
  await expect(drawer).toBeHidden();
  // A link closes it and opens its screen.
  await toggle.click();
  await drawer.locator('a[href="/BMS/party"]').click();
  await expect(page).toHaveURL(/\/BMS\/party$/);
  await expect(drawer).toBeHidden();

  // Every screen of the menu, opened inside the app: none wider than the window.
  const res = await page.request.get('/api/v1/Users/UserModuleList', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const urls = ['/', ...new Set(flatten(((await res.json()) as { menu: MenuNode[] }).menu))];
  const widths: { url: string; scrollWidth: number; out: string[]; ms?: number }[] = [];
  for (const url of urls) {
    const from = Date.now();
    await openInApp(page, url);
    await loaded(page, url);
    const m = await measure(page);
    widths.push({ url, scrollWidth: m.scrollWidth, out: m.out, ms: Date.now() - from });
    if (url === '/BMS/enhance_booking' || url === '/INV/Search' || url === '/BMS/OperationAlertDashboard') {
      await shot(url.split('/').pop() as string);
    }
  }
  // A form and a record: the new-booking form (its grid of fields in one column).
  await openInApp(page, '/BMS/enhance_booking/shipping_order/new');
  await loaded(page, '/BMS/enhance_booking/shipping_order/new');
  await expect(page.locator('[role="tablist"]').first()).toBeVisible({ timeout: 30_000 });
  const form = await measure(page);
  widths.push({
    url: '/BMS/enhance_booking/shipping_order/new',
    scrollWidth: form.scrollWidth,
    out: form.out,
  });
  await shot('booking-new');

  const widest = widths.reduce((a, b) => (b.scrollWidth > a.scrollWidth ? b : a));
  const summary = `phone 390 px: ${widths.length} screens, widest ${widest.url} ${widest.scrollWidth} px`;
  console.log(summary);
  // Width, milliseconds to open and the elements sticking out, per screen (also a file in the output folder).
  const table = widths
    .map((w) => `${w.scrollWidth}\t${w.ms ?? ''}\t${w.url}\t${w.out.join(', ')}`)
    .join('\n');
  writeFileSync(testInfo.outputPath('phone-widths.txt'), `${summary}\n${table}\n`);
  await testInfo.attach('widths', { body: table, contentType: 'text/plain' });
  const wider = widths
    .filter((w) => w.scrollWidth > PHONE.width + 1)
    .map((w) => `${w.url}: ${w.scrollWidth} px (${w.out.join(', ')})`);
  expect(wider, 'screens wider than the 390 px window').toEqual([]);
  await context.close();
});
