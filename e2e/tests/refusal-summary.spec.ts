import { api, day, eBookingBody } from '../support/booking-api';
import { chooseOption, confirmDialog, pickSearchOption, signedInContext } from '../support/session';
import { expect, type Locator, type Page, test } from '../support/test';

/**
 * Refusals that say what is missing (issue 39): booking Confirm refused for the sailing an e-booking left blank
 * lists the fields in a summary with links, puts the cursor in the first and counts the errors on the tab;
 * the fields Confirm needs are marked before it is pressed. A shipper's e-booking: no internal tabs, its own
 * party prefilled and the only one offered, the Details tab marked while its required fields are empty, saved
 * in one go.
 */

const SAILING = [
  ['carrier_code', 'Carrier'],
  ['vessel_name', 'Vessel'],
  ['voyage', 'Voyage'],
  ['cfs_closing', 'CFS closing'],
  ['cy_closing', 'CY closing'],
  ['vgm_closing', 'VGM closing'],
  ['si_closing', 'SI closing'],
] as const;

/** The form item around a field's control. */
const itemOf = (page: Page, testId: string): Locator =>
  page.locator('.ant-form-item').filter({ has: page.getByTestId(testId) });

/** Opens a tab by clicking its label (the tab bar wraps, so every tab is on screen). */
async function openTab(page: Page, key: string) {
  await page
    .locator('[role="tab"]')
    .filter({ has: page.getByTestId(`booking-tab-${key}`) })
    .click();
  await expect(
    page.locator('[role="tab"][aria-selected="true"]').getByTestId(`booking-tab-${key}`),
  ).toBeVisible();
}

test.describe('refusals that say what is missing', () => {
  test('booking Confirm: the sailing marked before, then a summary with links, the first field focused, the tab counted', async ({
    browser,
  }) => {
    test.slow();
    // A shipper's e-booking without the sailing (carrier, vessel, voyage, four closings), through the API.
    const shipper = await signedInContext(browser, 'shipper@demo.test');
    const body = {
      ...(await eBookingBody(shipper.token, `PO-E2E-SUM-${Date.now() % 100000}`)),
      ...Object.fromEntries(SAILING.map(([f]) => [f, null])),
    };
    const made = await api<{ so_no: string }>(shipper.token, 'POST', '/Booking', body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const soNo = made.body.so_no;
    await shipper.context.close();

    const ops = await signedInContext(browser, 'ops@demo.test');
    const page = ops.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/BMS/enhance_booking/e_booking/${soNo}`);
    await expect(page.getByTestId('booking-status')).toHaveText('New e-booking', { timeout: 60_000 });

    // Before Confirm: the sailing fields are marked, the hint says for what, the Header tab counts them.
    await expect(page.getByTestId('booking-step-hint')).toContainText('Confirm');
    for (const [f] of SAILING)
      await expect(itemOf(page, `booking-field-${f}`).locator('label.ant-form-item-required')).toHaveCount(1);
    await expect(page.getByTestId('booking-tab-header')).toHaveAttribute('data-required', '7');
    await expect(page.getByTestId('booking-error-summary')).toHaveCount(0);

    // Confirm from the Details tab (the sailing fields off screen): refused, and the summary names them.
    await openTab(page, 'details');
    await page.getByTestId('booking-action-confirm').click();
    await confirmDialog(page, 'booking-action-ok');
    const summary = page.getByTestId('booking-error-summary');
    await expect(summary).toContainText('Confirm needs these fields:');
    await expect(summary.getByRole('link')).toHaveText(SAILING.map(([, label]) => label));
    // The first is focused on its (opened) tab, and the tab counts its errors.
    await expect(page.getByTestId('booking-field-carrier_code')).toBeFocused();
    await expect(page.getByTestId('booking-tab-header-errors')).toHaveText('7');
    await expect(page.getByTestId('booking-status')).toHaveText('New e-booking');

    // A link from another tab: opens the Header tab and puts the cursor in the voyage.
    await openTab(page, 'details');
    await page.getByTestId('booking-error-summary-link-voyage').click();
    await expect(page.getByTestId('booking-field-voyage')).toBeFocused();
    await expect(
      page.locator('[role="tab"][aria-selected="true"]').getByTestId('booking-tab-header'),
    ).toBeVisible();

    // Typing the voyage takes it off the list and the tab's count.
    await page.getByTestId('booking-field-voyage').fill('612W');
    await expect(page.getByTestId('booking-error-summary-link-voyage')).toHaveCount(0);
    await expect(page.getByTestId('booking-tab-header-errors')).toHaveText('6');
    await ops.context.close();
  });

  test("a shipper's e-booking: no internal tabs, its own party prefilled and the only one offered, saved in one go", async ({
    browser,
  }) => {
    test.slow();
    const { context, page } = await signedInContext(browser, 'shipper@demo.test');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/BMS/enhance_booking');
    await page.getByTestId('booking-new').click();
    await expect(page.getByTestId('booking-title')).toHaveText('New Booking', { timeout: 60_000 });

    // Only what a shipper fills in: no VGM EDI History, Confirm Booking or Carrier Booking tab.
    await expect(page.getByTestId('booking-tab-header')).toBeVisible();
    for (const key of ['vgm_history', 'confirm', 'carrier_booking'])
      await expect(page.getByTestId(`booking-tab-${key}`)).toHaveCount(0);

    // The Shipper starts as the shipper's own party, and its lookup offers nothing else.
    const shipperField = page.getByTestId('booking-field-shipper_id');
    await expect(shipperField).toHaveValue(/^CNSZX001/);
    await shipperField.click();
    await shipperField.pressSequentially('HKCUS');
    const list = page.locator(`[id="${await shipperField.getAttribute('aria-controls')}"]`);
    await expect(list.getByRole('option')).toHaveCount(0);
    await shipperField.press('Escape');
    await pickSearchOption(page, 'booking-field-shipper_id', 'CNSZX', 'CNSZX001');
    await expect(shipperField).toHaveValue(/^CNSZX001/);

    // The Details tab is marked while its required fields (Incoterms, equipment) are empty.
    await expect(page.getByTestId('booking-tab-details-required')).toHaveText('*2');

    await page.getByTestId('booking-field-po_no').fill(`PO-E2E-OWN-${Date.now() % 100000}`);
    await pickSearchOption(page, 'booking-field-customer_id', 'HKCUS001', 'HKCUS001');
    await pickSearchOption(page, 'booking-field-consignee_id', 'DEMUC001', 'DEMUC001');
    await pickSearchOption(page, 'booking-field-release_agent_id', 'DEHAM001', 'DEHAM001');
    await pickSearchOption(page, 'booking-field-handling_office', 'HKG', 'HKG - ');
    for (const f of ['pol', 'pod', 'pld', 'fd'])
      await pickSearchOption(
        page,
        `booking-field-${f}`,
        f === 'pol' ? 'HKHKG' : 'SGSIN',
        f === 'pol' ? 'HKHKG' : 'SGSIN',
      );
    for (const [f, d] of [
      ['cargo_ready_date', day(4)],
      ['etd', day(12)],
      ['eta', day(20)],
    ] as const) {
      await page.getByTestId(`booking-field-${f}`).fill(d);
      await expect(page.getByTestId(`booking-field-${f}`)).toHaveValue(d);
    }
    await openTab(page, 'details');
    await chooseOption(page, 'booking-field-incoterms', 'FOB');
    await expect(page.getByTestId('booking-tab-details-required')).toHaveText('*1');
    await chooseOption(page, 'booking-equipment-0-size_type', '40HQ');
    await expect(page.getByTestId('booking-tab-details-required')).toHaveCount(0);

    // One Save: created, no summary, no refusal.
    await page.getByTestId('booking-save').click();
    await expect(page.getByTestId('booking-status')).toHaveText('New e-booking');
    await expect(page).toHaveURL(/\/e_booking\/[^/]+$/);
    await expect(page.getByTestId('booking-error-summary')).toHaveCount(0);
    for (const key of ['vgm_history', 'confirm', 'carrier_booking'])
      await expect(page.getByTestId(`booking-tab-${key}`)).toHaveCount(0);
    await context.close();
  });
});
