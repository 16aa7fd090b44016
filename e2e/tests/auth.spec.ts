import { mkdirSync } from 'node:fs';
import { CONSENT_COOKIE, expiredCopy, PASSWORD, signedInContext } from '../support/session';
import { expect, test } from '../support/test';

const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

const LANGS = [
  {
    code: 'en-US',
    label: 'English',
    required: 'Please input your username!',
    usernameLabel: 'Username',
    carrierMenu: 'Carrier Maintenance',
  },
  {
    code: 'zh-HK',
    label: '繁體中文',
    required: '請輸入你的用戶名稱！',
    usernameLabel: '用戶名稱',
    carrierMenu: '承運商維護',
  },
  {
    code: 'zh-CN',
    label: '简体中文',
    required: '请输入您的用户名！',
    usernameLabel: '用户名',
    carrierMenu: '承运商维护',
  },
] as const;

test.describe('@auth sign-in', () => {
  for (const lang of LANGS) {
    test(`signs in with the form in ${lang.code}, lands, opens carriers from the menu and signs out`, async ({
      page,
      context,
    }) => {
      await context.addCookies([CONSENT_COOKIE]);
      await page.goto('/login');
      await page.getByTestId('login-language').selectOption({ label: lang.label });
      // The form speaks the chosen language (its translations have loaded) before it is submitted.
      await expect(page.locator('label[for="login_username"]')).toHaveText(lang.usernameLabel);
      await page.getByTestId('login-submit').click();
      await expect(page.getByText(lang.required)).toBeVisible();
      await page.screenshot({ path: `${ARTIFACTS}login-${lang.code}.png`, fullPage: true });

      await page.getByTestId('login-username').fill('admin@demo.test');
      await page.getByTestId('login-password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      // Landing (000 §4): the first module that is neither setting nor admin, here Booking.
      await expect(page).toHaveURL(/\/BMS\/enhance_booking$/);
      await expect(page.getByTestId('header-user')).toContainText('Ada Admin');
      await expect(page.getByTestId('session-countdown')).toHaveText(/\b\d{1,3}:\d{2}$/);

      await page.getByTestId('menu-search').fill(lang.carrierMenu.slice(0, 2));
      await page.getByTestId('side-menu').getByRole('link', { name: lang.carrierMenu }).click();
      await expect(page).toHaveURL(/\/BMS\/carrier_maintenance/);
      await expect(page.getByTestId('carrier-table')).toContainText('MAEU');
      await page.screenshot({ path: `${ARTIFACTS}carrier-list-${lang.code}.png`, fullPage: true });

      await page.getByTestId('menu-sign-out').click();
      await expect(page).toHaveURL(/\/login/);
      expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    });
  }

  test('refuses a wrong password with the server message', async ({ page, context }) => {
    await context.addCookies([CONSENT_COOKIE]);
    await page.goto('/login');
    await page.getByTestId('login-username').fill('ops@demo.test');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('asks multi@demo.test for a profile, then switches profile from the header and signs out', async ({
    page,
    context,
  }) => {
    await context.addCookies([CONSENT_COOKIE]);
    await page.goto('/login');
    await page.getByTestId('login-username').fill('multi@demo.test');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    const profiles = page.getByTestId('login-profile');
    await expect(profiles).toBeVisible();
    await page.getByTestId('profile-submit').click();
    await expect(page.getByText('Please select your profile!')).toBeVisible();
    await profiles.getByText('Agent').click();
    await page.getByTestId('profile-submit').click();
    // AGENT and CONSIGNEE profiles land on booking approval (000 §4, 001 §6).
    await expect(page).toHaveURL(/\/BMS\/enhance_booking_approval$/);
    await expect(page.getByTestId('header-user')).toContainText('Agent');

    await page.getByTestId('profile-switch').click();
    await page.locator('[data-testid^="profile-switch-"]').filter({ hasText: 'Operations' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-user')).toContainText('Operations');

    await page.getByTestId('menu-sign-out').click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('sends a visitor to the login page with redir and back there after sign-in', async ({
    page,
    context,
  }) => {
    await context.addCookies([CONSENT_COOKIE]);
    await page.goto('/BMS/carrier_maintenance?q=maersk');
    await expect(page).toHaveURL(/\/login\?redir=/);
    await page.getByTestId('login-username').fill('admin@demo.test');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/BMS\/carrier_maintenance\?q=maersk/);
    await expect(page.getByTestId('carrier-table')).toContainText('MAEU');
  });

  test('an expired token goes to the login page with the timeout message and returns to the page', async ({
    browser,
  }) => {
    const { context, page, token } = await signedInContext(browser, 'admin@demo.test');
    await page.goto('/BMS/carrier_maintenance');
    await expect(page.getByTestId('carrier-table')).toContainText('MAEU');
    const expired = await expiredCopy(token);
    await page.evaluate((t) => localStorage.setItem('portal.token', t), expired);
    await page.reload();
    await expect(page).toHaveURL(/\/login\?redir=%2FBMS%2Fcarrier_maintenance/);
    await expect(page.getByText('You have been logged off after a timeout')).toBeVisible();
    await page.getByTestId('login-username').fill('admin@demo.test');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/BMS\/carrier_maintenance$/);
    await context.close();
  });

  test('a token removed in another tab sends this tab to the login page', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test');
    await page.goto('/');
    await expect(page.getByTestId('header-user')).toBeVisible();
    const other = await context.newPage();
    await other.goto('/');
    await other.getByTestId('menu-sign-out').click();
    await expect(page).toHaveURL(/\/login/);
    await context.close();
  });
});

test.describe('@auth access', () => {
  test('shows the 403 page to a user without the function id, and Page Not Found for unknown paths', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test');
    await page.goto('/BMS/carrier_maintenance');
    await expect(page.getByTestId('access-declined')).toHaveText(
      "403 Forbidden. You don't have permission to access the record/(path).",
    );
    await page.goto('/BMS/no_such_screen');
    await expect(page.getByTestId('page-not-found')).toBeVisible();
    await context.close();
  });

  test('a super user changes to another user; others have no Change User item', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin@demo.test');
    await admin.page.goto('/');
    await expect(admin.page.getByTestId('header-user')).toBeVisible();
    await expect(admin.page.getByTestId('menu-change-user')).toHaveCount(0);
    await admin.context.close();

    const { context, page } = await signedInContext(browser, 'super@demo.test');
    await page.goto('/');
    await page.getByTestId('menu-change-user').click();
    await expect(page).toHaveURL(/\/ChangeUser/);
    await page.getByTestId('change-user-id').fill('nobody@demo.test');
    await page.getByTestId('change-user-submit').click();
    await expect(page.getByTestId('change-user-error')).toBeVisible();
    await page.getByTestId('change-user-id').fill('ops@demo.test');
    await page.getByTestId('change-user-submit').click();
    await expect(page.getByTestId('header-user')).toContainText('Oscar Ops');
    // Still a super user underneath: Change User stays available to go back.
    await expect(page.getByTestId('menu-change-user')).toBeVisible();
    await context.close();
  });

  test('shows the cookie banner until accepted, and the privacy policy modal', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('cookie-consent')).toBeVisible();
    await page.getByTestId('cookie-accept').click();
    await expect(page.getByTestId('cookie-consent')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('cookie-consent')).toHaveCount(0);
    const cookies = await page.context().cookies();
    const consent = cookies.find((c) => c.name === 'portal_cookie_consent');
    expect(consent && consent.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  });
});
