import { api } from '../support/booking-api';
import { fillDate, signedInContext } from '../support/session';
import { type BrowserContext, expect, type Page, test } from '../support/test';

/**
 * 000 §4 cross-tab signals and 000 §7's cargo platform hand-off: tabs of one browser (one context shares
 * localStorage, so a flag written in one tab raises a storage event in the others).
 */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

interface Booking {
  so_no: string;
  version: number;
  pol: string;
  pod: string;
  etd: string;
  vessel_name: string | null;
}
interface Sailing {
  sailing_schedule_id: number;
  version: number;
}

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A new manual booking made by the admin through the API: a copy of the demo booking PO-WC-24350. */
async function newBooking(token: string, po: string): Promise<Booking> {
  const found = await api<{ rows: { so_no: string }[] }>(
    token,
    'GET',
    '/Booking/list/search_booking?q=PO-WC-24350',
  );
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  const source = found.body.rows[0]?.so_no;
  expect(source, 'demo booking PO-WC-24350').toBeTruthy();
  const copy = await api<Record<string, unknown>>(token, 'GET', `/Booking/${source}/copy`);
  expect(copy.status, JSON.stringify(copy.body)).toBe(200);
  const made = await api<Booking>(token, 'POST', '/Booking', { ...copy.body, po_no: po, containers: [] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

/** A screen's first paint on a cold page of a busy 2-core runner (lazy chunks, translations) can exceed 20 s. */
const FIRST_PAINT = { timeout: 60_000 };

/** Opens a booking's detail in `page` and waits for its form. */
async function openBooking(page: Page, soNo: string) {
  // the tab a user opens a screen in is in front; Chromium holds a background tab's first paint
  await page.bringToFront();
  await page.goto(`/BMS/enhance_booking/shipping_order/${soNo}`);
  await expect(page.getByTestId('booking-title')).toContainText(soNo, FIRST_PAINT);
  await expect(page.getByTestId('booking-field-po_no')).not.toHaveValue('');
}

async function newTab(context: BrowserContext): Promise<Page> {
  return context.newPage();
}

test.describe('@cross-tab signals and @cargo-platform', () => {
  test('a sailing schedule edited in one tab shows its new cut-off on the booking open in another, unsaved input kept', async ({
    browser,
  }) => {
    const { context, page: bookingTab, token } = await signedInContext(browser, 'admin@demo.test');
    const booking = await newBooking(token, `XT-${RUN}`);
    const vessel = `CROSS TAB ${RUN}`;
    const cfsBefore = `${addDays(booking.etd, -3)}T10:00`;
    const cfsAfter = `${addDays(booking.etd, -3)}T16:30`;
    const sailing = await api<Sailing>(token, 'POST', '/SailingSchedule', {
      carrier_code: 'COSU',
      vessel_name: vessel,
      voyage: RUN,
      pol: booking.pol,
      pod: booking.pod,
      etd: booking.etd,
      eta: addDays(booking.etd, 20),
      cfs_cutoff: cfsBefore,
      cy_cutoff: `${addDays(booking.etd, -2)}T10:00`,
      status: 'A',
      is_tbc: false,
      is_manual: false,
      legs: [],
    });
    expect(sailing.status, JSON.stringify(sailing.body)).toBe(201);

    // Tab 1: the booking, its Related sailings panel listing the sailing with the old CFS cut-off, and
    // something typed but not saved.
    await openBooking(bookingTab, booking.so_no);
    const related = bookingTab
      .getByTestId('related-sailings')
      .getByRole('listitem')
      .filter({ hasText: vessel });
    // Shown as the port's local date-time, never the stored ISO text (issue 39): "2026-11-30 10:00".
    await expect(related).toContainText(`CFS ${cfsBefore.replace('T', ' ')}`);
    await bookingTab.getByTestId('booking-field-shipper_ref').fill(`UNSAVED-${RUN}`);

    // Tab 2: the sailing's maintenance screen; the CFS cut-off moves and is saved.
    const sailingTab = await newTab(context);
    await sailingTab.bringToFront();
    await sailingTab.goto(`/BMS/sailing_schedule_maintenance/${sailing.body.sailing_schedule_id}`);
    await expect(sailingTab.getByTestId('sailing-title')).toContainText(RUN, FIRST_PAINT);
    // A native date-time input (issue 20): fillDate writes and checks its value.
    await fillDate(sailingTab, 'sailing-cfs_cutoff', cfsAfter);
    await sailingTab.getByTestId('sailing-save').click();
    await expect(sailingTab.getByText(`Sailing ${vessel} ${RUN} saved`)).toBeVisible();

    // Tab 1, never reloaded: the panel shows the new cut-off and the typed input is still there.
    await expect(related).toContainText(`CFS ${cfsAfter.replace('T', ' ')}`);
    await expect(bookingTab.getByTestId('booking-field-shipper_ref')).toHaveValue(`UNSAVED-${RUN}`);
    await context.close();
  });

  test("the compare screen's Cargo platform action opens the platform with a valid token; another compare tab learns the expiry", async ({
    browser,
  }) => {
    const { context, page: compareTab, token } = await signedInContext(browser, 'admin@demo.test');
    const booking = await newBooking(token, `XC-${RUN}`);
    // The compare screen in two tabs: the cargo platform action opens the stand-in with a valid token
    // for the signed-in user, and the other compare tab learns until when the platform access lasts.
    const otherCompareTab = await newTab(context);
    // A tab opening a screen is in front (Chromium holds a background tab's first paint); the signal then
    // reaches the other one while it is behind.
    for (const p of [otherCompareTab, compareTab]) {
      await p.bringToFront();
      await p.goto(`/BMS/compareso?so_nos=${booking.so_no}`);
      await expect(p.getByTestId('compare-title')).toBeVisible(FIRST_PAINT);
      await expect(p.getByTestId('cargo-platform-open')).toBeVisible();
    }
    await expect(otherCompareTab.getByTestId('cargo-platform-until')).toHaveCount(0);
    const opened = context.waitForEvent('page');
    await compareTab.getByTestId('cargo-platform-open').click();
    const platform = await opened;
    await expect(platform.getByTestId('cargo-subject')).toHaveText('admin@demo.test');
    const accessToken = new URL(platform.url()).searchParams.get('access_token');
    expect(accessToken).toBeTruthy();
    const me = await fetch(new URL('/api/me', platform.url()), {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ subject: 'admin@demo.test' });
    await expect(compareTab.getByTestId('cargo-platform-until')).toBeVisible();
    await expect(otherCompareTab.getByTestId('cargo-platform-until')).toHaveText(
      (await compareTab.getByTestId('cargo-platform-until').textContent()) ?? '',
    );
    await context.close();
  });

  test("a booking's house-bill sailing saved in one tab shows in another tab on the same booking", async ({
    browser,
  }) => {
    const { context, page: editTab, token } = await signedInContext(browser, 'admin@demo.test');
    const booking = await newBooking(token, `XH-${RUN}`);
    const watchTab = await newTab(context);
    await openBooking(editTab, booking.so_no);
    await openBooking(watchTab, booking.so_no);
    const vessel = `HBL VESSEL ${RUN}`;
    // back to the first tab to change the sailing; the other one stays open behind it
    await editTab.bringToFront();
    await editTab.getByTestId('booking-field-vessel_name').fill(vessel);
    await editTab.getByTestId('booking-save').click();
    await expect(editTab.getByText(`${booking.so_no} saved`, { exact: false })).toBeVisible();
    await expect(watchTab.getByTestId('booking-field-vessel_name')).toHaveValue(vessel);
    await context.close();
  });
});
