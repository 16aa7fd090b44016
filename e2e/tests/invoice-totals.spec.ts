import { api } from '../support/booking-api';
import { signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

interface Totals {
  capped: boolean;
  count: number;
  currencies: { currency: string; count: number; total_amount: string; outstanding_amount: string }[];
}
interface PendingRow {
  job_no: string;
  account_code: string | null;
  age_colour: string;
}

/** Opens a screen and waits for its first element (a cold page on a busy runner may take long). */
async function open(page: Page, url: string, testId: string) {
  await page.goto(url);
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 60_000 });
}

/** "12345.60" as en-US groups it with the currency's digits (the amounts here are HKD/USD/CNY: 2 digits). */
const grouped = (v: string) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    v as unknown as number,
  );

test.describe('@invoice invoice list totals, pending creation and late invoicing (issue 38)', () => {
  test('an approver sees the stage list totals per currency; zh-HK labels them', async ({ browser }) => {
    test.slow();
    const sup = await signedInContext(browser, 'finance@demo.test');
    const stage = '/Invoice/arSearch/PendingPreparation';
    const totals = (await api<Totals>(sup.token, 'GET', `${stage}/totals`)).body;
    expect(totals.capped).toBe(false);
    expect(totals.currencies.length).toBeGreaterThan(0);
    await open(sup.page, '/INV/arSearch/PendingPreparation', 'invoice-stage-table');
    const box = sup.page.getByTestId('invoice-list-totals');
    await expect(box).toContainText(`Totals of ${totals.count} invoices`);
    for (const c of totals.currencies)
      await expect(sup.page.getByTestId(`invoice-list-total-${c.currency}`)).toContainText(
        `${c.currency} ${grouped(c.total_amount)}`,
      );
    // The amount, currency and date columns are on the default layout.
    const table = sup.page.getByTestId('invoice-stage-table');
    for (const name of ['Invoice Date', 'Currency', 'Total'])
      await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();

    const zh = await signedInContext(browser, 'finance@demo.test', { language: 'zh-HK' });
    await open(zh.page, '/INV/arSearch/PendingPreparation', 'invoice-stage-table');
    await expect(zh.page.getByTestId('invoice-list-totals')).toContainText(`${totals.count} 張發票合計`);
  });

  test('AP pending creation offers the vendor; the dashboard counts the late jobs PendingCreation colours', async ({
    browser,
  }) => {
    test.slow();
    const ops = await signedInContext(browser, 'ops@demo.test');
    const rows: (PendingRow & { scope: string; index: number })[] = [];
    for (const scope of ['Local', 'Overseas'])
      rows.push(
        ...(await api<PendingRow[]>(ops.token, 'GET', `/Invoice/apPendingCreation/${scope}`)).body.map(
          (r, index) => ({ ...r, scope, index }),
        ),
      );
    const ar: PendingRow[] = [];
    for (const scope of ['Local', 'Overseas'])
      ar.push(...(await api<PendingRow[]>(ops.token, 'GET', `/Invoice/arPendingCreation/${scope}`)).body);
    // A job waiting for both sides whose AP vendor differs from its AR customer.
    // On the table's first page (10 rows).
    const row = rows.find((r) => {
      const a = ar.find((x) => x.job_no === r.job_no);
      if (r.index >= 10) return false;
      return r.account_code && a && a.account_code !== r.account_code;
    });
    expect(row, 'a job with a vendor other than its customer').toBeTruthy();
    if (!row?.account_code) return;
    await open(ops.page, `/INV/apSearch/PendingCreation/${row.scope}`, 'invoice-pending-table');
    const line = ops.page
      .getByTestId('invoice-pending-table')
      .getByRole('row')
      .filter({ hasText: row.job_no });
    await expect(line).toContainText(row.account_code);
    await line.getByTestId(`invoice-pending-new-${row.job_no}`).click();
    await expect(ops.page).toHaveURL(
      new RegExp(
        `/INV/apDetails/newbyjob/${encodeURIComponent(row.account_code)}/${encodeURIComponent(row.job_no)}`,
      ),
    );

    // Late invoicing on the dashboard is not 0 while PendingCreation shows late jobs.
    const late =
      rows.filter((r) => r.age_colour !== 'none').length + ar.filter((r) => r.age_colour !== 'none').length;
    expect(late).toBeGreaterThan(0);
    const fin = await signedInContext(browser, 'finance@demo.test');
    await open(fin.page, '/FIN/Dashboard', 'finance-card-lateInvoicing');
    const count = fin.page.getByTestId('finance-card-lateInvoicing-count');
    // The card's count (its label, then the number): not 0.
    await expect(count).toHaveText(/[1-9][\d,]*\+?$/, { timeout: 30_000 });
  });
});
