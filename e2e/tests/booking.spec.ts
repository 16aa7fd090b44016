import { api, containerNo, day, eBookingBody } from '../support/booking-api';
import { BASE, chooseOption, confirmDialog, pickSearchOption, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * Narrows the open list to one SO# by its search box: the demo's 12 months of history (issue 17) fill every
 * list beyond its first page, so a new order is found the way a user finds it.
 */
async function findInList(page: Page, soNo: string) {
  const search = page.getByTestId('search-input').locator('input');
  await search.fill(soNo);
  await search.press('Enter');
  await expect(page.getByTestId(`booking-link-${soNo}`)).toBeVisible();
}

/**
 * Fills a native date input ('YYYY-MM-DD') or date-time input ('YYYY-MM-DD HH:mm', written with a T as the
 * input's value is): the browser's own picker is not opened.
 */
async function fillDate(page: Page, testId: string, value: string) {
  const input = page.getByTestId(testId);
  const written = value.replace(' ', 'T');
  await input.fill(written);
  await expect(input).toHaveValue(written);
}

/**
 * Opens a detail tab with ctrl+alt+left/right (the detail shortcuts): 13 tabs overflow the bar, and a click
 * on a tab scrolled out of the bar would land on whatever lies under it.
 */
async function openTab(page: Page, key: string) {
  const nav = page.locator('.portal-tabs-nav').first();
  const keys = await nav
    // The label itself (a tab's error count and required marker are `booking-tab-{key}-errors` / `-required`).
    .locator('[role="tab"] > [data-testid^="booking-tab-"]')
    .evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').replace('booking-tab-', '')));
  const active = await nav
    .locator('[role="tab"][aria-selected="true"] > [data-testid^="booking-tab-"]')
    .getAttribute('data-testid');
  const from = keys.indexOf((active ?? '').replace('booking-tab-', ''));
  const to = keys.indexOf(key);
  expect(to, `tab ${key}`).toBeGreaterThanOrEqual(0);
  const step = to > from ? 1 : -1;
  for (let i = from; i !== to; i += step) {
    // Keep the focus on the tab bar (a tab's content may take it) and wait for each move to land.
    await nav.locator('[role="tab"][aria-selected="true"]').focus();
    await page.keyboard.press(step > 0 ? 'Control+Alt+ArrowRight' : 'Control+Alt+ArrowLeft');
    await expect(
      nav.locator('[role="tab"][aria-selected="true"]').getByTestId(`booking-tab-${keys[i + step]}`),
    ).toBeVisible();
  }
  await expect(
    nav.locator('[role="tab"][aria-selected="true"]').getByTestId(`booking-tab-${key}`),
  ).toBeVisible();
}

/** Runs an action from the actions bar and confirms it (with a reason when it needs one). */
async function act(page: Page, action: string, reason?: string) {
  await expect(page.getByTestId(`booking-action-${action}`)).toBeEnabled();
  await page.getByTestId(`booking-action-${action}`).click();
  if (reason) {
    await page.getByTestId('booking-reason').fill(reason);
    await confirmDialog(page, 'booking-reason-ok');
  } else {
    await confirmDialog(page, 'booking-action-ok');
  }
}

test.describe('booking', () => {
  test('(a) shipper e-booking → ops containers, sailing, confirm, job/HBL, SI, house doc', async ({
    browser,
  }) => {
    test.setTimeout(480_000);
    const shipper = await signedInContext(browser, 'shipper@demo.test');
    const page = shipper.page;
    await page.goto('/BMS/enhance_booking');
    await page.getByTestId('booking-new').click();
    await expect(page.getByTestId('booking-title')).toHaveText('New Booking');
    const po = `PO-E2E-${Date.now() % 100000}`;
    await page.getByTestId('booking-field-po_no').fill(po);
    await pickSearchOption(page, 'booking-field-shipper_id', 'CNSZX001', 'CNSZX001');
    await pickSearchOption(page, 'booking-field-customer_id', 'HKCUS001', 'HKCUS001');
    await pickSearchOption(page, 'booking-field-consignee_id', 'DEMUC001', 'DEMUC001');
    await pickSearchOption(page, 'booking-field-release_agent_id', 'DEHAM001', 'DEHAM001');
    await pickSearchOption(page, 'booking-field-handling_office', 'HKG', 'HKG - ');
    await pickSearchOption(page, 'booking-field-pol', 'HKHKG', 'HKHKG');
    await pickSearchOption(page, 'booking-field-pod', 'NLRTM', 'NLRTM');
    await pickSearchOption(page, 'booking-field-pld', 'NLRTM', 'NLRTM');
    await pickSearchOption(page, 'booking-field-fd', 'NLRTM', 'NLRTM');
    await fillDate(page, 'booking-field-cargo_ready_date', day(4));
    await fillDate(page, 'booking-field-etd', day(12));
    await fillDate(page, 'booking-field-eta', day(40));
    await pickSearchOption(page, 'booking-field-carrier_code', 'MAEU', 'MAEU');
    await page.getByTestId('booking-field-vessel_name').fill('TBN');
    await page.getByTestId('booking-field-voyage').fill('001W');
    await fillDate(page, 'booking-field-cfs_closing', `${day(8)} 12:00`);
    await fillDate(page, 'booking-field-cy_closing', `${day(10)} 18:00`);
    await fillDate(page, 'booking-field-vgm_closing', `${day(10)} 12:00`);
    await fillDate(page, 'booking-field-si_closing', `${day(9)} 17:00`);

    await openTab(page, 'details');
    await chooseOption(page, 'booking-field-incoterms', 'FOB');
    await chooseOption(page, 'booking-equipment-0-size_type', '40HQ');

    // ENS (EU cargo): shipper and consignee on the Filing tab.
    await openTab(page, 'filing');
    for (const [role, name, city, country, zip] of [
      ['SHIPPER', 'Bright Star', 'Shenzhen', 'CN', '518057'],
      ['CONSIGNEE', 'Hanse Import GmbH', 'Hamburg', 'DE', '20457'],
    ]) {
      await page.getByTestId('ens-add').click();
      await page.getByTestId(`ens-add-${role}`).click();
      await page.getByTestId(`ens-${role}-name`).fill(name);
      await page.getByTestId(`ens-${role}-address1`).fill(`1 ${city} Road`);
      await page.getByTestId(`ens-${role}-city`).fill(city);
      await pickSearchOption(page, `ens-${role}-country`, country, `${country} - `);
      await page.getByTestId(`ens-${role}-zip`).fill(zip);
    }

    await page.getByTestId('booking-save').click();
    await expect(page.getByTestId('booking-status')).toHaveText('New e-booking');
    const soNo = (await page.getByTestId('booking-so-no').textContent())?.trim() ?? '';
    expect(soNo).not.toBe('');
    await expect(page).toHaveURL(new RegExp(`/e_booking/${soNo}$`));
    await shipper.context.close();

    // Operations finds it in New e-Booking.
    const ops = await signedInContext(browser, 'ops@demo.test');
    const p = ops.page;
    await p.goto('/BMS/enhance_booking/new_e_booking');
    await expect(p.getByTestId('booking-list-title')).toHaveText('New e-Booking');
    await findInList(p, soNo);
    await p.getByTestId(`booking-link-${soNo}`).click();
    await expect(p.getByTestId('booking-status')).toHaveText('New e-booking');

    // Picks the MAEU sailing of the lane (fills carrier, vessel, voyage, dates and closings).
    await p.getByTestId('booking-pick-sailing').click();
    const row = p
      .getByTestId('booking-sailing-table')
      .locator('tr')
      .filter({ hasText: 'MAERSK MC-KINNEY MOLLER' });
    await row.getByRole('button').click();
    await expect(p.getByTestId('booking-field-vessel_name')).toHaveValue('MAERSK MC-KINNEY MOLLER');

    // Adds a container with seal, carrier booking no. and packages.
    await openTab(p, 'details');
    await p.getByTestId('booking-container-add').click();
    await p.getByTestId('booking-container-0-container_no').fill('MSKU123456');
    await p.getByTestId('booking-container-0-seal_no').click();
    await expect(p.getByText(/Container number .*is not valid/)).toBeVisible();
    await p.getByTestId('booking-container-0-container_no').fill(containerNo('MSKU', 123456));
    await chooseOption(p, 'booking-container-0-size_type', '40HQ');
    await p.getByTestId('booking-container-0-seal_no').fill('SL778899');
    await p.getByTestId('booking-container-0-carrier_booking_no').fill('MAEU240001');
    await p.getByTestId('booking-container-0-package_qty').fill('120');
    await p.getByTestId('booking-save').click();
    await expect(p.getByText(`Booking ${soNo} saved.`)).toBeVisible();

    await openTab(p, 'confirm');
    await expect(p.getByTestId('booking-check-containerDetails')).toHaveAttribute('data-ok', 'true');
    await act(p, 'confirm');
    await expect(p.getByTestId('booking-status')).toHaveText('Confirmed');

    await act(p, 'assign_job');
    await openTab(p, 'header');
    await expect(p.getByTestId('booking-job-no')).not.toHaveText('—');
    await expect(p.getByTestId('booking-hbl-no')).not.toHaveText('—');

    // Space released, then the house SI.
    await openTab(p, 'details');
    await chooseOption(p, 'booking-field-space_status', 'Released SO');
    await p.getByTestId('booking-save').click();
    await expect(p.getByText(`Booking ${soNo} saved.`).first()).toBeVisible();
    await act(p, 'submit_si');
    await expect(p.getByTestId('booking-action-reverse_si')).toBeVisible();

    // House doc: a PDF.
    await openTab(p, 'house_doc');
    const download = p.getByTestId('house-doc-download');
    if (await download.isVisible().catch(() => false)) {
      const [file] = await Promise.all([p.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toMatch(/\.pdf$/i);
    }
    const res = await fetch(`${BASE}/api/v1/Booking/${soNo}/house-doc`, {
      headers: { authorization: `Bearer ${ops.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    await ops.context.close();
  });

  test('(b) cancellation request → acknowledge → cancelled → recover', async ({ browser }) => {
    const shipper = await signedInContext(browser, 'shipper@demo.test');
    const created = await api<{ so_no: string }>(
      shipper.token,
      'POST',
      '/Booking',
      await eBookingBody(shipper.token, 'PO-E2E-CXL'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const soNo = created.body.so_no;
    await shipper.page.goto(`/BMS/enhance_booking/e_booking/${soNo}`);
    await expect(shipper.page.getByTestId('booking-status')).toHaveText('New e-booking');
    // A reason is required: OK stays off until one is typed (blanks are no reason).
    await shipper.page.getByTestId('booking-action-request_cancel').click();
    await expect(shipper.page.getByRole('dialog', { name: 'Request cancel' })).toBeVisible();
    await shipper.page.getByTestId('booking-reason').fill('   ');
    await expect(shipper.page.getByTestId('booking-reason-ok')).toBeDisabled();
    await shipper.page.getByTestId('booking-reason').fill('Order cancelled by the buyer');
    await shipper.page.getByTestId('booking-reason-ok').click();
    await expect(shipper.page.getByTestId('booking-status')).toHaveText('Cancel pending');
    await expect(shipper.page.getByTestId('booking-read-only')).toBeVisible();
    await shipper.context.close();

    const ops = await signedInContext(browser, 'ops@demo.test');
    const p = ops.page;
    await p.goto('/BMS/enhance_booking/cancel_e_booking');
    await findInList(p, soNo);
    await p.getByTestId(`booking-link-${soNo}`).click();
    await expect(p.getByTestId('booking-cancel-reason')).toContainText('Order cancelled by the buyer');
    await act(p, 'acknowledge_cancel');
    await expect(p.getByTestId('booking-status')).toHaveText('Cancelled');

    await p.goto('/BMS/enhance_booking/booking_cancelled');
    await findInList(p, soNo);
    await p.getByTestId(`booking-link-${soNo}`).click();
    await act(p, 'recover');
    await expect(p.getByTestId('booking-status')).toHaveText('Recovered');
    await openTab(p, 'history');
    await expect(p.getByTestId('booking-history')).toContainText('Recover');
    await ops.context.close();
  });

  test('(c) a booking copied from Reuse Booking opens prefilled and saves as a new SO', async ({
    browser,
  }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    const p = ops.page;
    // The source: a booking cancelled by operations (cancelled bookings can be reused).
    const made = await api<{ so_no: string; version: number }>(
      ops.token,
      'POST',
      '/Booking',
      await eBookingBody(ops.token, 'PO-E2E-REUSE'),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const source = made.body.so_no;
    const cancelled = await api(ops.token, 'POST', `/Booking/${source}/actions/cancel`, {
      version: made.body.version,
      reason: 'Customer booked elsewhere',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    await p.goto('/BMS/enhance_booking/reuse_booking');
    await p.getByTestId('search-input').locator('input').fill(source);
    await p.getByTestId('search-input').locator('input').press('Enter');
    const copy = p.getByTestId(`booking-copy-${source}`);
    await expect(copy).toBeVisible();
    await copy.click();
    await expect(p.getByTestId('booking-title')).toHaveText(`New booking copied from ${source}`);
    await expect(p.getByTestId('booking-field-vessel_name')).not.toHaveValue('');
    await expect(p.getByTestId('booking-field-pol')).not.toHaveValue('');
    await p.getByTestId('booking-save').click();
    const warnings = p.getByTestId('booking-warnings-ok');
    if (await warnings.isVisible({ timeout: 1000 }).catch(() => false)) await warnings.click();
    await expect(p.getByTestId('booking-status')).toBeVisible();
    const soNo = (await p.getByTestId('booking-so-no').textContent())?.trim();
    expect(soNo).toBeTruthy();
    expect(soNo).not.toBe(source);
    await expect(p.getByTestId('booking-status')).toHaveText('New manual');
    await ops.context.close();
  });

  test('(d) dashboard counts with ageing figures, in English and Chinese', async ({ browser }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    const p = ops.page;
    await p.goto('/BMS/enhance_booking');
    await expect(p.getByTestId('booking-count-new_e_booking')).toHaveText(/^\d[\d,]*\+?$/);
    await expect(p.getByTestId('booking-red-new_e_booking')).not.toHaveText('0');
    await expect(p.getByTestId('booking-red-new_e_booking')).toHaveText(/^[1-9]\d*$/);
    await p.getByTestId('booking-list-new_e_booking').click();
    await expect(p).toHaveURL(/\/BMS\/enhance_booking\/new_e_booking/);
    await expect(p.getByTestId('booking-ageing-legend')).toContainText('18 hours');
    await expect(p.locator('tr.booking-row-red').first()).toBeVisible();
    await ops.context.close();

    for (const [language, title, list] of [
      ['zh-HK', '訂艙', '新網上訂艙'],
      ['zh-CN', '订舱', '新网上订舱'],
    ]) {
      const zh = await signedInContext(browser, 'ops@demo.test', { language });
      await zh.page.goto('/BMS/enhance_booking');
      await expect(zh.page.getByTestId('booking-dashboard-title')).toHaveText(title);
      await expect(zh.page.getByTestId('booking-list-new_e_booking')).toContainText(list);
      await zh.context.close();
    }
  });
});
