import { api, containerNo } from '../support/booking-api';
import {
  CONSENT_COOKIE,
  confirmDialog,
  PASSWORD,
  pickSearchOption,
  signedInContext,
} from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

interface Booking {
  so_no: string;
  version: number;
  containers: Record<string, unknown>[];
}
interface CompareRow {
  sailing_id: number;
  rate_id: number | null;
  carrier_code: string;
  voyage: string;
}

let serial = 700_000 + (Date.now() % 100_000);

/**
 * A CONFIRMED manual booking CNSHA → USLAX made by operations through the API: a copy of the demo US
 * booking PO-WC-24350 (agent CNSHA001, consignee USLAX001; ISF filled), its containers given numbers,
 * seals and carrier booking numbers, then the confirm action. The consignee and the agent own it.
 */
async function confirmedBooking(token: string, po: string): Promise<Booking> {
  const found = await api<{ rows: { so_no: string }[] }>(
    token,
    'GET',
    '/Booking/list/search_booking?q=PO-WC-24350',
  );
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  const source = found.body.rows[0]?.so_no;
  expect(source, 'demo booking PO-WC-24350').toBeTruthy();
  const copy = await api<Record<string, unknown> & { containers: Record<string, unknown>[] }>(
    token,
    'GET',
    `/Booking/${source}/copy`,
  );
  expect(copy.status, JSON.stringify(copy.body)).toBe(200);
  const body = {
    ...copy.body,
    po_no: po,
    containers: copy.body.containers.map((c) => ({
      ...c,
      container_no: containerNo('TGHU', serial++),
      seal_no: `SL${serial}`,
      carrier_booking_no: `COSU${serial}`,
    })),
  };
  const made = await api<Booking>(token, 'POST', '/Booking', body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const confirmed = await api<Booking>(token, 'POST', `/Booking/${made.body.so_no}/actions/confirm`, {
    version: made.body.version,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return confirmed.body;
}

/** The booking's candidates COSU and MSCU (the two demo sailings CNSHA → USLAX). */
async function candidates(token: string, soNo: string): Promise<CompareRow[]> {
  const res = await api<{ rows: CompareRow[] }>(token, 'GET', `/BookingApproval/${soNo}/compare`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.rows.length).toBeGreaterThanOrEqual(2);
  return res.body.rows;
}

/** Proposes sailings and (optionally) requests approval through the API. */
async function proposeByApi(token: string, soNo: string, rows: CompareRow[], request: boolean) {
  let version = (await api<{ version: number }>(token, 'GET', `/BookingApproval/${soNo}`)).body.version;
  const proposed = await api<{ version: number }>(token, 'POST', `/BookingApproval/${soNo}/actions/propose`, {
    version,
    proposals: rows.map((r) => ({ sailing_id: r.sailing_id, rate_id: r.rate_id })),
  });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  version = proposed.body.version;
  if (!request) return;
  const asked = await api(token, 'POST', `/BookingApproval/${soNo}/actions/request_approval`, { version });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
}

/** Searches an approval list for one SO and opens it (the detail opens on the Booking Approval tab). */
async function openFromList(page: Page, list: string, soNo: string) {
  // The dashboard has loaded its counts (the cards no longer move), then the card opens its list.
  await expect(page.getByTestId(`approval-count-${list}`)).toHaveText(/^\d[\d,]*\+?$/);
  await page.getByTestId(`approval-list-${list}`).click();
  await expect(page).toHaveURL(new RegExp(`/BMS/enhance_booking_approval/${list}$`));
  await expect(page.getByTestId(`approval-list-${list}`)).toHaveAttribute('aria-current', 'page');
  const search = page.getByTestId('search-input').locator('input');
  await search.fill(soNo);
  await search.press('Enter');
  await page.getByTestId(`approval-link-${soNo}`).click();
  // The detail is a heavy page (13 tabs, side panels): allow it time to settle on a busy machine.
  await expect(page.getByTestId('booking-title')).toContainText(soNo, { timeout: 60_000 });
  await expect(page.getByTestId('approval-panel')).toBeVisible({ timeout: 30_000 });
}

/** Runs an approval action and confirms it. */
async function act(page: Page, action: string) {
  await page.getByTestId(`approval-action-${action}`).click();
  await confirmDialog(page, 'approval-confirm-ok');
}

/** Signs in through the login form (the landing page is the caller's to check). */
async function formSignIn(browser: Browser, login: string) {
  const context = await browser.newContext();
  await context.addCookies([CONSENT_COOKIE]);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-username').fill(login);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  return { context, page };
}

test.describe('booking approval', () => {
  test('(a) ops propose two sailings and request approval → the consignee approves one → booking approved', async ({
    browser,
  }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    const booking = await confirmedBooking(ops.token, `PO-APR-A-${Date.now() % 100000}`);
    const soNo = booking.so_no;
    const p = ops.page;

    await p.goto('/BMS/enhance_booking_approval');
    await expect(p.getByTestId('approval-dashboard-title')).toHaveText('Booking Approval');
    await openFromList(p, 'pending_for_approval', soNo);
    await expect(p.getByTestId('approval-status')).toHaveText('No approval yet');

    // Propose sailings: the comparison of this SO, two rows chosen.
    await p.getByTestId('approval-action-propose').click();
    const table = p.getByTestId(`compare-table-${soNo}`);
    await expect(table).toBeVisible();
    await expect(table.locator('[data-testid^="compare-cheapest-"]').first()).toBeVisible();
    for (const carrier of ['COSU', 'MSCU']) {
      await table
        .locator(`tr[data-testid^="compare-row-${soNo}-${carrier}-"]`)
        .first()
        .locator('input[type="checkbox"]')
        .check();
    }
    await expect(p.getByTestId('approval-propose-ok')).toHaveText(/2/);
    await p.getByTestId('approval-propose-ok').click();
    await expect(p.getByTestId('approval-status')).toHaveText('Request for approval');
    await expect(p.getByTestId('approval-proposal-2')).toBeVisible();

    await act(p, 'request_approval');
    await expect(p.getByTestId('approval-status')).toHaveText('Pending customer');
    await ops.context.close();

    // The consignee signs in with the form and lands on booking approval.
    const consignee = await formSignIn(browser, 'consignee@demo.test');
    const c = consignee.page;
    await expect(c).toHaveURL(/\/BMS\/enhance_booking_approval$/);
    await expect(c.getByTestId('approval-dashboard-title')).toBeVisible();
    await openFromList(c, 'pending_customer_approval', soNo);
    await expect(c.getByTestId('approval-status')).toHaveText('Pending customer');
    // Two sailings: one must be chosen before approving.
    await expect(c.getByTestId('approval-action-approve')).toBeDisabled();
    await c.getByTestId('approval-choose-2').click();
    await act(c, 'approve');
    await expect(c.getByTestId('approval-status')).toHaveText('Approved');
    await expect(c.getByTestId('approval-selected-2')).toBeVisible();
    await consignee.context.close();

    // Operations find it in Booking Approved.
    const ops2 = await signedInContext(browser, 'ops@demo.test');
    await ops2.page.goto('/BMS/enhance_booking_approval/booking_approved');
    const search = ops2.page.getByTestId('search-input').locator('input');
    await search.fill(soNo);
    await search.press('Enter');
    await expect(ops2.page.getByTestId(`approval-link-${soNo}`)).toBeVisible();
    await expect(ops2.page.getByTestId(`approval-row-status-${soNo}`)).toHaveText('Approved');
    await ops2.context.close();
  });

  test('(b) the customer rejects with a required reason → booking rejected', async ({ browser }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    const booking = await confirmedBooking(ops.token, `PO-APR-B-${Date.now() % 100000}`);
    const soNo = booking.so_no;
    await proposeByApi(ops.token, soNo, (await candidates(ops.token, soNo)).slice(0, 2), true);
    await ops.context.close();

    const consignee = await signedInContext(browser, 'consignee@demo.test');
    const c = consignee.page;
    await c.goto('/BMS/enhance_booking_approval');
    await openFromList(c, 'pending_customer_approval', soNo);
    await c.getByTestId('approval-action-reject').click();
    // Without a reason the dialog refuses.
    await c.getByTestId('approval-reason-ok').click();
    await expect(c.getByText('Please enter a reason.')).toBeVisible();
    await c.getByTestId('approval-reason').fill('Transit too long for this order');
    await confirmDialog(c, 'approval-reason-ok');
    await expect(c.getByTestId('approval-status')).toHaveText('Rejected');
    await expect(c.getByTestId('approval-reason-text')).toHaveText('Transit too long for this order');

    await c.getByTestId('booking-back').click();
    await expect(c).toHaveURL(/\/BMS\/enhance_booking_approval\/pending_customer_approval/);
    await c.getByTestId('approval-list-booking_rejected').click();
    const search = c.getByTestId('search-input').locator('input');
    await search.fill(soNo);
    await search.press('Enter');
    await expect(c.getByTestId(`approval-link-${soNo}`)).toBeVisible();
    await consignee.context.close();
  });

  test('(c) booking advice is refused with two proposed sailings and given with one', async ({ browser }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    const booking = await confirmedBooking(ops.token, `PO-APR-C-${Date.now() % 100000}`);
    const soNo = booking.so_no;
    await proposeByApi(ops.token, soNo, (await candidates(ops.token, soNo)).slice(0, 2), false);
    const p = ops.page;
    await p.goto(`/BMS/enhance_booking_approval/request_approval/shipping_order/${soNo}`);
    await expect(p.getByTestId('approval-status')).toHaveText('Request for approval', { timeout: 60_000 });

    await act(p, 'booking_advice');
    await expect(
      p.getByText('Booking advice is only possible when exactly one sailing is proposed.'),
    ).toBeVisible();
    await expect(p.getByTestId('approval-status')).toHaveText('Request for approval');

    // Propose only the COSU sailing (the current two come preselected), then give booking advice.
    await p.getByTestId('approval-action-propose').click();
    const table = p.getByTestId(`compare-table-${soNo}`);
    const mscu = table
      .locator(`tr[data-testid^="compare-row-${soNo}-MSCU-"]`)
      .first()
      .locator('input[type="checkbox"]');
    await expect(mscu).toBeChecked();
    await mscu.uncheck();
    await expect(p.getByTestId('approval-propose-ok')).toHaveText(/1/);
    await p.getByTestId('approval-propose-ok').click();
    await expect(p.getByTestId('approval-proposal-2')).toHaveCount(0);
    await expect(p.getByTestId('approval-proposal-1')).toContainText('COSU');

    await act(p, 'booking_advice');
    await expect(p.getByTestId('approval-status')).toHaveText('Booking advice');
    await expect(p.getByTestId('approval-selected-1')).toBeVisible();
    await ops.context.close();
  });
  test('(d) compareso proposes for an SO from the URL; a new booking takes its routing template', async ({
    browser,
  }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    const booking = await confirmedBooking(ops.token, `PO-APR-D-${Date.now() % 100000}`);
    const soNo = booking.so_no;
    const p = ops.page;
    await p.goto(`/BMS/compareso?so_nos=${soNo}`);
    await expect(p.getByTestId('compare-title')).toHaveText('Rate & Sailing Comparison');
    const card = p.getByTestId(`compare-card-${soNo}`);
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.locator('[data-testid^="compare-cheapest-"]').first()).toBeVisible();
    await expect(card.locator('[data-testid^="compare-fastest-"]').first()).toBeVisible();
    await card
      .locator(`tr[data-testid^="compare-row-${soNo}-COSU-"]`)
      .first()
      .locator('input[type="checkbox"]')
      .check();
    await p.getByTestId(`compare-propose-${soNo}`).click();
    await expect(p.getByText(`Propose sailings: done for ${soNo}.`)).toBeVisible();
    await expect(card.getByText('Proposed')).toBeVisible();
    const approval = await api<{ approval_status: string; proposals: unknown[] }>(
      ops.token,
      'GET',
      `/BookingApproval/${soNo}`,
    );
    expect(approval.body.approval_status).toBe('REQUEST_FOR_APPROVAL');
    expect(approval.body.proposals).toHaveLength(1);

    // Routing template "HK Customer to Los Angeles (demo)": HKCUS001 → USLAX001 fills POD, PLD and FD.
    await p.goto('/BMS/enhance_booking/shipping_order/new');
    await expect(p.getByTestId('booking-title')).toHaveText('New Booking', { timeout: 60_000 });
    await pickSearchOption(p, 'booking-field-customer_id', 'HKCUS001', 'HKCUS001');
    await pickSearchOption(p, 'booking-field-consignee_id', 'USLAX001', 'USLAX001');
    await expect(p.getByTestId('routing-template-applied')).toContainText(
      'HK Customer to Los Angeles (demo)',
    );
    for (const f of ['pod', 'pld', 'fd']) {
      await expect(p.getByTestId(`booking-field-${f}`)).toHaveValue(/USLAX/);
    }
    await ops.context.close();
  });
});
