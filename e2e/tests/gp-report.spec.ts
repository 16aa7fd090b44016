import { expectAccessible } from '../support/axe';
import { signedInContext } from '../support/session';
import { expect, test } from '../support/test';

test.describe('@gp gross-profit reports', () => {
  test('a GP report drills from a month to its jobs, and a job to its invoices', async ({ browser }) => {
    test.slow();
    const { page } = await signedInContext(browser, 'finance@demo.test');
    await page.goto('/INV/GPReport');
    // The demo history gives every month of the last year its figures.
    const table = page.getByTestId('gp-table');
    const rows = table.getByTestId('static-table-row');
    await expect(rows.first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('gp-chart')).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(12);
    const month = (await rows.first().locator('td').first().innerText()).trim();
    const office = (await rows.first().locator('td').nth(1).innerText()).trim();
    const gp = (await page.getByTestId('gp-drill-0-gp').innerText()).trim();

    // The filters are native controls (issue 20): the basis as radio buttons, the office typed and Enter,
    // the months as month inputs; each goes to the URL, and the figures follow it.
    await page.getByTestId('gp-filter-basis').getByRole('radio', { name: 'Posted only' }).check();
    await expect(page).toHaveURL(/[?&]basis=posted/);
    await page.getByTestId('gp-filter-basis').getByRole('radio', { name: 'All invoices' }).check();
    await expect(page).toHaveURL(/[?&]basis=all/);
    await page.getByTestId('gp-filter-office').fill(office.toLowerCase());
    await page.getByTestId('gp-filter-office').press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]office=${office}`));
    await expect(rows.first()).toContainText(office, { timeout: 30_000 });
    await page.getByTestId('gp-filter-office').fill('');
    await expect(page).not.toHaveURL(/[?&]office=/);
    // The first row's month as the last month: that month's rows alone.
    await page.getByTestId('gp-filter-period-to').fill(month);
    await expect(page).toHaveURL(new RegExp(`[?&]to=${month}`));
    await expect(rows.first().locator('td').first()).toHaveText(month, { timeout: 30_000 });
    await expect(rows.last().locator('td').first()).toHaveText(month, { timeout: 30_000 });
    await expectAccessible(page, 'GPReport (en-US)');

    await page.getByTestId('gp-drill-0-gp').click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText(`${month} · ${office}`);
    const jobs = drawer.getByTestId('gp-jobs');
    await expect(jobs.getByTestId('gp-job-row').first()).toBeVisible({ timeout: 30_000 });
    // The jobs behind the figure add up to it, each of that month and office.
    await expect(drawer.getByTestId('gp-jobs-total')).toHaveText(gp);
    for (const row of await jobs.getByTestId('gp-job-row').all()) {
      await expect(row).toContainText(month);
      await expect(row).toContainText(office);
    }
    // A job opens to its invoices, each a link to the invoice.
    await jobs.getByTestId('gp-job-row').first().getByTestId('static-table-expand').click();
    const invoices = drawer.getByTestId('gp-job-invoices');
    const link = invoices.locator('tbody a').first();
    await expect(link).toBeVisible({ timeout: 30_000 });
    const invoiceNo = (await link.innerText()).trim();
    await link.click();
    await expect(page.getByTestId('invoice-title')).toContainText(invoiceNo, { timeout: 60_000 });
  });

  test('the manager sees every GP report with a year of figures', async ({ browser }) => {
    test.slow();
    const { page } = await signedInContext(browser, 'manager@demo.test');
    const pages: [string, string][] = [
      ['JobMonthGP', 'gp-table'],
      ['JobMonthGPSO', 'gp-jobs'],
      ['GPReport', 'gp-table'],
      ['GPReport1', 'gp-table'],
      ['GPReport2', 'gp-table'],
      ['GPReport3', 'gp-invoices'],
      ['GPReport4', 'gp-table'],
      ['SalesGPReport', 'gp-table'],
    ];
    for (const [name, list] of pages) {
      await page.goto(`/INV/${name}`);
      const rows = page.getByTestId(list).getByTestId(list === 'gp-jobs' ? 'gp-job-row' : 'static-table-row');
      await expect(rows.first()).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByTestId('gp-chart')).toBeVisible();
    }
  });

  test('operations without the GP functions see no GP report', async ({ browser }) => {
    const { page } = await signedInContext(browser, 'ops@demo.test');
    await page.goto('/INV/GPReport');
    await expect(page.getByTestId('access-declined')).toBeVisible({ timeout: 60_000 });
  });
});
