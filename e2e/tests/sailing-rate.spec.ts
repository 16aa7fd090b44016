import { chooseOption, fillDate, pickSearchOption, signedInContext } from '../support/session';
import { expect, test } from '../support/test';

const RUN = Date.now().toString(36).slice(-5).toUpperCase();

test.describe('@sailing-schedule @rate maintenance', () => {
  test('admin creates a two-leg sailing after an IMO error and marks it TBC', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    const voyage = `E${RUN}W`;

    // --- the sailing ---
    await page.goto('/BMS/sailing_schedule_maintenance');
    await page.getByTestId('sailing-new').click();
    await expect(page).toHaveURL(/\/BMS\/sailing_schedule_maintenance\/new$/);
    await pickSearchOption(page, 'sailing-carrier', 'MAEU', 'MAEU');
    await page.getByTestId('sailing-vessel').fill('Maersk Kinloss');
    await page.getByTestId('sailing-imo').fill('9619104');
    await page.getByTestId('sailing-voyage').fill(voyage);
    await pickSearchOption(page, 'sailing-pol', 'HKHKG', 'HKHKG');
    await pickSearchOption(page, 'sailing-pod', 'NLRTM', 'NLRTM');
    await fillDate(page, 'sailing-etd', '2026-09-01');
    await fillDate(page, 'sailing-eta', '2026-10-02');

    // Leg 1 starts at POL on the ETD; leg 2 where leg 1 ends.
    await page.getByTestId('sailing-add-leg').click();
    await pickSearchOption(page, 'sailing-leg-0-to', 'SGSIN', 'SGSIN');
    await fillDate(page, 'sailing-leg-0-eta', '2026-09-05');
    await page.getByTestId('sailing-leg-0-vessel').fill('Feeder One');
    await page.getByTestId('sailing-leg-0-voyage').fill('F1');
    await page.getByTestId('sailing-add-leg').click();
    await pickSearchOption(page, 'sailing-leg-1-to', 'NLRTM', 'NLRTM');
    await fillDate(page, 'sailing-leg-1-etd', '2026-09-07');
    await fillDate(page, 'sailing-leg-1-eta', '2026-10-02');
    await page.getByTestId('sailing-leg-1-vessel').fill('Maersk Kinloss');
    await page.getByTestId('sailing-leg-1-voyage').fill(voyage);

    await page.getByTestId('sailing-save').click();
    await expect(page.getByText('IMO number must be 7 digits with a valid check digit')).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);

    await page.getByTestId('sailing-imo').fill('9619103');
    await page.getByTestId('sailing-save').click();
    await expect(page).toHaveURL(/\/BMS\/sailing_schedule_maintenance\/\d+$/);
    await expect(page.getByTestId('sailing-title')).toContainText(voyage);

    await page.getByTestId('sailing-is-tbc').click();
    await page.getByTestId('sailing-save').click();
    await expect(page.getByText(`Sailing MAERSK KINLOSS ${voyage} saved`)).toBeVisible();
    await page.getByTestId('sailing-history-tab').click();
    await expect(page.getByTestId('status-history')).toContainText('Ada Admin');

    await page.getByTestId('sailing-back').click();
    const search = page.getByTestId('search-input').locator('input');
    await search.fill(voyage);
    await search.press('Enter');
    await expect(page.getByTestId('sailing-table')).toContainText('MAERSK KINLOSS');
    await expect(page.getByTestId('sailing-table')).toContainText('TBC');

    // The list's own filters are plain controls (issue 20): POL from the port search by keyboard, the ETD
    // range as two date inputs; a range around the ETD keeps the sailing, a later one leaves it out.
    const pol = page.getByTestId('filter-pol');
    await pol.fill('HKHKG');
    await expect(page.getByRole('listbox', { name: 'POL' }).getByRole('option').first()).toContainText(
      'HKHKG',
      {
        timeout: 30_000,
      },
    );
    await pol.press('ArrowDown');
    await pol.press('Enter');
    await expect(pol).toHaveValue(/HKHKG/);
    await page.getByTestId('filter-etd-from').fill('2026-08-31');
    await page.getByTestId('filter-etd-to').fill('2026-09-01');
    await expect(page.getByTestId('sailing-table')).toContainText('MAERSK KINLOSS');
    await page.getByTestId('filter-etd-to').fill('2026-09-30');
    await page.getByTestId('filter-etd-from').fill('2026-09-02');
    await expect(page.getByTestId('sailing-table')).not.toContainText(voyage);
    await context.close();
  });

  test('admin creates a rate with two sizes and finds it in the list', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    const key = `E2E-${RUN}`;
    await page.goto('/BMS/rate_maintenance');
    await page.getByTestId('rate-new').click();
    await expect(page).toHaveURL(/\/BMS\/rate_maintenance\/new$/);
    await page.getByTestId('rate-source-key').fill(key);
    await pickSearchOption(page, 'rate-carrier', 'MAEU', 'MAEU');
    await pickSearchOption(page, 'rate-pol', 'HKHKG', 'HKHKG');
    await pickSearchOption(page, 'rate-pod', 'NLRTM', 'NLRTM');
    await fillDate(page, 'rate-valid-from', '2026-09-01');
    await fillDate(page, 'rate-valid-to', '2026-12-31');
    await chooseOption(page, 'rate-line-0-type', '20GP');
    await page.getByTestId('rate-line-0-amount').fill('1200');
    await page.getByTestId('rate-add-line').click();
    await chooseOption(page, 'rate-line-1-type', '40HQ');
    await page.getByTestId('rate-line-1-amount').fill('2100.50');
    await page.getByTestId('rate-save').click();
    await expect(page).toHaveURL(new RegExp(`/BMS/rate_maintenance/${key}$`));

    await page.getByTestId('rate-back').click();
    const rateSearch = page.getByTestId('search-input').locator('input');
    await rateSearch.fill(key.toLowerCase());
    await rateSearch.press('Enter');
    await expect(page.getByTestId('rate-table')).toContainText(key);
    await expect(page.getByTestId('rate-table')).toContainText('20GP 1200.00; 40HQ 2100.50');
    // Valid on a date inside the validity keeps it; a date after it leaves it out (a native date input).
    await page.getByTestId('rate-filter-valid-on').fill('2026-10-15');
    await expect(page.getByTestId('rate-table')).toContainText(key);
    await page.getByTestId('rate-filter-valid-on').fill('2027-01-15');
    await expect(page.getByTestId('rate-table')).not.toContainText(key);
    await context.close();
  });
});
