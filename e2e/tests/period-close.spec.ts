import { api } from '../support/booking-api';
import { signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** The demo month ready to close (apps/server/src/modules/period/period.seed.ts): 13 months back, office HKG. */
function demoClosePeriod(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 13, 1)).toISOString().slice(0, 7);
}

/** Opens a screen and waits for its first element (a cold page on a busy runner may take long). */
async function open(page: Page, url: string, testId: string) {
  await page.goto(url);
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 60_000 });
}

interface Row {
  inv_id: number;
  invoice_no: string;
  status: string;
  version: number;
}

test.describe('@finance period close', () => {
  test('finance closes a month with nothing blocking it; a later import dating an invoice into that month is refused; the reopen is recorded', async ({
    browser,
  }) => {
    test.slow();
    const period = demoClosePeriod();
    const fin = await signedInContext(browser, 'finance@demo.test');
    const page = fin.page;

    // Pick office and month: a native select (labelled) and a native month input.
    await open(page, '/INV/InvoiceClose', 'period-office');
    await expect(page.getByTestId('period-close-title')).toHaveText('Invoice period close');
    await page.getByLabel('Office', { exact: true }).selectOption('HKG');
    await page.getByLabel('Month', { exact: true }).fill(period);

    // The seeded month: open, nothing blocks it, its posted invoices are ready to close.
    await expect(page.getByTestId('period-status')).toHaveText('Open', { timeout: 60_000 });
    await expect(page.getByTestId('period-blocker-count')).toHaveText('0');
    await expect(page.getByTestId('period-no-blockers')).toBeVisible();
    const closable = Number(await page.getByTestId('period-closable-count').innerText());
    expect(closable).toBeGreaterThanOrEqual(3);

    // Close, confirmed.
    await page.getByTestId('period-close').click();
    await page.getByTestId('period-close-confirm').click();
    await expect(page.getByTestId('period-status')).toHaveText('Closed', { timeout: 60_000 });
    await expect(page.getByTestId('period-closed-count')).toContainText(`${closable} invoice(s) closed`);
    await expect(
      page.getByTestId('period-history').getByRole('row').filter({ hasText: 'Closed' }),
    ).toHaveCount(1);

    // Later, the government document of an exported receivable arrives dated inside the closed month: Import
    // Document refuses it (002 §8 "Account locked for closing"), so nothing can be posted into the month.
    const found = await api<{ rows: Row[] }>(fin.token, 'GET', '/Invoice?q=PCL-AR-LATE&pageSize=10');
    const late = found.body.rows.find((r) => r.invoice_no === 'PCL-AR-LATE');
    expect(late, 'the seeded exported invoice PCL-AR-LATE').toBeTruthy();
    if (!late) return;
    await open(page, '/INV/ImportDocument', 'import-document-table');
    await page.getByTestId('gov-no-PCL-AR-LATE').fill('GOVLATE0001');
    await page.getByTestId('gov-date-PCL-AR-LATE').fill(`${period}-28`);
    await page.getByTestId('import-document-save').click();
    await expect(page.getByText(/Account locked for closing/)).toBeVisible({ timeout: 30_000 });
    const after = await api<{ status: string; gov_invoice_no: string | null; journal_no: string | null }>(
      fin.token,
      'GET',
      `/Invoice/${late.inv_id}`,
    );
    expect(after.body).toMatchObject({ status: 'EXPORTED', gov_invoice_no: null, journal_no: null });

    // Reopen needs a reason and is recorded in the month's history.
    await open(page, '/INV/InvoiceClose', 'period-office');
    await page.getByTestId('period-office').selectOption('HKG');
    await page.getByTestId('period-month').fill(period);
    await expect(page.getByTestId('period-status')).toHaveText('Closed', { timeout: 60_000 });
    await page.getByTestId('period-reopen').click();
    await page.getByTestId('period-reopen-confirm').click();
    await expect(page.getByText('Please enter the reason for reopening')).toBeVisible();
    await page.getByTestId('period-reopen-reason').fill('Late government document for PCL-AR-LATE');
    await page.getByTestId('period-reopen-confirm').click();
    await expect(page.getByTestId('period-status')).toHaveText('Open', { timeout: 60_000 });
    await expect(
      page.getByTestId('period-history').getByRole('row').filter({ hasText: 'Late government document' }),
    ).toHaveCount(1);

    // Reopened, the same document imports.
    const current = await api<Row>(fin.token, 'GET', `/Invoice/${late.inv_id}`);
    const imported = await api(fin.token, 'POST', '/Invoice/importDocument', {
      rows: [
        {
          inv_id: late.inv_id,
          version: current.body.version,
          gov_invoice_no: 'GOVLATE0001',
          invoice_date: `${period}-28`,
        },
      ],
    });
    expect(imported.status).toBe(200);
  });
});
