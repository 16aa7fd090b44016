import { FULL_CHROMIUM } from '../support/chromium';
import { BASE, CONSENT_COOKIE, openInApp, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

// The policy is checked in the full browser, as users run it: the house document opens in its PDF viewer (in
// the headless shell the other journeys use, a PDF in a frame never loads).
test.use({ launchOptions: FULL_CHROMIUM });

/**
 * The Content-Security-Policy the server sends (platform/http/security-headers) must not break the built
 * app: every top-level screen of the menu (as the administrator and as a shipper), the shell's own
 * screens, the public pages, a booking with its PDF preview and the API docs load under it without a
 * single violation, reported either as the `securitypolicyviolation` event or on the console.
 */

interface MenuItem {
  url?: string;
  children?: MenuItem[];
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records violations from the first script on each document, and console reports of them. */
async function watchCsp(page: Page) {
  const reported: string[] = [];
  const note = (text: string) => {
    if (/Content[- ]Security[- ]Policy/i.test(text)) reported.push(text);
  };
  page.on('console', (m) => note(m.text()));
  page.on('pageerror', (e) => note(e.message));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    // marks frames that finished loading (load does not bubble, but the capture phase sees it)
    document.addEventListener(
      'load',
      (e) => {
        if (e.target instanceof HTMLIFrameElement) e.target.dataset.loaded = 'true';
      },
      true,
    );
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}`,
      );
    });
  });
  /** The violations since the last call, with the screen they happened on. */
  return async (screen: string) => {
    const events = await page.evaluate(() => window.__cspViolations?.splice(0) ?? []);
    const found = [...events, ...reported.splice(0)].map((v) => `${screen}: ${v}`);
    return found;
  };
}

const menuUrls = (items: MenuItem[]): string[] =>
  items.flatMap((i) => [...(i.url?.startsWith('/') ? [i.url] : []), ...menuUrls(i.children ?? [])]);

async function menuOf(token: string): Promise<string[]> {
  const res = await fetch(`${BASE}/api/v1/Users/UserModuleList`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { menu: MenuItem[]; modules: { url: string }[] };
  return [
    ...new Set([...menuUrls(body.menu), ...body.modules.map((m) => m.url).filter((u) => u.startsWith('/'))]),
  ];
}

/** Opens a screen, checks the policy came with it and that the screen (not an error page) shows. */
async function open(page: Page, url: string) {
  const res = await page.goto(url, { waitUntil: 'networkidle' });
  expect(res?.headers()['content-security-policy'], url).toContain("script-src 'self'");
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByTestId('page-not-found'), url).toHaveCount(0);
  await expect(page.getByTestId('access-declined'), url).toHaveCount(0);
}

/**
 * Resolves once no request of the page has been in flight for half a second (the page's chunks, styles,
 * translations and API calls all answered): `networkidle` for navigations inside the app, where Playwright's
 * own load states do not apply again.
 */
function quietNetwork(page: Page) {
  let inFlight = 0;
  let changed = Date.now();
  const done = () => {
    inFlight -= 1;
    changed = Date.now();
  };
  page.on('request', () => {
    inFlight += 1;
    changed = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return (url: string) =>
    expect
      .poll(() => inFlight <= 0 && Date.now() - changed >= 500, {
        message: url,
        timeout: 60_000,
        intervals: [100],
      })
      .toBe(true);
}

/**
 * Opens a screen inside the app and waits until its code has loaded and run: its chunks, styles and
 * translations load under the policy of the document that `open` loaded (and whose header it checked), so a
 * violation shows as it would for a user.
 */
async function openScreen(page: Page, quiet: (url: string) => Promise<void>, url: string) {
  await openInApp(page, url);
  await quiet(url);
  await expect(page.getByTestId('page-loading'), url).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('page-not-found'), url).toHaveCount(0);
  await expect(page.getByTestId('access-declined'), url).toHaveCount(0);
}

test.describe('@security content security policy', () => {
  for (const login of ['admin@demo.test', 'shipper@demo.test']) {
    test(`every menu screen of ${login} runs under the CSP without a violation`, async ({ browser }) => {
      // The first screen is a full load (the policy header checked); the others open inside the app as a menu
      // click does, each waiting for its code to load and run (a full reload of each of the admin's ~100
      // screens took 5.4 min of a CI run; the header is the same on every document).
      test.setTimeout(480_000);
      const { context, page, token } = await signedInContext(browser, login);
      const violations = await watchCsp(page);
      const quiet = quietNetwork(page);
      const screens = [
        ...(await menuOf(token)),
        '/',
        '/BMS/Setting/user_profile',
        '/BMS/Setting/update_user_password',
      ];
      expect(screens.length).toBeGreaterThan(login.startsWith('admin') ? 12 : 1);
      const found: string[] = [];
      await open(page, '/');
      await expect(page.getByTestId('menu-sider').first()).toBeVisible();
      found.push(...(await violations('/')));
      for (const url of screens) {
        await openScreen(page, quiet, url);
        await expect(page.getByTestId('menu-sider').first()).toBeVisible();
        found.push(...(await violations(url)));
      }
      expect(found).toEqual([]);
      await context.close();
    });
  }

  test('a booking with its house document preview (a PDF in a blob: frame) and a new booking', async ({
    browser,
  }) => {
    const { context, page, token } = await signedInContext(browser, 'ops@demo.test');
    const violations = await watchCsp(page);
    // Newest SO numbers first: the demo's own orders (SO…), which have house bills, before its analytics
    // history (ANH…, no house bill).
    const list = await fetch(`${BASE}/api/v1/Booking/list/search_booking?pageSize=50&sort=so_no&order=desc`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const rows = ((await list.json()) as { rows: { so_no: string; is_e_booking: boolean }[] }).rows;
    let withDoc: { so_no: string; is_e_booking: boolean } | undefined;
    for (const row of rows) {
      const doc = await fetch(`${BASE}/api/v1/Booking/${row.so_no}/house-doc`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await doc.arrayBuffer();
      if (doc.status === 200) {
        withDoc = row;
        break;
      }
    }
    expect(withDoc, 'a demo booking with a house document').toBeTruthy();
    const url = `/BMS/enhance_booking/${withDoc?.is_e_booking ? 'e_booking' : 'shipping_order'}/${withDoc?.so_no}`;
    await open(page, url);
    await page.getByTestId('booking-tab-house_doc').click();
    await expect(page.getByTestId('house-doc-preview')).toHaveAttribute('data-loaded', 'true');
    const found = await violations(`${url} (house doc)`);
    await open(page, '/BMS/enhance_booking/shipping_order/new');
    found.push(...(await violations('new booking')));
    expect(found).toEqual([]);
    await context.close();
  });

  test('the public pages and the API docs run under the CSP without a violation', async ({
    page,
    context,
  }) => {
    await context.addCookies([CONSENT_COOKIE]);
    const violations = await watchCsp(page);
    const found: string[] = [];
    for (const url of [
      '/login',
      '/forgotpassword',
      '/resetpassword?loginID=nobody@demo.test&token=not-a-token',
      '/Registration',
      '/RegistrationWithSIS',
      '/RegistrationWithoutSIS',
    ]) {
      await open(page, url);
      found.push(...(await violations(url)));
    }
    const docs = await page.goto('/api/docs/', { waitUntil: 'networkidle' });
    expect(docs?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { name: /Freight portal API/ })).toBeVisible();
    await expect(page.locator('.opblock').first()).toBeVisible();
    found.push(...(await violations('/api/docs')));
    expect(found).toEqual([]);
  });
});
