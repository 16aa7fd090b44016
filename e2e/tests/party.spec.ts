import { expectAccessible, settled } from '../support/axe';
import { BASE, chooseOption, pickSearchOption, signedInContext } from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

const SIMILAR = {
  party_code: 'CNSZX001',
  party_type: 'SHIPPER',
  short_name: 'Bright Star',
  full_name: 'Shenzhen Bright Star Electronics Co., Ltd.',
  status: 'A',
  address1: 'No. 88 Keji South Road, Nanshan District',
  city: 'Shenzhen',
  zip_postal: '518057',
  country_code: 'CN',
  tel: '+8675586001234',
  address_type: 'BUSINESS',
  contact_type: 'PRIMARY',
  ledger_code: 'L1004',
  tax_id: 'CN91440300',
  credit_limit: '0',
  requester_remarks: 'Existing shipper',
};

/** The party the near-duplicate is compared with: seeded by seedDemoParties, else created here (409 = exists). */
async function ensureSimilarParty(token: string) {
  const res = await fetch(`${BASE}/api/v1/Party`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(SIMILAR),
  });
  expect([201, 409]).toContain(res.status);
}

/** Opens a party as `login` and makes one approval move (confirmed in the dialog). */
async function approveAs(browser: Browser, login: string, url: string, action: string, status: string) {
  const { context, page } = await signedInContext(browser, login);
  await page.goto(url);
  // Act only once the party (and its version) has loaded.
  await expect(page.getByTestId('party-approval-status')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`party-action-${action}`)).toBeEnabled();
  await page.getByTestId(`party-action-${action}`).click();
  await expect(page.getByTestId('party-action-confirm')).toBeVisible();
  await page.getByTestId('party-action-confirm').click();
  await expect(page.getByTestId('party-approval-status')).toHaveText(status);
  return { context, page };
}

/** Fills the General tab of a new party (the other tabs' required fields stay empty). */
async function fillGeneral(page: Page, code: string) {
  await page.getByTestId('party-field-party_code').fill(code);
  await chooseOption(page, 'party-field-party_type', 'Shipper');
  await page.getByTestId('party-field-short_name').fill('Bright Star E2E');
  await page.getByTestId('party-field-full_name').fill('Shenzhen Bright Star Electronic Co Ltd');
  await page.getByTestId('party-field-address1').fill('No. 88 Keji South Rd, Nanshan District');
  await page.getByTestId('party-field-city').fill('Shenzhen');
  await pickSearchOption(page, 'party-field-country_code', 'CN', 'CN - ');
  await page.getByTestId('party-field-tel').fill('+8675586009999');
  await chooseOption(page, 'party-field-address_type', 'Business');
  await chooseOption(page, 'party-field-contact_type', 'Primary');
  await page.getByTestId('party-field-requester_remarks').fill('New shipper nominated by Westcoast Home');
}

async function fillNewParty(page: Page, code: string) {
  await fillGeneral(page, code);
  // Details: a role (check boxes) and a target office (tags with a search box), without antd's Select.
  await page.getByTestId('party-tab-details').click();
  await page.getByTestId('party-field-roles-SHIPPER').check();
  await pickSearchOption(page, 'party-field-target_offices-search', 'HKG', 'HKG');
  await expect(page.getByTestId('party-field-target_offices').locator('.plain-tag')).toContainText('HKG');
  await settled(page);
  await expectAccessible(page, 'party details tab');
  await page.getByTestId('party-tab-ledger').click();
  await page.getByTestId('party-field-ledger_code').fill('L7788');
  await page.getByTestId('party-tab-invoice').click();
  await page.getByTestId('party-field-tax_id').fill('CN914403007788');
}

test.describe('@party approval journey', () => {
  test('ops creates a party (duplicate warning) → manager → finance → SUNAC handled → approved list and picker', async ({
    browser,
  }) => {
    // Four users in turn, each opening the party's form (about 1.5 s of rendering CPU on a free core; 12-15 s
    // per first load on a busy 2-core runner, where the whole journey took 2.1 min in a clean CI run).
    test.setTimeout(300_000);
    const code = `E2E${Date.now().toString().slice(-8)}`;
    const ops = await signedInContext(browser, 'ops@demo.test');
    await ensureSimilarParty(ops.token);
    const page = ops.page;
    await page.goto('/BMS/party');
    await expect(page.getByTestId('party-dashboard')).toBeVisible();
    await page.getByTestId('party-new').click();
    await expect(page).toHaveURL(/\/BMS\/party\/party_maintenance\/new$/);

    // Saving an empty form shows the rules on the fields.
    await page.getByTestId('party-save').click();
    await expect(
      page.getByText('Please enter remarks').or(page.getByText('This field is required')).first(),
    ).toBeVisible();

    await fillNewParty(page, code);
    const warning = page.getByTestId('party-duplicate-warning');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('CNSZX001');
    await expect(warning.getByTestId('party-duplicate-score').first()).toHaveText(/^\d{1,3}\.\d{2}%$/);

    await page.getByTestId('party-save').click();
    await expect(page).toHaveURL(/\/BMS\/party\/party_maintenance\/\d+$/);
    await expect(page.getByTestId('party-approval-status')).toHaveText('Pending management approval');
    // The details tab's choices were saved.
    await page.getByTestId('party-tab-details').click();
    await expect(page.getByTestId('party-field-roles-SHIPPER')).toBeChecked();
    await expect(page.getByTestId('party-field-target_offices').locator('.plain-tag')).toContainText('HKG');
    // Operations may not approve: no approval buttons.
    await expect(page.getByTestId('party-action-management_approve')).toHaveCount(0);
    const url = new URL(page.url()).pathname;
    await ops.context.close();

    const m = await approveAs(browser, 'manager@demo.test', url, 'management_approve', 'Management approved');
    await m.context.close();
    const f = await approveAs(browser, 'finance@demo.test', url, 'approve', 'Approved, pending SUNAC');
    await f.page.getByTestId('party-action-sunac_handle').click();
    await f.page.getByTestId('party-action-confirm').click();
    await expect(f.page.getByTestId('party-approval-status')).toHaveText('SUNAC handled');

    await f.page.getByTestId('party-tab-history').click();
    const history = f.page.getByTestId('status-history');
    await expect(history).toContainText('Mandy Manager');
    await expect(history).toContainText('Fiona Finance');

    await f.page.goto('/BMS/party/party_approved');
    const search = f.page.getByTestId('search-input').locator('input');
    await search.fill(code);
    await search.press('Enter');
    await expect(f.page.getByTestId('party-table')).toContainText(code);
    await f.context.close();

    // …and a party picker offers it (the member picker of a party group).
    const admin = await signedInContext(browser, 'admin@demo.test');
    await admin.page.goto('/BMS/party_group_maintenance/new');
    const members = admin.page.getByTestId('party-group-parties');
    await members.click();
    await members.pressSequentially(code);
    await expect(
      admin.page
        .locator(`[id="${await members.getAttribute('aria-controls')}"]`)
        .getByRole('option')
        .filter({ hasText: code }),
    ).toBeVisible();
    await admin.context.close();

    // …and through the options call itself.
    const opt = await fetch(`${BASE}/api/v1/Master/GetInSelectionOptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ops.token}` },
      body: JSON.stringify({ fetchOptionKey: 'party', searchText: code.toLowerCase() }),
    });
    expect(((await opt.json()) as { text: string }[]).map((o) => o.text.split(' - ')[0])).toContain(code);
  });

  test('a failed save badges the tabs holding errors and focuses the first errored field', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test');
    await page.goto('/BMS/party/party_maintenance/new');
    await expect(page.getByTestId('party-field-party_code')).toBeVisible();
    // Nothing filled: the General tab holds errors and its first field takes the focus.
    await page.getByTestId('party-save').click();
    await expect(page.getByTestId('party-tab-general-errors')).toBeVisible();
    await expect(page.getByTestId('party-field-party_code')).toBeFocused();

    // General complete, Ledger and Invoice still missing their required code: both tabs say so, and the
    // first of them opens with the ledger code focused.
    await fillGeneral(page, `E2T${Date.now().toString().slice(-8)}`);
    await page.getByTestId('party-save').click();
    await expect(page.getByTestId('party-tab-general-errors')).toHaveCount(0);
    await expect(page.getByTestId('party-tab-ledger-errors')).toHaveText('1');
    await expect(page.getByTestId('party-tab-invoice-errors')).toHaveText('1');
    await expect(page.getByRole('tab', { selected: true })).toContainText('Ledger');
    await expect(page.getByTestId('party-field-ledger_code')).toBeFocused();
    // Correcting the field clears its tab's badge; the other tab keeps its own.
    await page.getByTestId('party-field-ledger_code').fill('L7789');
    await expect(page.getByTestId('party-tab-ledger-errors')).toHaveCount(0);
    await expect(page.getByTestId('party-tab-invoice-errors')).toHaveText('1');
    await context.close();
  });

  test('a rejection needs remarks, which then show on the party', async ({ browser }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    const res = await fetch(`${BASE}/api/v1/Party`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ops.token}` },
      body: JSON.stringify({
        ...SIMILAR,
        party_code: `REJ${Date.now().toString().slice(-8)}`,
        full_name: 'Reject Me Trading Ltd',
      }),
    });
    const party = (await res.json()) as { party_id: number };
    await ops.context.close();
    const { context, page } = await signedInContext(browser, 'manager@demo.test');
    await page.goto(`/BMS/party/pending_party_management_approval/party_maintenance/${party.party_id}`);
    await page.getByTestId('party-action-management_reject').click();
    await page.getByTestId('party-remarks-ok').click();
    await expect(page.getByText('Please enter remarks')).toBeVisible();
    await page.getByTestId('party-remarks').fill('Tax ID does not match the business registration');
    await page.getByTestId('party-remarks-ok').click();
    await expect(page.getByTestId('party-approval-status')).toHaveText('Management rejected');
    await expect(page.getByTestId('party-approval-remarks')).toContainText('Tax ID does not match');
    await page.getByTestId('party-back').click();
    await expect(page).toHaveURL(/\/BMS\/party\/pending_party_management_approval/);
    await context.close();
  });
});
