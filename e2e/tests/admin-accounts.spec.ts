import { BASE, CONSENT_COOKIE, PASSWORD, pickSearchOption, signedInContext } from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

/** A suffix so reruns against a kept database never collide. */
const RUN = Date.now().toString(36).slice(-5).toLowerCase();

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** A fresh browser context that has answered the cookie banner but is not signed in. */
async function anonymous(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([CONSENT_COOKIE]);
  return context.newPage();
}

test.describe('@admin user, role and public pages', () => {
  test('admin creates a user with a profile after a duplicate login id is refused, then disables them', async ({
    browser,
  }) => {
    const { page } = await signedInContext(browser, 'admin@demo.test');
    const login = `e2e.user.${RUN}@example.com`;

    await page.goto('/BMS/user_maintenance');
    await page.getByTestId('user-new').click();
    await expect(page).toHaveURL(/\/BMS\/user_maintenance\/new$/);
    await page.getByTestId('user-login-id').fill('ADMIN@demo.test');
    await page.getByTestId('user-last-name').fill('Chan');
    await page.getByTestId('user-first-name').fill('Tai Man');
    await page.getByTestId('user-password').fill(PASSWORD);
    await page.getByTestId('user-company').fill('E2E Trading');
    await page.getByTestId('user-profile-add').click();
    await pickSearchOption(page, 'user-profile-type-0', 'SHIPPER', 'SHIPPER - Shipper');
    await pickSearchOption(page, 'user-profile-role-0', 'SHIPPER', 'SHIPPER - Shipper');
    await page.getByTestId('user-save').click();
    await expect(page.getByText('Login ID ADMIN@demo.test already exists')).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);

    await page.getByTestId('user-login-id').fill(login);
    await page.getByTestId('user-save').click();
    await expect(page).toHaveURL(/\/BMS\/user_maintenance\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('user-title')).toContainText(login);
    // The profile's choices are plain comboboxes (issue 20): the chosen option is the input's value.
    await expect(page.getByTestId('user-profile-type-0')).toHaveValue(/SHIPPER/);
    await expect(page.getByTestId('user-profile-role-0')).toHaveValue(/SHIPPER/);
    await expect(page.getByTestId('user-status')).toHaveText('Active');

    // The new user signs in elsewhere; disabling them ends that session at once.
    const victim = await signedInContext(browser, login);
    await victim.page.goto('/');
    await page.getByTestId('user-disable').click();
    await page.locator('#user-status-confirm').click();
    await expect(page.getByTestId('user-status')).toHaveText('Disabled');
    await victim.page.reload();
    await expect(victim.page).toHaveURL(/\/login/);

    await page.getByTestId('user-history-tab').click();
    await expect(page.getByText('disable').first()).toBeVisible();
  });

  test('admin adds a function to a role', async ({ browser }) => {
    const { page, token } = await signedInContext(browser, 'admin@demo.test');
    const code = `E2E${RUN.toUpperCase()}`;
    const created = await api(token, 'POST', '/Role', { code, name: 'E2E role', func_ids: ['m_ar_search'] });
    expect(created.status).toBe(201);
    await page.goto('/BMS/role_maintenance');
    const search = page.getByTestId('search-input').locator('input');
    await search.fill(code);
    await search.press('Enter');
    await page.getByTestId(`role-link-${code}`).click();
    await expect(page.getByTestId('role-title')).toContainText(code);
    // The function tree is plain check boxes (issue 20), each named by its function's text.
    const box = page
      .locator('label')
      .filter({ has: page.getByTestId('role-func-m_ar') })
      .getByRole('checkbox');
    await expect(box).not.toBeChecked();
    await box.check();
    await page.getByTestId('role-save').click();
    await expect(page.getByText(`Role ${code} saved`)).toBeVisible();
    const role = await api(token, 'GET', `/Role/${created.json.role_id}`);
    expect(role.json.func_ids).toEqual(['m_ar', 'm_ar_search']);
  });

  test('the public documents page downloads a PDF without signing in', async ({ browser }) => {
    const page = await anonymous(browser);
    await page.goto('/public-documents?filename=ignored.pdf');
    await expect(page.getByTestId('public-docs-page')).toBeVisible();
    await expect(page.getByTestId('public-file-personalInfoExport')).toContainText(
      'Statement and Authorization on Personal Information Export',
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('public-file-privacyPolicy').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await page.goto('/china-privacy-policy');
    await expect(page.getByTestId('public-file-chinaPrivacyPolicy')).toBeVisible();
  });

  test('an ALERT valid now and a NOTICE created by the admin appear to a user signing in', async ({
    browser,
  }) => {
    const admin = await signedInContext(browser, 'admin@demo.test');
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const alertTitle = `E2E alert ${RUN}`;
    const noticeTitle = `E2E notice ${RUN}`;
    const created: { uid: string; version: number; body: Record<string, unknown> }[] = [];
    for (const [notice_type, notice_title] of [
      ['ALERT', alertTitle],
      ['NOTICE', noticeTitle],
    ]) {
      const body = {
        notice_type,
        notice_title,
        notice_body: `${notice_title}: maintenance in {{REMAIN}} minutes`,
        affected_system: 'Portal',
        valid_from: iso(now - 3_600_000),
        valid_to: iso(now + 2 * 3_600_000),
        remarks: null,
      };
      const res = await api(admin.token, 'POST', '/SysNotice', body);
      expect(res.status, notice_type).toBe(201);
      const saved = res.json as { uid: string; version: number };
      created.push({ uid: saved.uid, version: saved.version, body });
    }
    // The notices must not stay valid for the journeys that run after this one.
    const expireNotices = async () => {
      for (const n of created) {
        const res = await api(admin.token, 'PUT', `/SysNotice/${n.uid}`, {
          ...n.body,
          valid_to: iso(now - 1_800_000),
          version: n.version,
        });
        expect(res.status, `expire ${n.uid}`).toBe(200);
      }
    };

    const page = await anonymous(browser);
    await page.goto('/login');
    await page.getByTestId('login-username').fill('ops@demo.test');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    try {
      await expect(page.getByRole('heading', { name: alertTitle })).toBeVisible();
      await expect(page.getByText(noticeTitle, { exact: true })).toBeVisible();
      await expect(
        page.getByTestId('sys-notice-popup').or(page.locator('.feedback-notice')).first(),
      ).toBeVisible();
    } finally {
      await expireNotices();
    }
  });
});
