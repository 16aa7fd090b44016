import { expectAccessible, settled } from '../support/axe';
import { signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * The analytics frame (issue 17, docs/analytics.md "Using the analytics pages"): a manager opens the shipment
 * report, narrows it to one office, picks a month's bar and lands on the bookings behind it, one of which opens
 * on its usual detail screen. axe checks the page (and the drawer) in English and Traditional Chinese.
 */

const tableRows = (page: Page) => page.getByTestId('analytics-table').getByTestId('static-table-row');

/** Waits until the page shows figures for its current URL (no request in flight, rows drawn). */
async function figuresShown(page: Page) {
  await expect(tableRows(page).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('analytics-loading')).toHaveCount(0, { timeout: 60_000 });
}

test.describe('@analytics analytics pages', () => {
  test('a manager filters the shipment report to one office and drills from a bar to a booking', async ({
    browser,
  }) => {
    test.slow();
    const { page } = await signedInContext(browser, 'manager@demo.test');
    await page.goto('/BMS/ShipmentReport');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipment Report', { timeout: 60_000 });
    await figuresShown(page);
    await expect(page.getByTestId('analytics-kpi-shipments')).toBeVisible();

    // One office: the choice goes to the URL and the figures follow it.
    // A native select (issue 20): its first office once the options have loaded.
    const officeSelect = page.getByTestId('analytics-filter-office');
    await expect(officeSelect.locator('option').nth(1)).toBeAttached({ timeout: 30_000 });
    await officeSelect.selectOption({ index: 1 });
    await expect(page).toHaveURL(/[?&]office=[A-Z0-9]+/);
    const office = new URL(page.url()).searchParams.get('office') ?? '';
    await figuresShown(page);

    // A month's bar opens the bookings behind it, every one of that office.
    const bar = page.getByTestId('analytics-chart-byMonth').getByTestId('chart-mark').first();
    await expect(bar).toBeVisible();
    await bar.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText('Documents behind the figure');
    const docs = drawer.getByTestId('analytics-documents').getByTestId('static-table-row');
    await expect(docs.first()).toBeVisible({ timeout: 30_000 });
    await expect(drawer.getByTestId('analytics-documents-total')).toContainText('documents');
    for (const row of await docs.all()) await expect(row).toContainText(office);
    // Each document's status in words of the codes catalogue (issue 39): "Confirmed", never CONFIRMED.
    const RAW = /^[A-Z][A-Z0-9_]+$/;
    await expect(docs.first().locator('td').nth(2)).not.toHaveText(RAW);
    for (const s of await docs.locator('td:nth-child(3)').allTextContents()) expect(s).not.toMatch(RAW);
    await expectAccessible(page, 'ShipmentReport drawer (en-US)');

    // A booking opens on its detail screen, as from any list.
    const link = drawer.getByTestId('analytics-doc-link').first();
    const soNo = (await link.innerText()).trim();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/BMS/enhance_booking/shipping_order/${soNo}$`));
    await expect(page.getByTestId('booking-title')).toContainText(soNo, { timeout: 60_000 });

    // Back returns to the report with the office still chosen.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`office=${office}`));
    await figuresShown(page);

    // The customer by keyboard: two characters search the parties, Down and Enter pick the first match
    // (its code goes to the URL), the clear button takes it off again.
    const customer = page.getByTestId('analytics-filter-customer');
    await customer.fill('cu');
    const match = page.getByRole('listbox', { name: 'Customer' }).getByRole('option').first();
    await expect(match).toBeVisible({ timeout: 30_000 });
    await customer.press('ArrowDown');
    await expect(customer).toHaveAttribute('aria-activedescendant', /.+/);
    await customer.press('Enter');
    await expect(page).toHaveURL(/[?&]customer=[^&]+/);
    await expect(customer).toHaveAttribute('aria-expanded', 'false');
    await figuresShown(page);
    await page.getByTestId('analytics-filter-customer-clear').click();
    await expect(page).not.toHaveURL(/[?&]customer=/);
  });

  for (const language of ['en-US', 'zh-HK']) {
    test(`the shipment report passes axe (${language})`, async ({ browser }) => {
      test.slow();
      const { page } = await signedInContext(browser, 'manager@demo.test', { language });
      await page.goto('/BMS/ShipmentReport');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'zh-HK' ? '貨運報表' : 'Shipment Report',
        { timeout: 60_000 },
      );
      await figuresShown(page);
      // The chart's figures as a table too (keyboard and screen-reader route to the same documents).
      await page.getByTestId('analytics-chart-table-toggle-byMonth').click();
      await expect(page.getByTestId('analytics-chart-table-byMonth')).toBeVisible();
      // The pointer off the page: axe would read the hover colour of the button just clicked.
      await page.mouse.move(0, 0);
      await settled(page);
      await expectAccessible(page, `ShipmentReport (${language})`);
    });
  }

  test('a page of another source shows its own words, not keys (only its namespace loads with it)', async ({
    browser,
  }) => {
    // Finance holds the GP-based pages: their labels live in the analytics-gp namespace (issue 20: a page loads
    // the frame's namespace and its source's, not all six).
    const { page } = await signedInContext(browser, 'finance@demo.test');
    await page.goto('/BMS/InvoiceGPPBI');
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty({ timeout: 60_000 });
    await figuresShown(page);
    const main = page.getByRole('main');
    await expect(main).not.toContainText('analytics-gp:');
    await expect(main).not.toContainText(/\bkpi\.|\bchart\.|\bcol\./);
  });

  test('a user without the page function gets the 403 page', async ({ browser }) => {
    // Finance holds the GP-based analytics pages, not the shipment ones.
    const { page } = await signedInContext(browser, 'finance@demo.test');
    await page.goto('/BMS/ShipmentReport');
    await expect(page.getByTestId('access-declined')).toBeVisible({ timeout: 60_000 });
  });
});
