import { api } from '../support/booking-api';
import { chooseOption, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

interface Row {
  inv_id: number;
  invoice_no: string;
  status: string;
  version: number;
  ap_ref: string | null;
}
interface Inv {
  status: string;
  ap_ref: string | null;
  gov_invoice_no: string | null;
  invoice_date: string | null;
  export_file: string | null;
}

/** Opens a screen and waits for its first element (a cold page on a busy runner may take long). */
async function open(page: Page, url: string, testId: string) {
  await page.goto(url);
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 60_000 });
}

/** Ticks the row of invoice `no` in the stage table (the list was opened searching for that number). */
async function pick(page: Page, no: string) {
  const row = page.getByTestId('invoice-stage-table').getByRole('row').filter({ hasText: no });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.getByRole('checkbox').check();
}

test.describe('@invoice invoice batch tools', () => {
  test('finance updates AP refs of two payables in one batch, exports an accounting-printed receivable and imports its government invoice no.', async ({
    browser,
  }) => {
    test.slow();
    const fin = await signedInContext(browser, 'finance@demo.test');
    const page = fin.page;

    // Two payables of the demo data still without an AP ref (APRefInput).
    const refs = await api<{ rows: Row[] }>(fin.token, 'GET', '/Invoice/apSearch/APRefInput?pageSize=50');
    const noRef = refs.body.rows
      .filter((r) => ['NEW', 'PREPARED', 'APPROVED_1'].includes(r.status))
      .slice(0, 2);
    expect(noRef).toHaveLength(2);
    const [a, b] = noRef;
    // Both numbers share the office prefix: a search for the common prefix shows both rows.
    let prefix = a.invoice_no;
    while (!b.invoice_no.startsWith(prefix)) prefix = prefix.slice(0, -1);
    await open(
      page,
      `/INV/apSearch/APRefInput?q=${encodeURIComponent(prefix)}&pageSize=100`,
      'invoice-stage-table',
    );
    await pick(page, a.invoice_no);
    await pick(page, b.invoice_no);
    await expect(page.getByTestId('invoice-batch-count')).toHaveText('2 selected');
    await page.getByTestId('invoice-batch-menu').click();
    await page.getByRole('menuitem', { name: 'Batch update AP Ref' }).click();
    await page.getByTestId(`ap-ref-${a.invoice_no}`).fill('E2E-VEND-001');
    await page.getByTestId(`ap-ref-${b.invoice_no}`).fill('E2E-VEND-002');
    await page.getByTestId('invoice-batch-ok').click();
    await expect(page.getByText('2 invoice(s) updated')).toBeVisible({ timeout: 30_000 });
    expect((await api<Inv>(fin.token, 'GET', `/Invoice/${a.inv_id}`)).body.ap_ref).toBe('E2E-VEND-001');
    expect((await api<Inv>(fin.token, 'GET', `/Invoice/${b.inv_id}`)).body.ap_ref).toBe('E2E-VEND-002');
    // They leave the APRefInput list.
    await expect(
      page.getByTestId('invoice-stage-table').getByRole('row').filter({ hasText: a.invoice_no }),
    ).toHaveCount(0);

    // An accounting-printed receivable of the demo data, exported from the Export list: the file downloads.
    const printed = await api<{ rows: Row[] }>(
      fin.token,
      'GET',
      '/Invoice?inv_type=AR&status=ACCOUNTING_PRINTED&sort=invoice_no&order=desc&pageSize=10',
    );
    const inv = printed.body.rows[0];
    expect(inv).toBeTruthy();
    await open(page, `/INV/arSearch/Export?q=${encodeURIComponent(inv.invoice_no)}`, 'invoice-stage-table');
    await pick(page, inv.invoice_no);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('invoice-batch-export').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^EXP\d{10}\.csv$/);
    const content = await (await file.createReadStream()).toArray();
    const text = Buffer.concat(content).toString('utf8');
    expect(text.split('\r\n')[0]).toContain('JournalType,AccountCode,AccountingPeriod');
    expect(text).toContain(`,${inv.invoice_no},`);
    expect((await api<Inv>(fin.token, 'GET', `/Invoice/${inv.inv_id}`)).body).toMatchObject({
      status: 'EXPORTED',
      export_file: file.suggestedFilename(),
    });

    // Import Document: its government invoice no. and date; it moves to Imported.
    await open(page, '/INV/ImportDocument', 'import-document-table');
    await page.getByTestId(`gov-no-${inv.invoice_no}`).fill('GOV-E2E-8801');
    await page.getByTestId(`gov-date-${inv.invoice_no}`).fill('2026-05-06');
    await page.getByTestId('import-document-save').click();
    await expect(page.getByText('1 invoice(s) imported')).toBeVisible({ timeout: 30_000 });
    expect((await api<Inv>(fin.token, 'GET', `/Invoice/${inv.inv_id}`)).body).toMatchObject({
      status: 'IMPORTED',
      gov_invoice_no: 'GOV-E2E-8801',
      invoice_date: '2026-05-06',
    });
    await expect(page.getByTestId(`gov-no-${inv.invoice_no}`)).toHaveCount(0);

    // Status update modal: roll it back with a reason; the government fields are emptied again.
    await open(
      page,
      `/INV/arSearch/PendingPosting?q=${encodeURIComponent(inv.invoice_no)}`,
      'invoice-stage-table',
    );
    await pick(page, inv.invoice_no);
    await page.getByTestId('invoice-batch-menu').click();
    await page.getByRole('menuitem', { name: 'Status update' }).click();
    await chooseOption(page, 'batch-action', 'Roll Back');
    await page.getByLabel('Reason').fill('Wrong government invoice no.');
    await page.getByTestId('invoice-batch-ok').click();
    await expect(page.getByText('1 invoice(s) updated')).toBeVisible({ timeout: 30_000 });
    expect((await api<Inv>(fin.token, 'GET', `/Invoice/${inv.inv_id}`)).body).toMatchObject({
      status: 'APPROVED_2',
      gov_invoice_no: null,
      invoice_date: null,
    });
    await fin.context.close();
  });

  test('Job Search finds a job by the prefix of its number, and an emptied box lists every job again', async ({
    browser,
  }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    const page = ops.page;
    await open(page, '/INV/JobSearch', 'invoice-job-table');
    const rows = page.getByTestId('invoice-job-table').getByTestId('static-table-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    const total = page.getByTestId('static-table-total');
    const everyJob = (await total.textContent()) ?? '';
    const jobNo = ((await rows.first().locator('td').first().textContent()) ?? '').trim();
    expect(jobNo).toMatch(/\w{6,}/);
    const search = page.getByRole('searchbox', { name: 'Job# or SO# (prefix)' });
    await search.fill(jobNo.toLowerCase());
    await search.press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().locator('td').first()).toHaveText(jobNo);
    await search.fill('');
    await expect(total).toHaveText(everyJob);
    await ops.context.close();
  });

  test('an operator groups two new receivables as a batch tax invoice and finds the group on Batch Grouping', async ({
    browser,
  }) => {
    test.slow();
    const ops = await signedInContext(browser, 'ops@demo.test');
    const page = ops.page;
    const list = await api<{
      rows: (Row & { group_no: string | null; currency: string; account_code: string })[];
    }>(ops.token, 'GET', '/Invoice/arSearch/New?pageSize=100');
    const free = list.body.rows.filter(
      (r) => !r.group_no && r.account_code === 'HKCUS001' && r.currency === 'HKD',
    );
    expect(free.length).toBeGreaterThanOrEqual(2);
    const [a, b] = free;
    let prefix = a.invoice_no;
    while (!b.invoice_no.startsWith(prefix)) prefix = prefix.slice(0, -1);
    await open(page, `/INV/arSearch/New?q=${encodeURIComponent(prefix)}&pageSize=100`, 'invoice-stage-table');
    await pick(page, a.invoice_no);
    await pick(page, b.invoice_no);
    await page.getByTestId('invoice-batch-menu').click();
    await page.getByRole('menuitem', { name: 'Batch payment / tax invoice grouping' }).click();
    await chooseOption(page, 'group-kind', 'Batch tax invoice');
    await page.getByTestId('invoice-batch-ok').click();
    await expect(page.getByText('2 invoice(s) updated')).toBeVisible({ timeout: 30_000 });
    const groupNo = (await api<{ group_no: string }>(ops.token, 'GET', `/Invoice/${a.inv_id}`)).body.group_no;
    expect(groupNo).toMatch(/^TG\d{10}$/);
    await open(page, '/INV/Grouping', 'grouping-current');
    const row = page.getByTestId('grouping-current').getByRole('row').filter({ hasText: groupNo });
    await expect(row).toContainText(a.invoice_no);
    await expect(row).toContainText(b.invoice_no);
    await ops.context.close();
  });
});
