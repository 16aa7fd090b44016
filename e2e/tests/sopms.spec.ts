import { api } from '../support/booking-api';
import { signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

interface Inv {
  inv_id: number;
  version: number;
  status: string;
}

async function open(page: Page, url: string, testId: string) {
  await page.goto(url);
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 150_000 });
}

test.describe('@sopms SOPMS validation templates', () => {
  test("a SOPMS rule blocks the supervisor's 1st approval until the manager overrides it with a reason", async ({
    browser,
  }) => {
    // Four users in turn on cold screens: well beyond one journey's default on a busy runner.
    test.setTimeout(600_000);
    // An AR invoice to Atlantic Retail (USNYC001), whose demo templates want ISF, ocean freight at 1800 and no
    // B/L fee (level 30: manager only). The administrator (manager level) saves and prepares it past them.
    const adm = await signedInContext(browser, 'admin@demo.test');
    const jobs = await api<{ rows: { job_nos: string[] }[] }>(
      adm.token,
      'GET',
      '/Invoice?q=JBDEMO&pageSize=10&inv_type=AR',
    );
    expect(jobs.status, JSON.stringify(jobs.body)).toBe(200);
    const job = jobs.body.rows[0].job_nos[0];
    const draft = await api<Record<string, unknown>>(adm.token, 'GET', `/Invoice/newbyjob/USNYC001/${job}`);
    const line = (charge_code: string, unit_price: string, uom: string) => ({
      charge_code,
      description: charge_code,
      unit_price,
      quantity: '1',
      uom,
      dr_cr: 'DR',
      tax_code: 'NOTAX',
      tax_rate: '0',
    });
    const reason = 'Prepared past SOPMS for the journey';
    const created = await api<Inv>(adm.token, 'POST', '/Invoice', {
      ...draft.body,
      currency: 'HKD',
      exchange_rate: '1',
      sub_type: 'VAT_GENERAL',
      invoice_date: '2026-03-02',
      lines: [line('OFR', '1850', '40HQ'), line('BLF', '380', 'BL')],
      sopms_override_reason: reason,
    });
    expect(created.status).toBe(201);
    const prepared = await api<Inv>(adm.token, 'POST', `/Invoice/${created.body.inv_id}/action`, {
      action: 'prepare',
      version: created.body.version,
      sopms_override_reason: reason,
    });
    expect(prepared.status).toBe(200);
    await adm.context.close();
    const url = `/INV/arDetails/${created.body.inv_id}`;

    // The supervisor's approval is refused: the dialog lists the violations and says only a manager can override.
    const sup = await signedInContext(browser, 'supervisor@demo.test');
    await open(sup.page, url, 'invoice-action-approve_1');
    await sup.page.getByTestId('invoice-action-approve_1').click();
    const dialog = sup.page.getByTestId('sopms-violations');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Atlantic Retail – US collect charges');
    await expect(dialog).toContainText('Charge ISF must be on the invoice.');
    await expect(dialog).toContainText('OFR must be billed at 1800, not 1850');
    await expect(sup.page.getByTestId('sopms-who-can-override')).toContainText('Only a manager can override');
    await expect(sup.page.getByTestId('sopms-override-reason')).toHaveCount(0);
    await sup.page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(sup.page.getByTestId('invoice-status')).toHaveText('Prepared');

    // The manager opens the SOPMS check and overrides the 1st approval with a reason (keyboard only).
    const mgr = await signedInContext(browser, 'manager@demo.test');
    await open(mgr.page, url, 'sopms-check');
    await mgr.page.getByTestId('sopms-check').click();
    await expect(mgr.page.getByTestId('sopms-check-result')).toContainText(
      'Charge ISF must be on the invoice.',
    );
    await mgr.page
      .getByTestId('sopms-check-reason')
      .fill('Contract amendment 12 signed; ISF billed by the US office');
    await mgr.page.getByTestId('sopms-check-reason').press('Tab');
    await mgr.page.keyboard.press('Enter');
    await expect(mgr.page.getByText('Override recorded')).toBeVisible();
    await expect(mgr.page.getByTestId('sopms-check-violation-0')).toContainText('Overridden');
    await mgr.context.close();

    // Now the supervisor's approval goes through; the history names the manager's override and its reason.
    await sup.page.reload();
    await expect(sup.page.getByTestId('invoice-action-approve_1')).toBeVisible({ timeout: 150_000 });
    await sup.page.getByTestId('invoice-action-approve_1').click();
    await expect(sup.page.getByTestId('invoice-status')).toHaveText('Approved (1st level)');
    await sup.page.getByRole('tab', { name: 'Status History' }).click();
    const history = sup.page.getByTestId('status-history');
    await expect(history).toContainText('SOPMS override (1st approval)');
    await expect(history).toContainText('Contract amendment 12 signed');
    await expect(history).toContainText('Mandy Manager');
    await sup.context.close();
  });

  test('the SOPMS list shows the demo templates of a side and opens one read-only for a non-owner', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'supervisor@demo.test');
    await open(page, '/SOPMS/SOPMSSearch/AR', 'sopms-table');
    await expect(page.getByTestId('sopms-table')).toContainText('Atlantic Retail – US collect charges');
    await expect(page.getByTestId('sopms-table')).toContainText('30 – manager only');
    await page.getByText('Atlantic Retail – US collect charges').click();
    await expect(page.getByTestId('sopms-name')).toHaveValue('Atlantic Retail – US collect charges');
    await expect(page.getByTestId('sopms-name')).toBeDisabled();
    await expect(page.getByTestId('sopms-edit')).toHaveCount(0);
    await context.close();
  });
});
