import { createHmac } from 'node:crypto';
import { pickSearchOption, signedInContext } from '../support/session';
import { expect, test } from '../support/test';

/** The webhook receiver stand-in started by the Playwright config (standins/webhook-receiver). */
const RECEIVER = `http://127.0.0.1:${Number(process.env.E2E_WEBHOOK_PORT ?? 9193)}`;
const SECRET = 'e2e-webhook-secret-0001';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  json: { event_code: string; party_code: string; test: boolean };
}

test.describe('@notification webhooks', () => {
  test('registers an endpoint for a customer, sends a test event and shows the delivery in the log', async ({
    browser,
  }) => {
    const hook = `/hook/e2e-${Date.now()}`;
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    await page.goto('/BMS/webhook_maintenance');
    await page.getByTestId('webhook-new').click();
    await expect(page).toHaveURL(/\/BMS\/webhook_maintenance\/new$/);

    await pickSearchOption(page, 'webhook-party', 'Pacific', 'HKSHP001');
    await page.getByTestId('webhook-url').fill('ftp://127.0.0.1/hook');
    await page.getByTestId('webhook-secret').fill(SECRET);
    await page.getByTestId('webhook-events').getByRole('checkbox', { name: 'Booking confirmed' }).check();
    await page.getByTestId('webhook-save').click();
    // a URL that is not http(s) is refused on the form, with the server's rule
    await expect(page.getByText('Enter an http:// or https:// address')).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);

    await page.getByTestId('webhook-url').fill(`${RECEIVER}${hook}`);
    await page.getByTestId('webhook-save').click();
    await expect(page).toHaveURL(/\/BMS\/webhook_maintenance\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('webhook-title')).toContainText('HKSHP001');
    const log = page.getByTestId('webhook-deliveries');
    await expect(log).toContainText('Nothing sent yet');
    // the secret is never shown again
    await expect(page.getByTestId('webhook-secret')).toHaveValue('');

    await page.getByTestId('webhook-send-test').click();
    await expect(page.getByText('Test event delivered (HTTP 200)')).toBeVisible();
    await expect(log.getByTestId('webhook-delivery-status-WEBHOOK_TEST')).toHaveText('Delivered');
    await expect(log).toContainText('Test event');

    // the customer's system got it, signed with the shared secret
    const received = (await (await fetch(`${RECEIVER}/received?path=${hook}`)).json()) as Received[];
    expect(received).toHaveLength(1);
    const [r] = received;
    expect(r.json).toMatchObject({ event_code: 'WEBHOOK_TEST', party_code: 'HKSHP001', test: true });
    expect(r.headers['x-portal-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET).update(r.body).digest('hex')}`,
    );

    // the list shows the endpoint
    await page.getByTestId('webhook-back').click();
    await expect(page.getByTestId('webhook-link-HKSHP001').first()).toBeVisible();
    await context.close();
  });

  test('reads in Traditional and Simplified Chinese', async ({ browser }) => {
    for (const [language, title, button] of [
      ['zh-HK', 'Webhook 設定', '新增 Webhook'],
      ['zh-CN', 'Webhook 设置', '新建 Webhook'],
    ] as const) {
      const { context, page } = await signedInContext(browser, 'admin@demo.test', { language });
      await page.goto('/BMS/webhook_maintenance');
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByTestId('webhook-new')).toHaveText(button);
      await context.close();
    }
  });
});
