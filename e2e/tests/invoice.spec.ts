import { expect, type Page, test } from '@playwright/test';
import { api } from '../support/booking-api';
import { signedInContext } from '../support/session';

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

/** Picks a charge code in line `i` (type to filter the select, Enter picks the first match) and fills price and quantity. */
async function fillLine(page: Page, i: number, code: string, price: string, qty: string) {
  await page.getByTestId(`line-${i}-charge_code`).click();
  await page.keyboard.type(code);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `${code} -` })
    .first()
    .click();
  await expect(page.getByTestId(`line-${i}-description`)).not.toHaveValue('');
  await page.getByTestId(`line-${i}-unit_price`).fill(price);
  await page.getByTestId(`line-${i}-quantity`).fill(qty);
}

async function act(page: Page, action: string, status: string) {
  await page.getByTestId(`invoice-action-${action}`).click();
  await expect(page.getByTestId('invoice-status')).toHaveText(status);
}

test.describe('@invoice invoices', () => {
  test('an operator creates an AR invoice from a job with three charge lines and prepares it; the supervisor then the manager approve', async ({
    browser,
  }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    const job = await demoJob(ops.token);
    const page = ops.page;
    await page.goto(`/INV/arDetails/newbyjob/HKCUS001/${job}`);
    await expect(page.getByTestId('invoice-title')).toHaveText('New AR Invoice');
    await expect(page.getByTestId('invoice-job_nos')).toContainText(job);
    await page.getByTestId('invoice-currency').fill('HKD');
    await page.getByTestId('invoice-exchange_rate').fill('1');
    await page.getByTestId('invoice-sub_type').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'VAT special invoice' })
      .click();

    await page.getByRole('tab', { name: 'General Charge' }).click();
    await fillLine(page, 0, 'OFR', '1850', '2');
    await page.getByTestId('invoice-add-line').click();
    await fillLine(page, 1, 'THCO', '2140', '2');
    await page.getByTestId('invoice-add-line').click();
    await fillLine(page, 2, 'DOC', '450', '1');
    // 3700 + 9 % (333) + 4280 + 6 % (256.80) + 450 + 6 % (27) = 9046.80, computed in the browser with decimals
    await expect(page.getByTestId('invoice-total')).toHaveText('9,046.80');

    await page.getByTestId('invoice-save').click();
    await expect(page).toHaveURL(/\/INV\/arDetails\/\d+$/);
    await expect(page.getByTestId('invoice-status')).toHaveText('New');
    const url = page.url();
    // The operator may prepare, not approve.
    await expect(page.getByTestId('invoice-action-approve_1')).toHaveCount(0);
    await act(page, 'prepare', 'Prepared');
    await ops.context.close();

    const sup = await signedInContext(browser, 'supervisor@demo.test');
    await sup.page.goto(url);
    await expect(sup.page.getByTestId('invoice-status')).toHaveText('Prepared');
    await expect(sup.page.getByTestId('invoice-action-approve_2')).toHaveCount(0);
    await expect(sup.page.getByTestId('invoice-save')).toHaveCount(0);
    await act(sup.page, 'approve_1', 'Approved (1st level)');
    await sup.context.close();

    const mgr = await signedInContext(browser, 'manager@demo.test');
    await mgr.page.goto(url);
    await expect(mgr.page.getByTestId('invoice-action-approve_1')).toHaveCount(0);
    await act(mgr.page, 'approve_2', 'Approved (2nd level)');
    await mgr.page.getByRole('tab', { name: 'Status History' }).click();
    const history = mgr.page.getByTestId('status-history');
    await expect(history).toContainText('Mandy Manager');
    await expect(history).toContainText('Sally Supervisor');
    await expect(history).toContainText('Oscar Ops');
    await mgr.context.close();
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
          tax_code: 'VAT6',
          tax_rate: '6',
        },
      ],
    });
    expect(created.status).toBe(201);
    const url = `/INV/arDetails/${created.body.inv_id}`;
    await a.page.goto(url);
    await b.page.goto(url);
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
    await page.goto('/INV/apDashboard');
    await expect(page.getByTestId('invoice-card-SupervisorApproved-red')).toContainText(/Red: [1-9]/);
    await page.getByTestId('invoice-card-SupervisorApproved').click();
    await expect(page).toHaveURL(/\/INV\/apSearch\/SupervisorApproved/);
    await expect(page.getByTestId('invoice-stage-table')).toContainText('Overdue');
    await context.close();
  });
});
