import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { chooseOption, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

/** Fills the fields of a new carrier (everything but the code). */
async function fillCarrier(page: Page, v: { display: string; full: string }) {
  await page.getByTestId('carrier-display-name').fill(v.display);
  await page.getByTestId('carrier-full-name').fill(v.full);
  await chooseOption(page, 'carrier-alliance', 'None');
  await chooseOption(page, 'carrier-type', 'NVOCC');
}

test.describe('@carrier maintenance', () => {
  test('creates a carrier after fixing a validation error, edits it, and shows its history', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    await page.goto('/BMS/carrier_maintenance');
    await page.getByTestId('carrier-new').click();
    await expect(page).toHaveURL(/\/BMS\/carrier_maintenance\/new$/);

    await page.getByTestId('carrier-code').fill('x');
    await fillCarrier(page, { display: 'E2E Lines', full: 'E2E Lines Shipping Ltd' });
    await page.getByTestId('carrier-save').click();
    await expect(page.getByText('Carrier code must be 2 to 4 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);

    await page.getByTestId('carrier-code').fill('e2e');
    await expect(page.getByTestId('carrier-code')).toHaveValue('E2E');
    await page.getByTestId('carrier-save').click();
    await expect(page).toHaveURL(/\/BMS\/carrier_maintenance\/\d+$/);
    await expect(page.getByTestId('carrier-title')).toContainText('E2E');

    await page.getByTestId('carrier-display-name').fill('E2E Lines Renamed');
    await page.getByTestId('carrier-save').click();
    await expect(page.getByText('Carrier E2E saved')).toBeVisible();
    await page.getByTestId('carrier-history-tab').click();
    const history = page.getByTestId('status-history');
    await expect(history).toContainText('E2E Lines Renamed');
    await expect(history).toContainText('Ada Admin');

    await page.getByTestId('carrier-back').click();
    await expect(page).toHaveURL(/\/BMS\/carrier_maintenance(\?.*)?$/);
    const search = page.getByTestId('search-input').locator('input');
    await search.fill('E2E Lines');
    await search.press('Enter');
    await expect(page.getByTestId('carrier-table')).toContainText('E2E Lines Renamed');
    await context.close();
  });

  test('puts a duplicate code error from the server on the code field', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    await page.goto('/BMS/carrier_maintenance/new');
    await page.getByTestId('carrier-code').fill('MAEU');
    await fillCarrier(page, { display: 'Not Maersk', full: 'Not Maersk Ltd' });
    await page.getByTestId('carrier-save').click();
    await expect(page.getByText('Carrier code MAEU already exists')).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);
    await context.close();
  });

  test('refuses a save over a newer change with "record not latest" and keeps the input', async ({
    browser,
  }) => {
    const { context, page: first } = await signedInContext(browser, 'admin@demo.test');
    await first.goto('/BMS/carrier_maintenance?q=ZIM');
    await first.getByTestId('carrier-link-ZIMU').click();
    await expect(first.getByTestId('carrier-title')).toContainText('ZIMU');
    const url = first.url();

    const second = await context.newPage();
    await second.goto(url);
    await expect(second.getByTestId('carrier-title')).toContainText('ZIMU');

    await first.getByTestId('carrier-display-name').fill('ZIM first');
    await first.getByTestId('carrier-save').click();
    await expect(first.getByTestId('carrier-display-name')).toHaveValue('ZIM first');
    await expect(first.getByTestId('carrier-conflict')).toHaveCount(0);

    await second.getByTestId('carrier-full-name').fill('ZIM second edit that must not be lost');
    await second.getByTestId('carrier-save').click();
    await expect(second.getByTestId('carrier-conflict')).toBeVisible();
    await expect(second.getByTestId('carrier-full-name')).toHaveValue(
      'ZIM second edit that must not be lost',
    );

    await second.getByTestId('carrier-reload').click();
    await expect(second.getByTestId('carrier-display-name')).toHaveValue('ZIM first');
    await context.close();
  });

  test('exports the filtered list to Excel', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    await page.goto('/BMS/carrier_maintenance?alliance=GEMINI');
    await expect(page.getByTestId('carrier-table')).toContainText('HLCU');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^carriers-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = `${ARTIFACTS}${download.suggestedFilename()}`;
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Carrier Code');
    const codes = [2, 3].map((r) => sheet.getRow(r).getCell(1).value).sort();
    expect(codes).toEqual(['HLCU', 'MAEU']);
    await context.close();
  });
});
