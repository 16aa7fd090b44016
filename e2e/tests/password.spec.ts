import { BASE, CONSENT_COOKIE, signedInContext } from '../support/session';
import { expect, test } from '../support/test';

/** A user of this journey's own (no demo user's password changes), created without a password. */
const LOGIN = `reset${Date.now()}@demo.test`;
const NEW_PASSWORD = 'Harbour-Crane-4821';

test.describe('@password forgot and reset', () => {
  test('forgot password → e-mail in the dev mailbox → reset link → weak refused → new password → sign in', async ({
    page,
    context,
    browser,
  }) => {
    const creator = await signedInContext(browser, 'admin@demo.test');
    const created = await fetch(`${BASE}/api/v1/User`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${creator.token}` },
      body: JSON.stringify({
        login_id: LOGIN,
        last_name: 'Reset',
        first_name: 'Rita',
        default_lang: 'en-US',
        profiles: [{ profile_type: 'CONSIGNEE', role: 'CONSIGNEE', office_code: 'NGB' }],
      }),
    });
    expect(created.status).toBe(201);
    await creator.context.close();

    await context.addCookies([CONSENT_COOKIE]);
    await page.goto('/login');
    await page.getByTestId('link-forgot-password').click();
    await expect(page).toHaveURL(/\/forgotpassword$/);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByText('Please input your username!')).toBeVisible();
    await page.getByTestId('forgot-username').fill(LOGIN);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-password-sent')).toBeVisible();

    // The admin finds the message and its link in the dev mailbox.
    const admin = await signedInContext(browser, 'admin@demo.test');
    await admin.page.goto('/BMS/Admin/dev_mailbox');
    const row = admin.page.locator('tr', { hasText: LOGIN }).first();
    await expect(row).toBeVisible();
    await row.getByText('Reset your password').click();
    const link = admin.page.getByTestId('mail-link-0');
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toContain(`/resetpassword?loginID=${encodeURIComponent(LOGIN)}&token=`);
    await admin.context.close();

    await page.goto(new URL(href).pathname + new URL(href).search);
    await expect(page.getByTestId('reset-login-id')).toHaveValue(LOGIN);
    await page.getByTestId('reset-password').fill('weakpass');
    await page.getByTestId('reset-confirm').fill('weakpass-other');
    await page.getByTestId('reset-submit').click();
    await expect(
      page.getByText('The password must have at least 8 characters', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText('The two passwords that you entered do not match')).toBeVisible();
    // Strong but common: the server refuses it.
    await page.getByTestId('reset-password').fill('Password1');
    await page.getByTestId('reset-confirm').fill('Password1');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText('This password is too common', { exact: false })).toBeVisible();

    await page.getByTestId('reset-password').fill(NEW_PASSWORD);
    await page.getByTestId('reset-confirm').fill(NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-password-done')).toBeVisible();
    await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });

    await page.getByTestId('login-username').fill(LOGIN);
    await page.getByTestId('login-password').fill(NEW_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByTestId('header-user')).toBeVisible();

    // The link works once.
    await page.goto(new URL(href).pathname + new URL(href).search);
    await expect(page.getByTestId('reset-password-invalid')).toHaveText(
      /Invalid Token\. Reset Password Fail\./,
    );
  });
});
