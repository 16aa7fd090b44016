import { signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** Opens a screen and waits for its first element (a cold page on a busy runner may be slow). */
async function open(page: Page, url: string, testId: string) {
  await page.goto(url);
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 60_000 });
}

test.describe('@invoice invoice printing and e-signatures', () => {
  test('a user draws an e-signature on the profile and saves it', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin@demo.test');
    const page = admin.page;
    await open(page, '/BMS/Setting/user_profile', 'signature-card');
    // The demo seed gave the invoice users a signature, so accounting print works on first sign-in.
    await expect(page.getByTestId('signature-current')).toBeVisible();
    const before = await page.getByTestId('signature-current').getAttribute('src');
    await expect(page.getByTestId('signature-save')).toBeDisabled();
    const pad = page.getByTestId('signature-pad');
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad');
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -25 : 25));
    await page.mouse.up();
    await page.getByTestId('signature-save').click();
    await expect(page.getByText('Signature saved')).toBeVisible();
    await expect(page.getByTestId('signature-current')).not.toHaveAttribute('src', before ?? '');
    await admin.context.close();
  });

  test('accounting merges printouts of one account from a stage list; mixed accounts are refused on screen', async ({
    browser,
  }) => {
    const fin = await signedInContext(browser, 'finance@demo.test');
    const page = fin.page;
    await open(page, '/INV/arSearch/PendingPosting', 'invoice-merge-print');
    await expect(page.getByTestId('invoice-merge-print')).toBeEnabled();
    await page.getByTestId('invoice-merge-print').click();
    const picker = page.getByTestId('invoice-pick-table');
    await expect(picker).toBeVisible();
    await expect(page.getByTestId('invoice-pick-ok')).toBeDisabled();
    // The demo seed prints several HKCUS001 invoices and one of DEHAM001 (docs/invoices.md, Demo data).
    const hk = picker.locator('tbody tr').filter({ hasText: 'HKCUS001' });
    const de = picker.locator('tbody tr').filter({ hasText: 'DEHAM001' });
    await hk.nth(0).getByRole('checkbox').check();
    await hk.nth(1).getByRole('checkbox').check();
    await expect(page.getByTestId('invoice-pick-ok')).toBeEnabled();
    if (await de.count()) {
      await de.first().getByRole('checkbox').check();
      await expect(page.getByTestId('invoice-pick-mixed')).toBeVisible();
      await expect(page.getByTestId('invoice-pick-ok')).toBeDisabled();
      await de.first().getByRole('checkbox').uncheck();
    }
    await page.getByTestId('invoice-pick-ok').click();
    await expect(page.getByTestId('print-options-form')).toBeVisible();
    const tab = page.waitForEvent('popup');
    await page.getByTestId('print-options-ok').click();
    await (await tab).close();
    await expect(page.getByTestId('invoice-pick-table')).toHaveCount(0);
    await fin.context.close();
  });
});
