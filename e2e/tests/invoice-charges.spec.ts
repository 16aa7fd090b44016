import { api } from '../support/booking-api';
import { pickSearchOption, signedInContext } from '../support/session';
import { expect, test } from '../support/test';

/**
 * The charge box of the invoice lines (issue 38): prefix matches first without duplicates, a list not clipped
 * by the lines table, a new charge replacing the description an earlier charge gave (a typed one is kept),
 * and the default tax from the tax rules (Hong Kong: no VAT), not the first VAT code of a list.
 */
test.describe('@invoice invoice charge lines', () => {
  test('an operator types OF, picks charges and changes them on an HKD invoice of the HKG office to a Hong Kong customer', async ({
    browser,
  }) => {
    test.slow();
    const ops = await signedInContext(browser, 'ops@demo.test');
    const res = await api<{ rows: { job_nos: string[]; office_code: string }[] }>(
      ops.token,
      'GET',
      '/Invoice?q=JBDEMOHKG&pageSize=10&inv_type=AR',
    );
    const job = res.body.rows.find((r) => r.office_code === 'HKG')?.job_nos[0];
    expect(job).toBeTruthy();
    const page = ops.page;
    await page.goto(`/INV/arDetails/newbyjob/HKCUS001/${job}`);
    await expect(page.getByTestId('invoice-title')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('invoice-currency').fill('HKD');
    await page.getByTestId('invoice-exchange_rate').fill('1');
    await page.getByRole('tab', { name: 'General Charge' }).click();

    // Typing OF: the codes starting with OF first, each charge once, every option reachable (not clipped).
    const box = page.getByTestId('line-0-charge_code');
    await box.click();
    await box.pressSequentially('OF');
    const list = page.locator(`[id="${await box.getAttribute('aria-controls')}"]`);
    const options = list.getByRole('option');
    await expect(options.first()).toHaveText(/^OFR - /);
    const texts = await options.allTextContents();
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts.findIndex((x) => x.startsWith('OFR'))).toBeLessThan(
      texts.findIndex((x) => x.startsWith('BLF')),
    );
    // The last option is on top at its own centre: nothing (the table's scrolling box) covers or clips it.
    const last = options.last();
    await last.scrollIntoViewIfNeeded();
    expect(
      await last.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && el.contains(hit);
      }),
    ).toBe(true);
    await page.keyboard.press('Escape');

    // BLF, then OFR: the description follows the charge; the tax is Hong Kong's (no VAT), not VAT6/VAT9.
    await pickSearchOption(page, 'line-0-charge_code', 'BLF', 'BLF -');
    await expect(page.getByTestId('line-0-description')).toHaveValue('Bill of lading fee');
    await expect(page.getByLabel('Tax Code 1', { exact: true })).toHaveValue('NOTAX');
    await pickSearchOption(page, 'line-0-charge_code', 'OFR', 'OFR -');
    await expect(page.getByTestId('line-0-description')).toHaveValue('Ocean freight');
    await expect(page.getByLabel('Tax Code 1', { exact: true })).toHaveValue('NOTAX');
    await expect(page.getByLabel('Tax % 1', { exact: true })).toHaveValue('0');

    // A description the user typed is kept when the charge changes.
    await page.getByTestId('line-0-description').fill('Ocean freight HKG-HAM, 2 x 40HQ');
    await pickSearchOption(page, 'line-0-charge_code', 'DOC', 'DOC -');
    await expect(page.getByTestId('line-0-description')).toHaveValue('Ocean freight HKG-HAM, 2 x 40HQ');
    // A unit price is tidied to at least the currency's decimals when the user leaves it (HKD: 2).
    await page.getByTestId('line-0-unit_price').fill('1850.5');
    await page.getByTestId('line-0-quantity').click();
    await expect(page.getByTestId('line-0-unit_price')).toHaveValue('1850.50');
    await page.getByTestId('line-0-quantity').fill('2');
    await expect(page.getByTestId('invoice-total')).toHaveText('3,701.00');
    // Prepare (this new invoice's next step) needs a tax code on each line: its column is marked.
    await expect(page.getByTestId('invoice-line-tax-required')).toBeVisible();
    await expect(page.getByLabel('Tax Code 1', { exact: true })).toHaveAttribute('aria-required', 'true');
    await ops.context.close();
  });
});
