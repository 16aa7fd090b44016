import ExcelJS from 'exceljs';
import { chooseOption, signedInContext } from '../support/session';
import { expect, test } from '../support/test';

const LIST = '/BMS/carrier_maintenance';

test.describe('@list framework on the carrier list', () => {
  test('a saved favourite view keeps its column layout after a reload', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    await page.goto(LIST);
    const table = page.getByTestId('carrier-table');
    const header = table.locator('thead th').filter({ hasText: 'CBSA' });
    await expect(header).toHaveCount(1);

    await page.getByTestId('column-options').click();
    await page.getByTestId('column-option-cbsa').getByRole('checkbox').uncheck();
    await expect(header).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByTestId('views-button').click();
    await page.getByTestId('view-save').click();
    await page.getByTestId('view-name').fill('Without CBSA');
    await page.getByTestId('view-favourite').check();
    await page.getByTestId('view-save-ok').click();
    await expect(page.getByText('View "Without CBSA" saved')).toBeVisible();

    // Forget the layout kept on this device: the favourite view comes from the server.
    await page.evaluate(() => localStorage.removeItem('portal.tableLayout.carrier.list'));
    await page.goto(LIST);
    await expect(table).toContainText('MAEU');
    await expect(header).toHaveCount(0);
    await page.getByTestId('views-button').click();
    await expect(page.getByTestId('views-panel')).toContainText('Without CBSA');
    await context.close();
  });

  test('offers a previous search from the search history', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    await page.goto(LIST);
    const search = page.getByTestId('search-input').locator('input');
    await search.fill('hapag');
    await search.press('Enter');
    await expect(page.getByTestId('carrier-table')).toContainText('HLCU');

    await page.goto(LIST);
    await page.getByTestId('search-input').locator('input').click();
    await expect(page.getByTestId('search-history-option').filter({ hasText: 'hapag' })).toBeVisible();
    await page.getByTestId('search-history-option').filter({ hasText: 'hapag' }).click();
    await expect(page).toHaveURL(/q=hapag/);
    await context.close();
  });

  test('the custom filter asks for 3 characters, then filters; export still downloads', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    await page.goto(LIST);
    await page.getByTestId('custom-filter-button').click();
    await page.getByTestId('custom-filter-apply').click();
    await expect(page.getByTestId('custom-filter-error-0')).toHaveText('All fields are needed');

    await chooseOption(page, 'custom-filter-field-0', 'SCAC');
    await page.getByTestId('custom-filter-value-0').fill('HL');
    await page.getByTestId('custom-filter-apply').click();
    await expect(page.getByTestId('custom-filter-error-0')).toHaveText(
      'The value must be at least 3 characters',
    );

    await page.getByTestId('custom-filter-value-0').fill('HLC');
    await chooseOption(page, 'custom-filter-op-0', 'Starts with');
    await page.getByTestId('custom-filter-apply').click();
    await expect(page).toHaveURL(/filters=/);
    await expect(page.getByTestId('custom-filter-button')).toContainText('Custom filter (1)');
    await expect(page.getByTestId('carrier-table')).toContainText('HLCU');
    await expect(page.getByTestId('carrier-table')).not.toContainText('MAEU');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    // The workbook holds exactly the rows the filtered list shows.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheet = wb.worksheets[0];
    const exported: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) exported.push(String(row.getCell(1).value));
    });
    const shown = await page.locator('[data-testid^="carrier-link-"]').allInnerTexts();
    expect(exported.sort()).toEqual(shown.map((c) => c.trim()).sort());
    await context.close();
  });
});
