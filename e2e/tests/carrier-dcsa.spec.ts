import { api } from '../support/booking-api';
import { signedInContext } from '../support/session';
import { expect, test } from '../support/test';

// Issue 42, live carrier connectivity over DCSA: the demo carrier COSU is connected to the carrier DCSA stand-in
// (standins/carrier-dcsa, started by playwright.config.ts; the seed's connection, carrier-link.seed.ts). Ops opens a
// demo consolidation plan of that carrier, sends it, and the carrier booking panel shows the carrier's
// "Confirmed" and its booking reference without a reload (the stand-in confirms after its delay and posts its
// notification; the panel reads itself again while the carrier works); ops then takes the carrier's values.

interface CarrierView {
  connected: boolean;
  carrier_code: string | null;
  exchange: { carrier_status: string | null } | null;
  can: { send: boolean };
}

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
});
