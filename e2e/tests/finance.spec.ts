import { signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** Opens a screen and waits for its first element; a cold page on a busy runner may take long. */
async function open(page: Page, url: string, testId: string) {
  await page.goto(url);
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 60_000 });
}

test.describe('@finance finance', () => {
  test('finance opens the dashboard, drills from the overdue card to an overdue invoice and opens it', async ({
    browser,
  }) => {
    test.slow();
    const { page } = await signedInContext(browser, 'finance@demo.test');
    await open(page, '/FIN/Dashboard', 'finance-card-overdue');
    // The demo seed leaves receivables past their due date: the card counts them.
    const count = page.getByTestId('finance-card-overdue-count');
    await expect(count).not.toContainText('…', { timeout: 60_000 });
    expect(
      Number((await count.locator('.plain-statistic-value').innerText()).replace(/\D/g, '')),
    ).toBeGreaterThan(0);
    await expect(page.getByTestId('finance-ageing-d1_30')).toBeVisible();

    await page.getByTestId('finance-open-overdue').click();
    await expect(page).toHaveURL(/\/FIN\/Search\/OverdueInvoicing\?inv_type=AR/);
    const first = page.locator('[data-testid^="finance-invoice-"]').first();
    await expect(first).toBeVisible({ timeout: 60_000 });
    // Every row of the overdue list is past due: its ageing tag names days and a bucket other than current.
    const invoiceNo = await first.innerText();
    await expect(page.getByTestId(`finance-bucket-${invoiceNo}`)).toContainText(/\d+ · /);
    await first.click();
    await expect(page.getByTestId('invoice-detail')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('invoice-title')).toContainText(invoiceNo);
  });

  test('the customer overdue report shows the ageing buckets, exports to Excel and gives a statement PDF', async ({
    browser,
  }) => {
    test.slow();
    const { page } = await signedInContext(browser, 'finance@demo.test');
    await open(page, '/FIN/Search/CustomerOverdueReport', 'finance-overdue-totals');
    for (const b of ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'])
      await expect(page.getByTestId(`finance-overdue-total-${b}`)).toBeVisible();
    const drill = page.locator('[data-testid^="finance-overdue-drill-"]').first();
    await expect(drill).toBeVisible({ timeout: 60_000 });
    const code = await drill.innerText();
    await expect(page.getByTestId(`finance-overdue-${code}-total`)).not.toHaveText('');

    const exporting = page.waitForEvent('download');
    await page.getByTestId('export-excel').click();
    expect((await exporting).suggestedFilename()).toMatch(/^customer-overdue-\d{4}-\d{2}-\d{2}\.xlsx$/);

    const pdf = page.waitForEvent('download');
    await page.getByTestId(`finance-statement-pdf-${code}`).click();
    expect((await pdf).suggestedFilename()).toBe(
      `statement-${code}-${new Date().toISOString().slice(0, 10)}.pdf`,
    );

    // Drill-down: the customer's outstanding receivables.
    await drill.click();
    await expect(page).toHaveURL(new RegExp(`/FIN/Search/Outstanding\\?inv_type=AR&customer=${code}`));
    await expect(page.locator('[data-testid^="finance-invoice-"]').first()).toBeVisible({ timeout: 60_000 });
  });
});
