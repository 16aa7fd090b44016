import { BASE, chooseOption, pickSearchOption, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** A suffix so reruns against a kept database never collide. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

async function apiPost(token: string, path: string, body: unknown) {
  const res = await fetch(`${BASE}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, `POST ${path}`).toBe(201);
  return res.json();
}

/** Searches a list page and expects the table to show `text`. */
async function listShows(page: Page, path: string, table: string, search: string, text: string) {
  await page.goto(path);
  const input = page.getByTestId('search-input').locator('input');
  await input.fill(search);
  await input.press('Enter');
  await expect(page.getByTestId(table)).toContainText(text);
}

test.describe('@admin master data maintenance', () => {
  test('creates a warehouse after a duplicate code is refused, edits it, and lists it', async ({
    browser,
  }) => {
    const { context, page, token } = await signedInContext(browser, 'admin@demo.test');
    const existing = `E2E-A${RUN}`;
    const code = `E2E-B${RUN}`;
    await apiPost(token, '/Warehouse', {
      warehouse_code: existing,
      warehouse_name: 'Existing E2E Warehouse',
      status: 'A',
    });

    await page.goto('/BMS/warehouse_maintenance');
    await page.getByTestId('warehouse-new').click();
    await expect(page).toHaveURL(/\/BMS\/warehouse_maintenance\/new$/);
    await page.getByTestId('warehouse-code').fill(existing.toLowerCase());
    await page.getByTestId('warehouse-name').fill('Tsuen Wan CFS Warehouse');
    await page.getByTestId('warehouse-contact-email').fill('not-an-email');
    await page.getByTestId('warehouse-save').click();
    await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();

    await page.getByTestId('warehouse-contact-email').fill('cfs.tw@demo.test');
    await page.getByTestId('warehouse-address1').fill('12 Tsuen Wan Road');
    await page.getByTestId('warehouse-local-address1').fill('荃灣路12號');
    await page.getByTestId('warehouse-save').click();
    await expect(page.getByText(`Warehouse code ${existing} already exists`)).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);

    await page.getByTestId('warehouse-code').fill(code);
    await page.getByTestId('warehouse-save').click();
    await expect(page).toHaveURL(/\/BMS\/warehouse_maintenance\/\d+$/);
    await expect(page.getByTestId('warehouse-title')).toContainText(code);

    await page.getByTestId('warehouse-contact-person').fill('Wong Siu Ming');
    await page.getByTestId('warehouse-save').click();
    await expect(page.getByText(`Warehouse ${code} saved`)).toBeVisible();
    await page.getByTestId('warehouse-history-tab').click();
    await expect(page.getByTestId('status-history')).toContainText('Wong Siu Ming');

    await listShows(page, '/BMS/warehouse_maintenance', 'warehouse-table', code, 'Wong Siu Ming');
    await context.close();
  });

  test('creates a trade lane with country and office pickers, and lists it', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    const name = `E2E Asia - Mediterranean ${RUN}`;
    await page.goto('/BMS/tradelane_maintenance');
    await page.getByTestId('tradelane-new').click();
    await expect(page).toHaveURL(/\/BMS\/tradelane_maintenance\/new$/);
    await page.getByTestId('tradelane-name').fill(name);
    await chooseOption(page, 'tradelane-type', 'Export');
    await pickSearchOption(page, 'tradelane-pol-country', 'HK', 'HK - ');
    await pickSearchOption(page, 'tradelane-pod-country', 'IT', 'IT - ');
    await pickSearchOption(page, 'tradelane-office', 'HK', 'HKG');
    await page.getByTestId('tradelane-customer-code').fill('cust01');
    await page.getByTestId('tradelane-save').click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await chooseOption(page, 'tradelane-customer-type', 'Shipper');
    await page.getByTestId('tradelane-save').click();
    await expect(page).toHaveURL(/\/BMS\/tradelane_maintenance\/\d+$/);
    await expect(page.getByTestId('tradelane-title')).toContainText(name);

    await listShows(page, '/BMS/tradelane_maintenance', 'tradelane-table', RUN, 'IT - Italy');
    // The customer code is past what fits a 1440 px window: shown from the column options.
    await page.getByTestId('column-options').click();
    await page.getByTestId('column-option-customer_code').getByRole('checkbox').check();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('tradelane-table')).toContainText('CUST01');
    await context.close();
  });

  test('creates a party group with a member picked from the party list, and lists it', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'admin@demo.test');
    const name = `E2E Garment Shippers ${RUN}`;
    await page.goto('/BMS/party_group_maintenance');
    await page.getByTestId('party-group-new').click();
    await expect(page).toHaveURL(/\/BMS\/party_group_maintenance\/new$/);
    await page.getByTestId('party-group-name').fill(name);
    await chooseOption(page, 'party-group-type', 'Customer');
    await page.getByTestId('party-group-sub-group').fill('Garments');
    await pickSearchOption(page, 'party-group-parties', 'Pacific', 'HKSHP001');
    await page.getByTestId('party-group-save').click();
    await expect(page).toHaveURL(/\/BMS\/party_group_maintenance\/\d+$/);
    await expect(page.getByTestId('party-group-title')).toContainText(name);
    await expect(page.getByTestId('party-group-parties-chosen')).toContainText(
      'HKSHP001 - Pacific Star Garment',
    );

    await page.goto('/BMS/party_group_maintenance/new');
    await page.getByTestId('party-group-name').fill(name.toLowerCase());
    await chooseOption(page, 'party-group-type', 'Agent');
    await page.getByTestId('party-group-save').click();
    await expect(page.getByText(`Party group name ${name.toLowerCase()} already exists`)).toBeVisible();

    await listShows(page, '/BMS/party_group_maintenance', 'party-group-table', RUN, 'Garments');
    await context.close();
  });
});
