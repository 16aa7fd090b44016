import { CONSENT_COOKIE } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * A 429 from the rate limit (platform/http/rate-limit) reads as a translated message with the wait on
 * the sign-in, forgot-password and registration pages. The journey server runs with raised limits, so
 * the answer is the server's 429 shape served by the browser for the one call.
 */

const WAIT = {
  'en-US': 'Too many attempts. Please wait 42 seconds and try again.',
  'zh-HK': '嘗試次數過多，請等候 42 秒後再試。',
  'zh-CN': '尝试次数过多，请等待 42 秒后再试。',
} as const;

async function answer429(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === `/api/v1${path}`,
    (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '42', 'content-type': 'application/json' },
        body: JSON.stringify({ msgKey: 'msgTooManyRequests', params: { retryAfterSeconds: 42 } }),
      }),
  );
}

test.describe('@security too many requests', () => {
  for (const [language, text] of Object.entries(WAIT)) {
    test(`sign-in, forgot password and registration show the wait in ${language}`, async ({
      page,
      context,
    }) => {
      await context.addCookies([CONSENT_COOKIE]);
      await context.addInitScript((lang) => localStorage.setItem('portal.language', lang), language);

      await answer429(page, '/Auth/login');
      await page.goto('/login');
      await page.getByTestId('login-username').fill('ops@demo.test');
      await page.getByTestId('login-password').fill('whatever');
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-error')).toHaveText(text);

      await answer429(page, '/Password/forgotpassword');
      await page.goto('/forgotpassword');
      await page.getByTestId('forgot-username').fill('ops@demo.test');
      await page.getByTestId('forgot-submit').click();
      await expect(page.getByTestId('forgot-password-error')).toContainText(text);

      await answer429(page, '/Admin/validateAndGetSISUser');
      await page.goto('/RegistrationWithSIS');
      await page.getByTestId('sis-user-id').fill('someone');
      await page.getByTestId('sis-password').fill('whatever');
      await page.getByTestId('sis-check').click();
      await expect(page.locator('.feedback-notice').getByText(text)).toBeVisible();
    });
  }
});
