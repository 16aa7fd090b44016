import { api } from '../support/booking-api';
import { ledgerStandIn } from '../support/ledger';
import { signedInContext } from '../support/session';
import { expect, test } from '../support/test';

interface QueueRow {
  inv_id: number;
  invoice_no: string;
  inv_type: string;
  account_code: string;
  readiness: { ready: boolean; issues: { item: string }[] };
}

/** The demo party without a sun A/C code (apps/server/src/modules/accounting/accounting.seed.ts). */
const NO_SUN_PARTY = 'USSEA001';

test.describe('@invoice posting', () => {
  test('accounting posts a batch where one invoice lacks a sun A/C code: the ready ones post, the checklist names the code, it is fixed on the party and the invoice posts', async ({
    browser,
  }) => {
    test.slow();
    const fin = await signedInContext(browser, 'finance@demo.test');
    const page = fin.page;

    // The demo's imported invoices: two ready ones and the one billed to the party without a sun A/C code.
    const queue = await api<{ rows: QueueRow[] }>(fin.token, 'GET', '/Accounting/queue?view=postable');
    expect(queue.status).toBe(200);
    const ready = queue.body.rows.filter((r) => r.readiness.ready).slice(0, 2);
    const bad = queue.body.rows.find(
      (r) => r.account_code === NO_SUN_PARTY && r.readiness.issues.some((i) => i.item === 'sun_account'),
    );
    expect(ready, 'two ready imported invoices in the demo data').toHaveLength(2);
    expect(bad, `an imported invoice to ${NO_SUN_PARTY} in the demo data`).toBeTruthy();
    if (!bad) return;

    await page.goto('/INV/Posting');
    await expect(page.getByTestId('posting-page')).toBeVisible({ timeout: 60_000 });
    const table = page.getByTestId('posting-table');
    const search = page.getByTestId('posting-search').locator('input');
    // Each one found by its number (the list may hold many), picked; the picks survive the next search.
    for (const r of [...ready, bad]) {
      await search.fill(r.invoice_no);
      await search.press('Enter');
      const row = table.locator('tr', { hasText: r.invoice_no });
      await expect(row).toBeVisible();
      await expect(table.getByTestId('static-table-row')).toHaveCount(1);
      await row.getByRole('checkbox').check();
    }
    await expect(page.getByTestId(`readiness-${bad.inv_id}`)).toHaveText('Not ready (1)');
    await expect(page.getByTestId('posting-post-selected')).toHaveText('Post selected (3)');
    await page.getByTestId('posting-post-selected').click();

    const result = page.getByTestId('posting-batch-result');
    await expect(result).toContainText('2 invoice(s) sent for posting, 1 not ready.');
    const notReady = page.getByTestId(`posting-not-ready-${bad.invoice_no}`);
    await expect(notReady).toContainText(
      `Missing sun account code for posting: party ${NO_SUN_PARTY} has no sun A/C code.`,
    );

    // The ready ones reach the ledger (the job posts within seconds of the batch).
    for (const r of ready) {
      await expect
        .poll(async () => (await ledgerStandIn.journal(`P-${r.invoice_no}`))?.journal_no ?? null, {
          timeout: 30_000,
        })
        .not.toBeNull();
    }

    // Fix it where the checklist points: the party's Ledger tab.
    await notReady.getByTestId('readiness-fix-sun_account').click();
    await expect(page).toHaveURL(/\/BMS\/party\/party_maintenance\/\d+$/);
    await page.getByTestId('party-tab-ledger').click();
    await page.getByTestId('party-field-sun_ac_code').fill(NO_SUN_PARTY);
    await page.getByTestId('party-save').click();
    await expect(page.getByText(`Party ${NO_SUN_PARTY} saved.`)).toBeVisible();

    // Back on the posting list it is ready now, and posts.
    await page.goto('/INV/Posting');
    await page.getByTestId('posting-search').locator('input').fill(bad.invoice_no);
    await page.getByTestId('posting-search').locator('input').press('Enter');
    await expect(page.getByTestId(`readiness-${bad.inv_id}`)).toHaveText('Ready');
    await page
      .getByTestId('posting-table')
      .locator('tr', { hasText: bad.invoice_no })
      .getByRole('checkbox')
      .check();
    await page.getByTestId('posting-post-selected').click();
    await expect(page.getByTestId('posting-batch-result')).toContainText(
      '1 invoice(s) sent for posting, 0 not ready.',
    );

    // Its Posting tab shows the ledger's journal no. once the job has posted it.
    await page.goto(`/INV/${bad.inv_type === 'AP' ? 'ap' : 'ar'}Details/${bad.inv_id}`);
    await page.getByTestId('invoice-tab-posting').click();
    await expect(page.getByTestId('posting-process-status')).toHaveText('Success', { timeout: 30_000 });
    const journal = await ledgerStandIn.journal(`P-${bad.invoice_no}`);
    expect(journal).not.toBeNull();
    await expect(page.getByTestId('posting-journal-no')).toHaveText(journal?.journal_no ?? '');
    await fin.context.close();
  });
});
