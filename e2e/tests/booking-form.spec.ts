import { pickSearchOption, signedInContext } from '../support/session';
import { expect, type Locator, type Page, test } from '../support/test';

/**
 * The booking form as a new shipper meets it (issue "The booking form as a new user meets it"): what is
 * required and marked, the ENS copy from the header parties, all tabs visible at 1440 px, the sailing picker's
 * title and dates, no console error on a new booking, the dashboard's ageing legend.
 */

/** The antd Form.Item around a field's control. */
const itemOf = (page: Page, testId: string): Locator =>
  page.locator('.ant-form-item').filter({ has: page.getByTestId(testId) });

const SAILING_FIELDS = [
  'carrier_code',
  'vessel_name',
  'voyage',
  'cfs_closing',
  'cy_closing',
  'vgm_closing',
  'si_closing',
];

/** Console errors and failed API answers of a page (a 404 logs "Failed to load resource" in the console). */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  return errors;
}

test.describe('booking form', () => {
  test('a shipper: required marks before saving, only cargo and parties required, ENS copied from the header', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'shipper@demo.test');
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors = watchErrors(page);
    await page.goto('/BMS/enhance_booking/shipping_order/new');
    // The first screen of a fresh browser loads the app's chunks: allow for a slow machine.
    await expect(page.getByTestId('booking-title')).toHaveText('New Booking', { timeout: 60_000 });

    // Asterisks from the start: the cargo and parties are marked, the sailing is not.
    for (const f of ['shipper_id', 'customer_id', 'consignee_id', 'pol', 'pod', 'etd', 'handling_office'])
      await expect(itemOf(page, `booking-field-${f}`).locator('label.ant-form-item-required')).toHaveCount(1);
    for (const f of SAILING_FIELDS)
      await expect(itemOf(page, `booking-field-${f}`).locator('label.ant-form-item-required')).toHaveCount(0);

    // The shipper's own party is there from the start (issue 39).
    await expect(page.getByTestId('booking-field-shipper_id')).toHaveValue(/^CNSZX001/);

    // Saving the empty e-booking: "required" on the cargo and parties, nothing on the sailing.
    await page.getByTestId('booking-save').click();
    await expect(
      itemOf(page, 'booking-field-customer_id').locator('.ant-form-item-explain-error'),
    ).toBeVisible();
    await expect(itemOf(page, 'booking-field-pol').locator('.ant-form-item-explain-error')).toBeVisible();
    for (const f of SAILING_FIELDS)
      await expect(itemOf(page, `booking-field-${f}`).locator('.ant-form-item-explain-error')).toHaveCount(0);

    // Customer and consignee without a routing template: no 404 and no console error.
    await pickSearchOption(page, 'booking-field-shipper_id', 'CNSZX001', 'CNSZX001');
    const template = page.waitForResponse((r) => r.url().includes('/Booking/routing-template'));
    await pickSearchOption(page, 'booking-field-customer_id', 'HKCUS001', 'HKCUS001');
    await pickSearchOption(page, 'booking-field-consignee_id', 'DEMUC001', 'DEMUC001');
    expect((await template).status()).toBe(200);

    // ENS shipper and consignee come from the header parties.
    await page.getByTestId('booking-tab-filing').click();
    await expect(page.getByTestId('filing-tab')).toBeVisible();
    await page.getByTestId('ens-copy-header').click();
    await expect(page.getByTestId('ens-SHIPPER-name')).not.toHaveValue('');
    await expect(page.getByTestId('ens-SHIPPER-address1')).not.toHaveValue('');
    await expect(page.getByTestId('ens-CONSIGNEE-name')).not.toHaveValue('');
    await expect(page.getByTestId('ens-CONSIGNEE-city')).not.toHaveValue('');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('all 13 tabs visible at 1440 px (no overflow menu), ctrl+alt+arrows still switch them', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/BMS/enhance_booking/new_e_booking');
    await page.locator('[data-testid^="booking-link-"]').first().click({ timeout: 60_000 });
    await expect(page.getByTestId('booking-status')).toBeVisible({ timeout: 60_000 });

    const nav = page.locator('.portal-tabs-nav').first();
    // The labels (not a tab's required marker, `booking-tab-{key}-required`).
    const tabs = nav.locator('[role="tab"] > [data-testid^="booking-tab-"]');
    await expect(tabs).toHaveCount(13);
    // No "more" button hiding tabs: the list holds the 13 tabs and nothing else.
    await expect(nav.locator(':scope > *')).toHaveCount(13);
    const box = await nav.boundingBox();
    for (const tab of await tabs.all()) {
      await expect(tab).toBeVisible();
      const b = await tab.boundingBox();
      // Whole label inside the bar: nothing cut at the right edge.
      expect(
        b && box && b.x + b.width <= box.x + box.width + 0.5,
        (await tab.textContent()) ?? undefined,
      ).toBeTruthy();
    }

    await nav.locator('[role="tab"][aria-selected="true"]').focus();
    await page.keyboard.press('Control+Alt+ArrowRight');
    await expect(
      nav.locator('[role="tab"][aria-selected="true"]').getByTestId('booking-tab-details'),
    ).toBeVisible();
    await page.keyboard.press('Control+Alt+ArrowLeft');
    await expect(
      nav.locator('[role="tab"][aria-selected="true"]').getByTestId('booking-tab-header'),
    ).toBeVisible();
    await context.close();
  });

  test('the sailing picker names the ports and shows dates and cut-offs the portal way', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'shipper@demo.test');
    await page.goto('/BMS/enhance_booking/shipping_order/new');
    await expect(page.getByTestId('booking-field-pol')).toBeVisible({ timeout: 60_000 });
    await pickSearchOption(page, 'booking-field-pol', 'HKHKG', 'HKHKG');
    await pickSearchOption(page, 'booking-field-pod', 'NLRTM', 'NLRTM');
    await page.getByTestId('booking-pick-sailing').click();
    const title = page.getByTestId('booking-sailing-title');
    await expect(title).toContainText('HKHKG');
    await expect(title).toContainText('NLRTM');
    await expect(title).not.toContainText('POL to POD');
    const cutoff = page.getByTestId('booking-sailing-cy_cutoff').first();
    await expect(cutoff).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await context.close();
  });

  test('the dashboards explain their yellow and red squares', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test');
    await page.goto('/BMS/enhance_booking');
    await expect(page.getByTestId('booking-dashboard-legend')).toContainText('Yellow', { timeout: 60_000 });
    await expect(page.getByTestId('booking-dashboard-legend')).toContainText('Red');
    await expect(page.getByTestId('booking-yellow-threshold-new_e_booking')).toHaveText('≥ 8 h');
    await expect(page.getByTestId('booking-red-threshold-new_e_booking')).toHaveText('≥ 18 h');
    await page.goto('/BMS/enhance_booking_approval');
    await expect(page.getByTestId('approval-dashboard-legend')).toBeVisible({ timeout: 60_000 });
    await context.close();
  });
});
