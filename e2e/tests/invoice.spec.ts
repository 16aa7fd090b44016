import { api } from '../support/booking-api';
import { chooseOption, pickSearchOption, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

interface Row {
  inv_id: number;
  job_nos: string[];
}
interface Inv {
  inv_id: number;
  version: number;
  invoice_no: string;
}

/** A demo job number (every demo job has demo invoices). */
async function demoJob(token: string): Promise<string> {
  const res = await api<{ rows: Row[] }>(token, 'GET', '/Invoice?q=JBDEMO&pageSize=10&inv_type=AR');
  expect(res.status).toBe(200);
  return res.body.rows[0].job_nos[0];
}

/** Picks a charge code in line `i` (type to filter the combobox, then the match) and fills price and quantity. */
async function fillLine(page: Page, i: number, code: string, price: string, qty: string) {
  await pickSearchOption(page, `line-${i}-charge_code`, code, `${code} -`);
  await expect(page.getByTestId(`line-${i}-description`)).not.toHaveValue('');
  await page.getByTestId(`line-${i}-unit_price`).fill(price);
  await page.getByTestId(`line-${i}-quantity`).fill(qty);
}

/** Opens a screen and waits for its first element; a cold page on a busy runner may take longer than 20 s. */
async function open(page: Page, url: string, testId: string) {
  await page.goto(url);
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 60_000 });
}

async function act(page: Page, action: string, status: string) {
  await page.getByTestId(`invoice-action-${action}`).click();
  await expect(page.getByTestId('invoice-status')).toHaveText(status);
}

test.describe('@invoice invoices', () => {
  test('an operator creates an AR invoice from a job with three charge lines and prepares it; the supervisor then the manager approve; accounting prints it with e-signatures and e-mails it to two addresses', async ({
    browser,
  }) => {
    // Three users in turn, each on a cold screen: more than one journey's 120 s on a busy runner.
    test.slow();
    const ops = await signedInContext(browser, 'ops@demo.test');
    const job = await demoJob(ops.token);
    const page = ops.page;
    await open(page, `/INV/arDetails/newbyjob/HKCUS001/${job}`, 'invoice-title');
    await expect(page.getByTestId('invoice-title')).toHaveText('New AR Invoice');
    await expect(page.getByTestId('invoice-job_nos')).toContainText(job);
    await page.getByTestId('invoice-currency').fill('HKD');
    await page.getByTestId('invoice-exchange_rate').fill('1');
    await chooseOption(page, 'invoice-sub_type', 'VAT special invoice');

    await page.getByRole('tab', { name: 'General Charge' }).click();
    await fillLine(page, 0, 'OFR', '1850', '2');
    await page.getByTestId('invoice-add-line').click();
    await fillLine(page, 1, 'THCO', '2140', '2');
    await page.getByTestId('invoice-add-line').click();
    await fillLine(page, 2, 'DOC', '450', '1');
    // 3700 + 4280 + 450 = 8430.00, computed in the browser with decimals: the lines' tax comes from the tax
    // rules (issue 38), and a Hong Kong customer pays no VAT (an HKG invoice: NOTAX; a China office's to an
    // overseas customer: zero-rated freight, exempt agency services), not VAT9/VAT6 of the charge codes.
    await expect(page.getByTestId('invoice-total')).toHaveText('8,430.00');

    await page.getByTestId('invoice-save').click();
    await expect(page).toHaveURL(/\/INV\/arDetails\/\d+$/);
    await expect(page.getByTestId('invoice-status')).toHaveText('New');
    const url = page.url();
    // The operator may prepare, not approve.
    await expect(page.getByTestId('invoice-action-approve_1')).toHaveCount(0);
    await act(page, 'prepare', 'Prepared');
    await ops.context.close();

    const sup = await signedInContext(browser, 'supervisor@demo.test');
    await open(sup.page, url, 'invoice-status');
    await expect(sup.page.getByTestId('invoice-status')).toHaveText('Prepared');
    await expect(sup.page.getByTestId('invoice-action-approve_2')).toHaveCount(0);
    await expect(sup.page.getByTestId('invoice-save')).toHaveCount(0);
    await act(sup.page, 'approve_1', 'Approved (1st level)');
    await sup.context.close();

    const mgr = await signedInContext(browser, 'manager@demo.test');
    await open(mgr.page, url, 'invoice-status');
    await expect(mgr.page.getByTestId('invoice-action-approve_1')).toHaveCount(0);
    await act(mgr.page, 'approve_2', 'Approved (2nd level)');
    await mgr.page.getByRole('tab', { name: 'Status History' }).click();
    const history = mgr.page.getByTestId('status-history');
    await expect(history).toContainText('Mandy Manager');
    await expect(history).toContainText('Sally Supervisor');
    await expect(history).toContainText('Oscar Ops');
    await mgr.context.close();

    // Accounting (finance@demo.test, inv_edit + inv_closing; the demo seed gave everybody signatures) prints it,
    // accounting-prints it with the three e-signatures and e-mails the PDF to two addresses.
    const fin = await signedInContext(browser, 'finance@demo.test');
    await open(fin.page, url, 'invoice-status');
    // Print previews the PDF in the page first; the status moves on confirmation (issue 38).
    await fin.page.getByTestId('invoice-action-print').click();
    await expect(fin.page.getByTestId('invoice-print-preview')).toBeVisible({ timeout: 30_000 });
    await fin.page.getByTestId('invoice-print-confirm').click();
    await expect(fin.page.getByTestId('invoice-status')).toHaveText('Printed');
    await fin.page.getByTestId('invoice-action-accounting_print').click();
    await expect(fin.page.getByTestId('invoice-print-preview')).toBeVisible({ timeout: 30_000 });
    await fin.page.getByTestId('invoice-print-confirm').click();
    await expect(fin.page.getByTestId('invoice-status')).toHaveText('Accounting Printed');
    await expect(fin.page.getByTestId('invoice-last-print')).toContainText('Accounting Print: Fiona Finance');
    const id = Number(url.split('/').pop());
    const prints = await api<{ kind: string; signers: { name: string }[]; recipients: string[] }[]>(
      fin.token,
      'GET',
      `/Invoice/${id}/prints`,
    );
    expect(prints.body.at(-1)?.signers.map((s) => s.name)).toEqual([
      'Oscar Ops',
      'Sally Supervisor',
      'Mandy Manager',
    ]);

    // The PDF with the remembered print options opens in a new tab.
    await fin.page.getByTestId('invoice-print-pdf').click();
    await expect(fin.page.getByTestId('print-options-form')).toBeVisible();
    const tab = fin.page.waitForEvent('popup');
    await fin.page.getByTestId('print-options-ok').click();
    await (await tab).close();
    await expect(fin.page.getByTestId('print-options-form')).toHaveCount(0);

    await fin.page.getByTestId('invoice-email').click();
    await fin.page.getByTestId('invoice-email-to-0').fill('billing@hkcustomer.example');
    await fin.page.getByTestId('invoice-email-add').click();
    await fin.page.getByTestId('invoice-email-to-1').fill('not-an-address');
    await fin.page.getByTestId('invoice-email-send').click();
    await expect(fin.page.getByText('Enter a valid e-mail address')).toBeVisible();
    await fin.page.getByTestId('invoice-email-to-1').fill('ap@hkcustomer.example');
    await fin.page.getByTestId('invoice-email-send').click();
    await expect(fin.page.getByText('The invoice is being sent to 2 recipient(s).')).toBeVisible();
    const mailed = await api<{ kind: string; recipients: string[] }[]>(
      fin.token,
      'GET',
      `/Invoice/${id}/prints`,
    );
    expect(mailed.body.at(-1)).toMatchObject({
      kind: 'email',
      recipients: ['billing@hkcustomer.example', 'ap@hkcustomer.example'],
    });
    await fin.context.close();
  });

  test("a second user's stale save is refused and the input stays in the form", async ({ browser }) => {
    const a = await signedInContext(browser, 'ops@demo.test');
    const b = await signedInContext(browser, 'admin@demo.test');
    const job = await demoJob(a.token);
    const draft = await api<Record<string, unknown>>(a.token, 'GET', `/Invoice/newbyjob/HKCUS001/${job}`);
    const created = await api<Inv>(a.token, 'POST', '/Invoice', {
      ...draft.body,
      currency: 'HKD',
      exchange_rate: '1',
      lines: [
        {
          charge_code: 'DOC',
          description: 'Documentation',
          unit_price: '100',
          quantity: '1',
          uom: 'SHPT',
          dr_cr: 'DR',
          tax_code: 'NOTAX',
          tax_rate: '0',
        },
      ],
    });
    expect(created.status).toBe(201);
    const url = `/INV/arDetails/${created.body.inv_id}`;
    await open(a.page, url, 'invoice-remarks');
    await open(b.page, url, 'invoice-remarks');
    await a.page.getByTestId('invoice-remarks').fill('First user');
    await a.page.getByTestId('invoice-save').click();
    await expect(a.page.getByText(`Invoice ${created.body.invoice_no} saved`)).toBeVisible();

    await b.page.getByTestId('invoice-remarks').fill('Second user, stale');
    await b.page.getByTestId('invoice-save').click();
    await expect(b.page.getByTestId('invoice-stale')).toBeVisible();
    await expect(b.page.getByTestId('invoice-remarks')).toHaveValue('Second user, stale');
    await a.context.close();
    await b.context.close();
  });

  test('the AP dashboard shows red cards and opens the stage list', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'supervisor@demo.test');
    await open(page, '/INV/apDashboard', 'invoice-card-SupervisorApproved');
    await expect(page.getByTestId('invoice-card-SupervisorApproved-red')).toContainText(/Red: [1-9]/);
    await page.getByTestId('invoice-card-SupervisorApproved').click();
    await expect(page).toHaveURL(/\/INV\/apSearch\/SupervisorApproved/);
    await expect(page.getByTestId('invoice-stage-table')).toContainText('Overdue');
    await context.close();
  });
});

test.describe('@invoice rejection and preview', () => {
  test('an AP invoice is rejected at level 1 with a reason and resubmitted', async ({ browser }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    const job = await demoJob(ops.token);
    const draft = await api<Record<string, unknown>>(
      ops.token,
      'GET',
      `/Invoice/newbyjob/HKCAR001/${job}?inv_type=AP`,
    );
    const created = await api<Inv>(ops.token, 'POST', '/Invoice', {
      ...draft.body,
      kind: 'AP',
      currency: 'USD',
      exchange_rate: '7.78',
      invoice_date: '2026-03-01',
      sub_type: 'RECEIPT',
      lines: [
        {
          charge_code: 'OFR',
          description: 'Ocean freight',
          unit_price: '1500',
          quantity: '1',
          uom: '40HQ',
          dr_cr: 'DR',
          tax_code: 'NOTAX',
          tax_rate: '0',
        },
      ],
    });
    expect(created.status).toBe(201);
    const prepared = await api<Inv>(ops.token, 'POST', `/Invoice/${created.body.inv_id}/action`, {
      action: 'prepare',
      version: created.body.version,
    });
    expect(prepared.status).toBe(200);
    const url = `/INV/apDetails/${created.body.inv_id}`;

    const sup = await signedInContext(browser, 'supervisor@demo.test');
    await open(sup.page, url, 'invoice-action-reject_1');
    await sup.page.getByTestId('invoice-action-reject_1').click();
    await expect(sup.page.getByTestId('invoice-reason-ok')).toBeDisabled();
    await sup.page.getByTestId('invoice-reason').fill('Rate differs from the carrier contract');
    await sup.page.getByTestId('invoice-reason-ok').click();
    await expect(sup.page.getByTestId('invoice-status')).toHaveText('Rejected');
    await expect(sup.page.getByTestId('invoice-reject-reason')).toContainText(
      'Rate differs from the carrier contract',
    );
    await sup.context.close();

    await open(ops.page, url, 'invoice-reject-reason');
    await ops.page.getByTestId('invoice-remarks').fill('Corrected to the contract rate');
    await ops.page.getByTestId('invoice-save').click();
    await expect(ops.page.getByText(`Invoice ${created.body.invoice_no} saved`)).toBeVisible();
    await act(ops.page, 'resubmit', 'Prepared');
    await ops.context.close();
  });

  test('a search of two characters asks for a third instead of searching; a job prefix then finds its invoices', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test');
    await open(page, '/INV/Search?inv_type=AR', 'invoice-table');
    const box = page.getByTestId('smart-search').getByRole('combobox');
    await box.fill('JB');
    await box.press('Enter');
    await expect(page.getByTestId('search-too-short')).toHaveText('Type at least 3 characters to search');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(page).not.toHaveURL(/[?&]q=/);
    await box.fill('JBDEMO');
    await expect(page.getByTestId('search-too-short')).toHaveCount(0);
    await box.press('Enter');
    await expect(page).toHaveURL(/[?&]q=JBDEMO/);
    // The demo jobs' invoices (their job column is further right): numbered links in the table.
    await expect(
      page
        .getByTestId('invoice-table')
        .getByRole('link', { name: /^AR[A-Z]{3}\d+$/ })
        .first(),
    ).toBeVisible();
    await context.close();
  });

  test('quick preview opens the invoice read-only with Open In New Tab', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test');
    await open(page, '/INV/Search?inv_type=AR', 'invoice-table');
    const firstPreview = page.locator('[data-testid^="invoice-preview-"]').first();
    await firstPreview.click();
    const preview = page.getByTestId('invoice-preview');
    await expect(preview).toBeVisible();
    await expect(preview.locator('input, textarea')).toHaveCount(0);
    await expect(page.getByTestId('invoice-preview-open')).toHaveAttribute('href', /\/INV\/arDetails\/\d+$/);
    await expect(page.getByTestId('invoice-preview-open')).toHaveAttribute('target', '_blank');
    await context.close();
  });
});
