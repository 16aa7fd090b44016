import { signedInContext } from '../support/session';
import { expect, test } from '../support/test';

test.describe('@notification e-mail templates', () => {
  test('edits the Traditional Chinese subject of an event, previews it with sample data (escaped) and saves', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    await page.goto('/BMS/NotificationCenter/search_email_notification');
    // The list names events in words (issue 39), never as their codes.
    await expect(page.getByTestId('email-template-link-BOOKING_CONFIRMED')).toHaveText('Booking confirmed');
    await page.getByTestId('email-template-link-BOOKING_CONFIRMED').click();
    await expect(page).toHaveURL(/search_email_notification\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('email-template-title')).toContainText('Booking confirmed');
    await expect(page.getByTestId('email-template-placeholders')).toContainText('{{so_no}}');

    await page.getByTestId('email-template-tab-zh-HK').click();
    await page.getByTestId('email-template-subject-zh-HK').fill('訂艙 {{so_no}} <b>已確認</b>');
    await page.getByTestId('email-template-preview').click();
    const preview = page.getByTestId('email-template-preview-result');
    // sample data filled in, the markup shown as text
    await expect(preview).toContainText('訂艙 SO2600012 <b>已確認</b>');
    await expect(preview).toContainText('Chan Tai Man');
    await expect(preview.locator('b')).toHaveCount(0);

    await page.getByTestId('email-template-save').click();
    await expect(page.getByText('Template Booking confirmed saved')).toBeVisible();
    await page.getByTestId('email-template-history-tab').click();
    await expect(page.getByTestId('status-history')).toContainText('Ada Admin');
    await context.close();
  });
});
