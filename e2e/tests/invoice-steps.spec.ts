import { api } from '../support/booking-api';
import { chooseOption, pickSearchOption, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** Opens a screen and waits for its first element; a cold page on a busy runner may take longer than 20 s. */
async function open(page: Page, url: string, testId: string) {
  await page.goto(url);
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 60_000 });
}

/** A demo job number (every demo job has demo invoices). */
async function demoJob(token: string): Promise<string> {
  const res = await api<{ rows: { job_nos: string[] }[] }>(
    token,
    'GET',
    '/Invoice?q=JBDEMO&pageSize=10&inv_type=AR',
  );
  expect(res.status).toBe(200);
  return res.body.rows[0].job_nos[0];
}

interface Inv {
  inv_id: number;
  version: number;
  status: string;
}

test.describe('@invoice invoice steps, print preview, e-mail and period close (issue 38)', () => {
  test('an operator sees what Prepare needs, is led to the empty sub-type when refused, and prepares; accounting previews the PDF before Print, e-mails it to the party contact and finds the PDF in the dev mailbox', async ({
    browser,
  }) => {
    test.slow();
    const ops = await signedInContext(browser, 'ops@demo.test');
    const page = ops.page;
    const job = await demoJob(ops.token);
    await open(page, `/INV/arDetails/newbyjob/HKCUS001/${job}`, 'invoice-title');

    // The account is a lookup of billable parties, by code or name.
    await pickSearchOption(page, 'invoice-account_code', 'harbour', 'HKCUS001 - Harbour Light');
    await expect(page.getByTestId('invoice-account_code')).toHaveValue(/HKCUS001/);

    // Before pressing Prepare the form says what it will need: invoice date and sub-type are marked.
    await expect(page.getByTestId('invoice-step-hint')).toContainText('Prepare');
    await expect(page.locator('.ant-form-item-required', { hasText: 'Sub-type' })).toHaveCount(1);
    await page.getByTestId('invoice-currency').fill('HKD');
    await page.getByTestId('invoice-exchange_rate').fill('1');
    await page.getByRole('tab', { name: 'General Charge' }).click();
    await pickSearchOption(page, 'line-0-charge_code', 'DOC', 'DOC -');
    await page.getByTestId('line-0-unit_price').fill('450');
    await page.getByTestId('line-0-quantity').fill('1');
    await page.getByTestId('invoice-save').click();
    await expect(page).toHaveURL(/\/INV\/arDetails\/\d+$/);
    await expect(page.getByTestId('invoice-status')).toHaveText('New');
    const url = page.url();
    const id = Number(url.split('/').pop());

    // Prepare from the charges tab: refused, and the screen names the sub-type, marks it and its tab,
    // opens the header tab and puts the cursor in it (no 3-second toast that names nothing).
    await page.getByRole('tab', { name: 'General Charge' }).click();
    await page.getByTestId('invoice-action-prepare').click();
    await expect(page.getByTestId('invoice-step-missing')).toContainText('Prepare needs these fields:');
    await expect(page.getByTestId('invoice-step-missing')).toContainText('Sub-type');
    await expect(page.getByTestId('invoice-tab-header-errors')).toBeVisible();
    await expect(page.getByTestId('invoice-sub_type')).toBeFocused();
    await expect(page.getByTestId('invoice-status')).toHaveText('New');
    // The summary's link leads back to the field from another tab (issue 39: the shared ErrorSummary).
    await page.getByRole('tab', { name: 'General Charge' }).click();
    await page.getByTestId('invoice-step-missing-link-sub_type').click();
    await expect(page.getByTestId('invoice-sub_type')).toBeFocused();

    // Choosing the sub-type and pressing Prepare again saves the choice, then prepares.
    await chooseOption(page, 'invoice-sub_type', 'VAT special invoice');
    await page.getByTestId('invoice-action-prepare').click();
    await expect(page.getByTestId('invoice-status')).toHaveText('Prepared');
    await expect(page.getByTestId('invoice-step-missing')).toHaveCount(0);
    await ops.context.close();

    // Approvals through the API (their screens are another journey's).
    for (const [login, action] of [
      ['supervisor@demo.test', 'approve_1'],
      ['manager@demo.test', 'approve_2'],
    ] as const) {
      const who = await signedInContext(browser, login);
      const cur = await api<Inv>(who.token, 'GET', `/Invoice/${id}`);
      const moved = await api<Inv>(who.token, 'POST', `/Invoice/${id}/action`, {
        action,
        version: cur.body.version,
      });
      expect(moved.status).toBe(200);
      await who.context.close();
    }

    // Print shows the PDF in the page first; the status moves only on confirmation.
    const fin = await signedInContext(browser, 'finance@demo.test');
    await open(fin.page, url, 'invoice-status');
    await expect(fin.page.getByTestId('invoice-status')).toHaveText('Approved (2nd level)');
    await fin.page.getByTestId('invoice-action-print').click();
    await expect(fin.page.getByTestId('invoice-print-preview')).toBeVisible({ timeout: 30_000 });
    await expect(fin.page.getByTestId('invoice-status')).toHaveText('Approved (2nd level)');
    await fin.page.getByTestId('invoice-print-confirm').click();
    await expect(fin.page.getByTestId('invoice-status')).toHaveText('Printed');
    await expect(fin.page.getByTestId('invoice-print-preview')).toHaveCount(0);

    // E-mail: the party's invoice contact is the first recipient; after sending, the toolbar keeps saying so.
    await fin.page.getByTestId('invoice-email').click();
    await expect(fin.page.getByTestId('invoice-email-to-0')).toHaveValue('accounts@harbourlight.example');
    await expect(fin.page.getByTestId('invoice-email-source')).toContainText("party's invoice e-mail");
    await fin.page.getByTestId('invoice-email-send').click();
    await expect(fin.page.getByText('The invoice is being sent to 1 recipient(s).')).toBeVisible();
    await expect(fin.page.getByTestId('invoice-last-email')).toContainText(
      'E-mailed to accounts@harbourlight.example',
    );
    await fin.context.close();

    // The dev mailbox shows the PDF attached and downloads it.
    const admin = await signedInContext(browser, 'admin@demo.test');
    const box = await api<{
      rows: { id: number; to: string; attachments: { id: number; file_name: string }[] }[];
    }>(admin.token, 'GET', '/Admin/DevMailbox');
    const mail = box.body.rows.find((r) => r.to === 'accounts@harbourlight.example' && r.attachments.length);
    expect(mail, 'the queued invoice e-mail').toBeTruthy();
    if (!mail) return;
    await open(admin.page, '/BMS/Admin/dev_mailbox', `mail-open-${mail.id}`);
    await expect(admin.page.getByTestId(`mail-attachment-count-${mail.id}`)).toHaveText(/1/);
    await admin.page.getByTestId(`mail-open-${mail.id}`).click();
    await expect(admin.page.getByTestId('mail-attachments')).toContainText(mail.attachments[0].file_name);
    await expect(admin.page.getByTestId('mail-text')).toContainText('for HKD ');
    await expect(admin.page.getByTestId('mail-text')).not.toContainText('.0000');
    const download = admin.page.waitForEvent('download');
    await admin.page.getByTestId(`mail-attachment-${mail.attachments[0].id}`).click();
    expect((await download).suggestedFilename()).toBe(mail.attachments[0].file_name);
    await admin.context.close();
  });

  test('a month with blocking invoices cannot be closed: Close is disabled and says why', async ({
    browser,
  }) => {
    const fin = await signedInContext(browser, 'finance@demo.test');
    const page = fin.page;
    // A recent HKG month the demo history leaves with blockers (unposted or unsettled invoices).
    let month: string | null = null;
    let count = 0;
    for (let back = 1; back <= 12 && !month; back++) {
      const d = new Date();
      const p = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
      const v = await api<{ blocker_count: number; status: string }>(
        fin.token,
        'GET',
        `/InvoiceClose?office_code=HKG&period=${p}`,
      );
      if (v.body.status === 'OPEN' && v.body.blocker_count > 0) {
        month = p;
        count = v.body.blocker_count;
      }
    }
    expect(month, 'a demo month with blockers').toBeTruthy();
    if (!month) return;
    await open(page, '/INV/InvoiceClose', 'period-office');
    await page.getByTestId('period-office').selectOption('HKG');
    await page.getByTestId('period-month').fill(month);
    await expect(page.getByTestId('period-blocker-count')).toHaveText(String(count), { timeout: 60_000 });
    await expect(page.getByTestId('period-close')).toBeDisabled();
    await expect(page.getByTestId('period-close-blocked')).toContainText(`Cannot close: ${count} invoice(s)`);
    await expect(page.getByTestId('period-status')).toHaveText('Open');
    await fin.context.close();
  });
});
