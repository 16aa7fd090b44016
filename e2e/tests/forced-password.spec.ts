import { BASE, CONSENT_COOKIE, signedInContext } from '../support/session';
import { expect, test } from '../support/test';

test.describe('@auth forced password change', () => {
  test('a user whose password the admin set must change it at sign-in, then works normally', async ({
    browser,
  }) => {
    const admin = await signedInContext(browser, 'admin@demo.test');
    const login = `forced${Date.now()}@demo.test`;
    const temporary = 'Temp-Pass-2026x';
    const res = await fetch(`${BASE}/api/v1/User`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({
        login_id: login,
        last_name: 'Forced',
        first_name: 'Fay',
        default_lang: 'en-US',
        password: temporary,
        profiles: [{ profile_type: 'OPERATIONS', role: 'OPERATIONS', office_code: 'HKG' }],
      }),
    });
    expect(res.status).toBe(201);
    await admin.context.close();

    const context = await browser.newContext();
    await context.addCookies([CONSENT_COOKIE]);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-username').fill(login);
    await page.getByTestId('login-password').fill(temporary);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/BMS\/Setting\/update_user_password/);
    await expect(page.getByTestId('password-forced')).toBeVisible();

    // Leaving is not possible until the password is changed.
    await page.goto('/BMS/party');
    await expect(page).toHaveURL(/\/BMS\/Setting\/update_user_password/);

    const fresh = 'Fresh-Pass-2026y';
    await page.getByTestId('password-old').fill(temporary);
    await page.getByTestId('password-new').fill(fresh);
    await page.getByTestId('password-confirm').fill(fresh);
    await page.getByTestId('password-submit').click();
    await expect(page).not.toHaveURL(/update_user_password/);
    await page.goto('/BMS/party');
    await expect(page).toHaveURL(/\/BMS\/party$/);

    // The new password is the one that signs in now.
    const again = await fetch(`${BASE}/api/v1/Auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: login, password: fresh, language: 'en-US' }),
    });
    expect(again.status).toBe(200);
    expect((await again.json()).force_change_password).toBe(false);
    await context.close();
  });
});
