import { api, eBookingBody } from '../support/booking-api';
import { signedInContext } from '../support/session';
import { expect, test } from '../support/test';

/**
 * The shipper submits an e-booking (through the API: the form itself is booking.spec's journey) for the HKG
 * office; answers its SO#.
 */
async function submitEBooking(token: string): Promise<string> {
  const res = await api<{ so_no: string }>(
    token,
    'POST',
    '/Booking',
    await eBookingBody(token, `PO-NTF-${Date.now() % 100000}`),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.so_no;
}

/** Subjects of the dev mailbox's newest messages to `to` (admin only). */
async function mailSubjects(adminToken: string, to: string): Promise<string[]> {
  const res = await api<{ rows: { to: string; subject: string }[] }>(adminToken, 'GET', '/Admin/DevMailbox');
  expect(res.status).toBe(200);
  return res.body.rows.filter((m) => m.to === to).map((m) => m.subject);
}

test.describe('notifications', () => {
  test('ops sees the bell rise and a popup without reloading, opens the booking, marks all read; e-mail off sends no mail', async ({
    browser,
  }) => {
    const shipper = await signedInContext(browser, 'shipper@demo.test');
    const admin = await signedInContext(browser, 'admin@demo.test');
    const ops = await signedInContext(browser, 'ops@demo.test');
    const page = ops.page;
    // a clean start: nothing unread
    expect((await api<boolean>(ops.token, 'POST', '/markAllNotificationMessagesAsRead', {})).body).toBe(true);
    await page.goto('/BMS/enhance_booking');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAttribute('data-count', '0');

    const soNo = await submitEBooking(shipper.token);
    // without any reload: the count rises and a popup names the booking
    await expect(bell).toHaveAttribute('data-count', '1');
    const popup = page.getByTestId('notification-popup-link');
    await expect(popup).toContainText(soNo);

    // the centre lists it; clicking it opens the booking and marks it read
    await bell.click();
    const item = page.getByTestId('notification-item').filter({ hasText: soNo });
    await expect(item).toHaveAttribute('data-read', 'false');
    await item.getByTestId('notification-open').click();
    await expect(page).toHaveURL(new RegExp(`/shipping_order/${soNo}$`));
    // the booking's screen is open (its breadcrumb names the SO#)
    await expect(page.getByTestId('breadcrumb')).toContainText(soNo);
    await expect(bell).toHaveAttribute('data-count', '0');

    // mark all read from the centre (one more unread first, raised by a second e-booking)
    const second = await submitEBooking(shipper.token);
    await expect(bell).toHaveAttribute('data-count', '1');
    await bell.click();
    await expect(page.getByTestId('notification-item').filter({ hasText: second })).toHaveAttribute(
      'data-read',
      'false',
    );
    await page.getByTestId('notification-mark-all').click();
    await expect(bell).toHaveAttribute('data-count', '0');
    await expect(page.getByTestId('notification-item').filter({ hasText: second })).toHaveAttribute(
      'data-read',
      'true',
    );
    await page.keyboard.press('Escape');
    // both were e-mailed to ops (e-mail on by default)
    await expect
      .poll(
        async () =>
          (await mailSubjects(admin.token, 'ops@demo.test')).filter((s) => s.includes(second)).length,
      )
      .toBe(1);

    // settings: e-mail off for booking
    await page.goto('/BMS/Notification/masterSetting');
    const email = page.getByTestId('notification-email-booking');
    await expect(email).toHaveAttribute('aria-checked', 'true');
    await email.click();
    await expect(email).toHaveAttribute('aria-checked', 'false');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/upsertNotificationConfigs') && r.status() === 200,
    );
    await page.getByTestId('notification-save-booking').click();
    await saved;

    const third = await submitEBooking(shipper.token);
    // the message still comes in-app (written in the same transaction as any mail would be)...
    await expect(bell).toHaveAttribute('data-count', '1');
    // ...and no mail follows
    expect((await mailSubjects(admin.token, 'ops@demo.test')).filter((s) => s.includes(third))).toEqual([]);

    await Promise.all([shipper.context.close(), admin.context.close(), ops.context.close()]);
  });

  test("the centre's search finds one booking's message; delete all asks first, over the drawer", async ({
    browser,
  }) => {
    const shipper = await signedInContext(browser, 'shipper@demo.test');
    const ops = await signedInContext(browser, 'ops@demo.test');
    const page = ops.page;
    expect((await api<boolean>(ops.token, 'POST', '/markAllNotificationMessagesAsRead', {})).body).toBe(true);
    await page.goto('/BMS/enhance_booking');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAttribute('data-count', '0');
    const first = await submitEBooking(shipper.token);
    const second = await submitEBooking(shipper.token);
    await expect(bell).toHaveAttribute('data-count', '2');

    // the search box finds the second booking's message only; emptying the box lists them all again
    await bell.click();
    const items = page.getByTestId('notification-item');
    await expect(items.filter({ hasText: first })).toHaveCount(1);
    const search = page.getByTestId('notification-search').getByRole('searchbox');
    await search.fill(second);
    await search.press('Enter');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(second);
    await search.fill('');
    await expect(items.filter({ hasText: first })).toHaveCount(1);

    // delete all asks in a dialog over the drawer: Esc closes the dialog only and keeps everything
    const deleteAll = page.getByTestId('notification-delete-all');
    await deleteAll.click();
    const confirm = page.getByRole('dialog', { name: 'Delete all notifications?' });
    await expect(confirm.getByTestId('notification-delete-all-ok')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(deleteAll).toBeFocused();
    await expect(items.filter({ hasText: first })).toHaveCount(1);
    // ...and its own button deletes them all
    await deleteAll.click();
    await confirm.getByTestId('notification-delete-all-ok').click();
    await expect(confirm).toBeHidden();
    await expect(items).toHaveCount(0);
    await expect(bell).toHaveAttribute('data-count', '0');

    await Promise.all([shipper.context.close(), ops.context.close()]);
  });
});
