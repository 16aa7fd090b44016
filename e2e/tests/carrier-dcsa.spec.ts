import { api } from '../support/booking-api';
import { signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

// Issue 42, live carrier connectivity over DCSA: the demo carrier COSU is connected to the carrier DCSA stand-in
// (standins/carrier-dcsa, started by playwright.config.ts; the seed's connection, carrier-link.seed.ts). Ops opens a
// demo consolidation plan of that carrier, sends it, and the carrier booking panel shows the carrier's
// "Confirmed" and its booking reference without a reload (the stand-in confirms after its delay and posts its
// notification; the panel reads itself again while the carrier works); ops then takes the carrier's values.
// The same panel on a confirmed FCL booking of COSU (its Carrier Booking tab), and the master bill's round trip:
// shipping instructions → the carrier's draft transport document → review → approve → issued, whose number
// becomes the bill's carrier MBL no. Every wait is on the page's state (no sleeps, no repeated clicks).

interface CarrierView {
  connected: boolean;
  carrier_code: string | null;
  exchange: { carrier_status: string | null } | null;
  can: { send: boolean };
}

/** Marks the page: a reload would drop the mark, so finding it later proves the page was not reloaded. */
const mark = (p: Page) =>
  p.evaluate(() => {
    (window as unknown as { carrierJourneyMark: boolean }).carrierJourneyMark = true;
  });
const marked = (p: Page) =>
  p.evaluate(() => (window as unknown as { carrierJourneyMark?: boolean }).carrierJourneyMark === true);

/** A demo plan whose carrier is connected and that was never sent to it (so the journey runs on any database). */
async function connectedPlan(token: string): Promise<string> {
  const list = await api<{ rows: { consol_no: string }[] }>(
    token,
    'GET',
    '/Consolidation/list/search_consolidation?q=DEMO&pageSize=100&sort=consol_no&order=asc',
  );
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  for (const { consol_no } of list.body.rows) {
    const view = await api<CarrierView>(
      token,
      'GET',
      `/Consolidation/${encodeURIComponent(consol_no)}/carrier`,
    );
    if (view.status === 200 && view.body.connected && view.body.exchange === null && view.body.can.send)
      return consol_no;
  }
  throw new Error('no demo plan whose carrier is connected to the DCSA stand-in and not sent yet');
}

test.describe('carrier DCSA', () => {
  test('ops sends a plan to its connected carrier, sees "Confirmed" and the carrier booking reference without reloading, and accepts the differences', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const ops = await signedInContext(browser, 'ops@demo.test');
    const consolNo = await connectedPlan(ops.token);
    const p = ops.page;

    await p.goto(`/BMS/consolidation/consolidation_management/${encodeURIComponent(consolNo)}`);
    await expect(p.getByTestId('consol-title')).toHaveText(consolNo, { timeout: 90_000 });
    const panel = p.getByTestId('carrier-booking');
    await expect(panel.getByTestId('carrier-booking-not-sent')).toBeVisible({ timeout: 60_000 });
    // A reload would drop this mark: the confirmation must arrive in the same page.
    await p.evaluate(() => {
      (window as unknown as { carrierJourneyMark: boolean }).carrierJourneyMark = true;
    });

    // Send, confirmed through the app's dialog.
    await panel.getByTestId('carrier-booking-send').click();
    const ok = p.getByTestId('carrier-booking-confirm-ok');
    await ok.click();
    await expect(ok).toBeHidden();

    // The carrier's answers arrive by themselves: first its reference for the request, then "Confirmed".
    await expect(panel.getByTestId('carrier-booking-request-ref')).not.toHaveText('—', { timeout: 60_000 });
    await expect(panel.getByTestId('carrier-booking-status')).toHaveText('Confirmed', { timeout: 90_000 });
    await expect(panel.getByTestId('carrier-booking-link')).toHaveText('In sync');
    const bookingRef = panel.getByTestId('carrier-booking-booking-ref');
    await expect(bookingRef).toHaveText(/\w{4,}/);
    const reference = ((await bookingRef.textContent()) ?? '').trim();
    expect(
      await p.evaluate(() => (window as unknown as { carrierJourneyMark?: boolean }).carrierJourneyMark),
      'the page was not reloaded',
    ).toBe(true);
    // The history says what happened, newest first.
    await expect(panel.getByTestId('carrier-booking-history-line').first()).toBeVisible();
    await expect(panel.getByTestId('carrier-booking-history')).toContainText('Carrier notification');

    // The carrier's confirmed booking against the plan: its booking reference among the differences, ticked.
    const diff = panel.getByTestId('carrier-booking-diff');
    const refRow = diff.getByTestId('carrier-booking-diff-row-carrier_booking_no');
    await expect(refRow).toContainText(reference);
    await expect(refRow.getByRole('checkbox')).toBeChecked();
    await diff.getByTestId('carrier-booking-diff-accept').click();
    // Taken into the plan: that difference is gone and the plan was read again (still the same page).
    await expect(p.getByTestId('carrier-booking-diff-row-carrier_booking_no')).toHaveCount(0, {
      timeout: 30_000,
    });
    await expect(p.getByTestId('carrier-booking-status')).toHaveText('Confirmed');
    expect(
      await p.evaluate(() => (window as unknown as { carrierJourneyMark?: boolean }).carrierJourneyMark),
    ).toBe(true);
  });

  test('ops sends a confirmed FCL booking to its connected carrier from the Carrier Booking tab, sees "Confirmed" and the carrier booking reference without reloading, and accepts the differences', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const ops = await signedInContext(browser, 'ops@demo.test');
    const booking = await connectedBooking(ops.token);
    const p = ops.page;

    await p.goto(
      `/BMS/enhance_booking/${booking.is_e_booking ? 'e_booking' : 'shipping_order'}/${booking.so_no}`,
    );
    await expect(p.getByTestId('booking-title')).toContainText(booking.so_no, { timeout: 90_000 });
    await p.getByTestId('booking-tab-carrier_booking').click();
    const tab = p.getByTestId('carrier-booking-tab');
    const panel = tab.getByTestId('carrier-booking');
    await expect(panel.getByTestId('carrier-booking-not-sent')).toBeVisible({ timeout: 60_000 });
    // The carrier is connected: the panel sends the booking, the tab's manual "Submit booking" is not offered.
    await expect(tab.getByTestId('carrier-submit')).toHaveCount(0);
    await expect(tab.getByTestId('booking-carrier-status')).toHaveText('Not sent');
    await mark(p);

    await panel.getByTestId('carrier-booking-send').click();
    const ok = p.getByTestId('carrier-booking-confirm-ok');
    // The dialog names the booking (the plan's says "plan").
    await expect(p.getByRole('dialog')).toContainText(`Send booking ${booking.so_no} to COSU?`);
    await ok.click();
    await expect(ok).toBeHidden();

    // Sending marked the booking itself as submitted: the booking was read again (same page).
    await expect(tab.getByTestId('booking-carrier-status')).toHaveText('Submitted', { timeout: 60_000 });
    await expect(panel.getByTestId('carrier-booking-request-ref')).not.toHaveText('—', { timeout: 60_000 });
    await expect(panel.getByTestId('carrier-booking-status')).toHaveText('Confirmed', { timeout: 90_000 });
    await expect(panel.getByTestId('carrier-booking-link')).toHaveText('In sync');
    const bookingRef = panel.getByTestId('carrier-booking-booking-ref');
    await expect(bookingRef).toHaveText(/\w{4,}/);
    const reference = ((await bookingRef.textContent()) ?? '').trim();
    expect(await marked(p), 'the page was not reloaded').toBe(true);

    // The carrier's booking against ours: its booking reference ticked, and a booking takes the cut-offs too.
    const diff = panel.getByTestId('carrier-booking-diff');
    await expect(diff.getByText("The carrier's booking differs from ours")).toBeVisible();
    const refRow = diff.getByTestId('carrier-booking-diff-row-carrier_booking_no');
    await expect(refRow).toContainText(reference);
    await expect(refRow.getByRole('checkbox')).toBeChecked();
    await diff.getByTestId('carrier-booking-diff-accept').click();
    // Taken into the booking: the difference is gone and every container carries the carrier's booking no.
    await expect(panel.getByTestId('carrier-booking-diff-row-carrier_booking_no')).toHaveCount(0, {
      timeout: 30_000,
    });
    await expect(tab.getByTestId('carrier-containers')).toContainText(reference, { timeout: 30_000 });
    await expect(panel.getByTestId('carrier-booking-status')).toHaveText('Confirmed');
    expect(await marked(p)).toBe(true);
    await ops.context.close();
  });

  test('ops submits a master bill’s shipping instructions, reviews and approves the carrier’s draft, and sees the issued number as the carrier MBL no. without reloading', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const ops = await signedInContext(browser, 'ops@demo.test');
    const mblNo = await connectedDraftBill(ops.token);
    const p = ops.page;

    await p.goto(`/BMS/master_bl/master_bl/${encodeURIComponent(mblNo)}`);
    await expect(p.getByTestId('mbl-title')).toHaveText(mblNo, { timeout: 90_000 });
    const panel = p.getByTestId('carrier-ebl');
    await expect(panel.getByTestId('carrier-ebl-submit')).toBeVisible({ timeout: 60_000 });
    await expect(p.getByTestId('mbl-field-carrier_mbl_no')).toHaveValue('');
    await mark(p);

    // Submit the shipping instructions, confirmed through the app's dialog.
    await panel.getByTestId('carrier-ebl-submit').click();
    const ok = p.getByTestId('carrier-ebl-confirm-ok');
    await ok.click();
    await expect(ok).toBeHidden();

    // The carrier's reference for the instructions, then its draft transport document, arrive by themselves.
    await expect(panel.getByTestId('carrier-ebl-si-ref')).not.toHaveText('—', { timeout: 90_000 });
    await expect(panel.getByTestId('carrier-ebl-td-status')).toHaveText('Draft', { timeout: 90_000 });
    const tdRef = ((await panel.getByTestId('carrier-ebl-td-ref').textContent()) ?? '').trim();
    expect(tdRef).toMatch(/\w{4,}/);
    expect(await marked(p), 'the page was not reloaded').toBe(true);

    // Approval waits for the review: the carrier's draft against the bill, every takeable row ticked, accepted.
    const approve = panel.getByTestId('carrier-ebl-approve');
    await expect(approve).toBeDisabled();
    const diff = panel.getByTestId('carrier-ebl-diff');
    await expect(diff.getByTestId('carrier-ebl-diff-accept')).toHaveText('Accept selected');
    await diff.getByTestId('carrier-ebl-diff-accept').click();
    await expect(diff.getByText(/The carrier's document was reviewed/)).toBeVisible({ timeout: 30_000 });

    // Approve the draft: the carrier issues it, and its number becomes the bill's carrier MBL no.
    await expect(approve).toBeEnabled();
    await approve.click();
    const approveOk = p.getByTestId('carrier-ebl-approve-ok');
    await approveOk.click();
    await expect(approveOk).toBeHidden();
    await expect(panel.getByTestId('carrier-ebl-td-status')).toHaveText('Issued', { timeout: 90_000 });
    await expect(panel.getByTestId('carrier-ebl-issued')).toHaveText(
      `Issued by the carrier: carrier MBL no. ${tdRef.toUpperCase()}`,
    );
    await expect(p.getByTestId('mbl-field-carrier_mbl_no')).toHaveValue(tdRef.toUpperCase(), {
      timeout: 30_000,
    });
    expect(await marked(p), 'the page was not reloaded').toBe(true);
    await ops.context.close();
  });
});

interface BookingRow {
  so_no: string;
  status: string;
  service_type: string;
  carrier_code: string | null;
  is_e_booking: boolean;
}

/**
 * A confirmed FCL demo booking of COSU (connected) never sent to the carrier, from the demo's named POs, with
 * containers (the carrier's booking no. goes onto them: without containers it is shown to compare only).
 */
async function connectedBooking(token: string): Promise<BookingRow> {
  for (const po of ['PO-WC-24650', 'PO-WC-24500', 'PO-WC-24410']) {
    const list = await api<{ rows: BookingRow[] }>(token, 'GET', `/Booking/list/search_booking?q=${po}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const rows = list.body.rows.filter(
      (r) => r.status === 'CONFIRMED' && r.service_type === 'FCL' && r.carrier_code === 'COSU',
    );
    for (const row of rows) {
      const view = await api<CarrierView>(token, 'GET', `/Booking/${encodeURIComponent(row.so_no)}/carrier`);
      if (view.status !== 200 || !view.body.connected || view.body.exchange !== null || !view.body.can.send)
        continue;
      const one = await api<{ containers: unknown[] }>(
        token,
        'GET',
        `/Booking/${encodeURIComponent(row.so_no)}`,
      );
      if (one.status === 200 && one.body.containers.length > 0) return row;
    }
  }
  throw new Error('no confirmed FCL demo booking of COSU connected to the DCSA stand-in and not sent yet');
}

interface MblCarrierView {
  connected: boolean;
  si: unknown;
  can: { submit: boolean };
}

/** A draft demo master bill of a connected carrier, without carrier MBL no., whose SI were never submitted. */
async function connectedDraftBill(token: string): Promise<string> {
  const list = await api<{
    rows: { mbl_no: string; carrier_mbl_no: string | null; consol_no: string | null }[];
  }>(token, 'GET', '/MasterBL/list/search_master_bl?status=DRAFT&pageSize=100&sort=mbl_no&order=asc');
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  // The plans' bills first: the demo plans' SOs carry HS codes, numbered and sealed containers (valid SI).
  const rows = list.body.rows
    .filter((r) => !r.carrier_mbl_no)
    .sort((a, b) => Number(!a.consol_no) - Number(!b.consol_no));
  for (const { mbl_no } of rows) {
    const view = await api<MblCarrierView>(token, 'GET', `/MasterBL/${encodeURIComponent(mbl_no)}/carrier`);
    if (view.status === 200 && view.body.connected && view.body.si === null && view.body.can.submit)
      return mbl_no;
  }
  throw new Error(
    'no draft demo master bill whose carrier is connected to the DCSA stand-in and not submitted yet',
  );
}
