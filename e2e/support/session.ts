/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { SignJWT } from 'jose';

export const PASSWORD = 'Demo-Portal-2026';
export const BASE = `http://localhost:${process.env.E2E_PORT ?? 8090}`;
/** Same secret the Playwright config gives the server, so a test can forge an expired token. */
export const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e';
export const CONSENT_COOKIE = { name: 'portal_cookie_consent', value: '1', url: BASE };

interface LoginAnswer {
  token: string;
  profiles: { user_profile_id: number }[];
  uac: unknown;
}

async function apiLogin(login: string, language: string, profileIndex: number): Promise<LoginAnswer> {
  const res = await fetch(`${BASE}/api/v1/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password: PASSWORD, language }),
  });
  expect(res.status, `API sign-in of ${login}`).toBe(200);
  const body = (await res.json()) as LoginAnswer;
  if (body.profiles.length <= 1) return body;
  const pick = await fetch(`${BASE}/api/v1/Auth/renewtoken/${body.profiles[profileIndex].user_profile_id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${body.token}` },
  });
  return (await pick.json()) as LoginAnswer;
}

/**
 * A browser context already signed in through the API (the sign-in journey uses the form instead):
 * the same localStorage the login page writes, and the cookie banner already answered (unless `consent: false`).
 */
export async function signedInContext(
  browser: Browser,
  login: string,
  opts: { language?: string; profileIndex?: number; consent?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const language = opts.language ?? 'en-US';
  const s = await apiLogin(login, language, opts.profileIndex ?? 0);
  const context = await browser.newContext({
    storageState: {
      cookies: [],
      origins: [
        {
          origin: BASE,
          localStorage: [
            { name: 'portal.token', value: s.token },
            { name: 'portal.profiles', value: JSON.stringify(s.profiles) },
            { name: 'portal.uac', value: JSON.stringify(s.uac) },
            { name: 'portal.language', value: language },
          ],
        },
      ],
    },
  });
  if (opts.consent !== false) await context.addCookies([CONSENT_COOKIE]);
  return { context, page: await context.newPage(), token: s.token };
}

/** The same token with its expiry moved into the past, signed with the server's secret. */
export async function expiredCopy(token: string): Promise<string> {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const { sub, exp: _exp, iat: _iat, ...rest } = claims;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(sub))
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

/**
 * Picks an option by its visible text (a part of it): of a native select (PlainSelect) through the browser's
 * own choice, of an antd Select through its dropdown.
 */
export async function chooseOption(page: Page, selectTestId: string, text: string) {
  const select = page.getByTestId(selectTestId);
  const native = await select.evaluate((el, want) => {
    if (!(el instanceof HTMLSelectElement)) return null;
    const option = [...el.options].find((o) => o.text.includes(want));
    if (!option) throw new Error(`no option showing "${want}"`);
    return option.value;
  }, text);
  if (native !== null) {
    await select.selectOption(native);
    await expect(select).toHaveValue(native);
    return;
  }
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
  await dropdownsClosed(page, selectTestId);
}

/**
 * Fills a date field by its test id: a native date or date-time input ('YYYY-MM-DD', or 'YYYY-MM-DD HH:mm'
 * written with a T as the input's value is; the browser's own picker is not opened), or an antd DatePicker
 * (typed and confirmed with Enter).
 */
export async function fillDate(page: Page, testId: string, value: string) {
  const el = page.getByTestId(testId);
  const native = await el.evaluate(
    (e) => e instanceof HTMLInputElement && (e.type === 'date' || e.type === 'datetime-local'),
  );
  if (native) {
    const written = value.replace(' ', 'T');
    await el.fill(written);
    await expect(el).toHaveValue(written);
    return;
  }
  const input = (await el.evaluate((e) => e.tagName)) === 'INPUT' ? el : el.locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/**
 * Types into a SearchSelect (server options after the 1.5 s debounce) and picks the option showing `option`.
 * The single-value SearchSelect is a plain combobox (its input has the test id); the several-values one and
 * antd Selects that search (showSearch) are antd's.
 */
export async function pickSearchOption(page: Page, testId: string, typed: string, option: string) {
  const field = page.getByTestId(testId);
  if (await field.evaluate((el) => el.matches('input[role="combobox"]') && !el.closest('.ant-select'))) {
    await field.click();
    // A chosen value's text is selected on the click, so typing replaces it with the search.
    await field.pressSequentially(typed);
    const list = page.locator(`[id="${await field.getAttribute('aria-controls')}"]`);
    await list.getByRole('option').filter({ hasText: option }).first().click();
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    return;
  }
  await field.click();
  await page.keyboard.type(typed);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
  await dropdownsClosed(page, testId);
}

/**
 * Waits until no antd dropdown is open, so the next pick finds the new list's options and not the
 * (already selected) option of the list just closed.
 */
async function dropdownsClosed(page: Page, testId: string) {
  const select = page.getByTestId(testId);
  const multiple = await select.evaluate((el) =>
    (el.closest('.ant-select') ?? el.querySelector('.ant-select') ?? el).classList.contains(
      'ant-select-multiple',
    ),
  );
  if (multiple) await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/**
 * Confirms a dialog with one click and waits for it to close (the action answered). The app runs without
 * animations here (reducedMotion), so the dialog takes the click as soon as it is shown.
 */
export async function confirmDialog(page: Page, okTestId: string) {
  const ok = page.getByTestId(okTestId);
  await ok.click();
  await expect(ok).toBeHidden({ timeout: 30_000 });
}

/**
 * Goes to a screen inside the app, as a menu click does (the router follows `popstate`): no full reload, so a
 * walk over many screens stays short and the route-change handling (focus, title) is exercised too.
 */
export async function openInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === url);
}
