import { api, eBookingBody } from '../support/booking-api';
import { signedInContext } from '../support/session';
import { expect, test } from '../support/test';

test.describe('@carrier-analytics MQC contracts and CO2e', () => {
  test('an administrator adds a carrier contract after a translated error, then edits its MQC', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    await page.goto('/BMS/carrier_contract_maintenance');
    await expect(page.getByTestId('contract-table')).toBeVisible();
    await page.getByTestId('contract-new').click();
    const form = page.getByTestId('contract-form');
    await expect(form).toBeVisible();
    await page.getByTestId('contract-carrier').fill('NOPE');
    await page.getByTestId('contract-no').fill('E2E-MQC-1');
    // The period's two native date inputs.
    await page.getByTestId('contract-period-from').fill('2026-01-01');
    await page.getByTestId('contract-period-to').fill('2026-12-31');
    await page.getByTestId('contract-mqc').fill('500');
    const lanes = page.getByTestId('contract-lanes').locator('input');
    await lanes.fill('CNSHA-USLAX');
    await lanes.press('Enter');
    await page.getByTestId('contract-save').click();
    // The server's 400 on the carrier field, in words.
    await expect(form.getByText('This carrier code is not a carrier.')).toBeVisible();

    await page.getByTestId('contract-carrier').fill('MAEU');
    await page.getByTestId('contract-save').click();
    await expect(page.getByText('Contract saved')).toBeVisible();
    await expect(form).toBeHidden();
    const row = page.getByTestId('contract-table').locator('tr', { hasText: 'E2E-MQC-1' });
    await expect(row).toContainText('500.00');
    await expect(row).toContainText('CNSHA-USLAX');

    await page.getByTestId('contract-open-E2E-MQC-1').click();
    await expect(page.getByTestId('contract-no')).toHaveValue('E2E-MQC-1');
    await page.getByTestId('contract-mqc').fill('650');
    await page.getByTestId('contract-save').click();
    await expect(form).toBeHidden();
    await expect(row).toContainText('650.00');
    await context.close();
  });

  test('the customer sees the CO2e of its booking on the booking detail', async ({ browser }) => {
    const shipper = await signedInContext(browser, 'shipper@demo.test');
    const created = await api<{ so_no: string }>(
      shipper.token,
      'POST',
      '/Booking',
      await eBookingBody(shipper.token, 'PO-E2E-CO2E'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const soNo = created.body.so_no;
    const co2e = await api<{ kg_co2e: string; distance_km: string }>(
      shipper.token,
      'GET',
      `/Co2e/booking/${soNo}`,
    );
    expect(co2e.status).toBe(200);
    await shipper.page.goto(`/BMS/enhance_booking/e_booking/${soNo}`);
    const panel = shipper.page.getByTestId('co2e-panel');
    // A fresh browser opens the booking page (the heaviest screen) cold: on a busy runner its first load takes
    // longer than the default wait, as for the other cold opens of heavy pages.
    await expect(panel).toBeVisible({ timeout: 60_000 });
    // HKHKG → NLRTM, 1 × 40HQ = 2 TEU on the per-TEU-km sea factor.
    await expect(panel.getByTestId('co2e-distance')).toContainText('HKHKG → NLRTM');
    await expect(panel.getByTestId('co2e-kg')).toContainText('kg CO2e');
    await expect(panel.getByTestId('co2e-factor')).toContainText('per TEU-km');
    await expect(panel.getByTestId('co2e-source')).toContainText('GLEC');
    await shipper.context.close();
  });
});
