import { api } from '../support/booking-api';
import { chooseOption, fillDate, signedInContext } from '../support/session';
import { expect, type Locator, type Page, test } from '../support/test';

/** The list a combobox controls (its aria-controls), wherever the portal put it. */
async function listOf(page: Page, field: Locator) {
  return page.locator(`[id="${await field.getAttribute('aria-controls')}"]`);
}

/** The element lies wholly inside the window (no scrolling box, card or window edge cuts it). */
async function insideViewport(page: Page, el: Locator) {
  const box = await el.boundingBox();
  const size = page.viewportSize();
  expect(box, 'the popup has a box').toBeTruthy();
  if (!box || !size) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
}

/** Opens a combobox with the mouse, types, and clicks the option holding `option` (never a key). */
async function mousePick(page: Page, field: Locator, typed: string, option: string | RegExp) {
  await field.click();
  if (typed) await field.pressSequentially(typed);
  const list = await listOf(page, field);
  const choice = list.getByRole('option').filter({ hasText: option }).first();
  await expect(choice).toBeVisible();
  await insideViewport(page, list);
  await choice.click();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
}

/**
 * Issue 39: the shared controls on Floating UI. A mouse selection in every shared combobox kind (a remote party
 * lookup, the invoice charge box, the template suggestion of Apply template, the header's menu button), the
 * native select and date input beside them, the charge list at the bottom of the window opening inside it, and
 * one keyboard selection.
 */
test.describe('@combobox shared combobox, select and popups', () => {
  test('an operator picks with the mouse in every shared combobox, and once with the keyboard', async ({
    browser,
  }) => {
    test.slow();
    const ops = await signedInContext(browser, 'ops@demo.test');
    const page = ops.page;
    // A demo AR invoice in status New: its lines and Apply template.
    const list = await api<{ rows: { inv_id: number; status: string }[] }>(
      ops.token,
      'GET',
      '/Invoice?q=JBDEMOHKG&pageSize=100&inv_type=AR',
    );
    const inv = list.body.rows.find((r) => r.status === 'NEW');
    expect(inv, 'a demo AR invoice in status New').toBeTruthy();
    await page.goto(`/INV/arDetails/${inv?.inv_id}`);
    await expect(page.getByTestId('invoice-status')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'General Charge' }).click();
    const rows = page.getByTestId('invoice-lines').getByTestId('static-table-row');
    await expect(rows.first()).toBeVisible();
    const before = await rows.count();

    // The template suggestion (issue 39: a click did not pick): the shared combobox, all templates on a click.
    await page.getByTestId('invoice-apply-template').click();
    const suggest = page.getByTestId('template-apply-select');
    await expect(suggest).toBeFocused();
    await mousePick(page, suggest, 'VGM', 'VGM and filing fees');
    await expect(suggest).toHaveValue(/^VGM and filing fees/);
    await page.getByTestId('template-apply-ok').click();
    await expect(page.getByText('line(s) added from VGM and filing fees')).toBeVisible();
    await expect(rows).not.toHaveCount(before);

    // The charge box of the last line at the very bottom of the window: its list opens inside the window
    // (flipped above the box, as tall as the room there), never cut off by the table or the window's edge.
    const n = (await rows.count()) - 1;
    const charge = page.getByTestId(`line-${n}-charge_code`);
    await charge.scrollIntoViewIfNeeded();
    const box = await charge.boundingBox();
    expect(box).toBeTruthy();
    await page.setViewportSize({ width: 1400, height: Math.ceil((box?.y ?? 0) + (box?.height ?? 0) + 12) });
    await expect(charge).toBeInViewport();
    await mousePick(page, charge, 'OF', /^OFR - /);
    await expect(charge).toHaveValue(/^OFR - /);

    // Once by keyboard: type, Down to the first match, Enter picks it (the form is not submitted).
    await page.setViewportSize({ width: 1400, height: 900 });
    await charge.click();
    await charge.pressSequentially('BLF');
    const charges = await listOf(page, charge);
    await expect(charges.getByRole('option').first()).toHaveText(/^BLF - /);
    await charge.press('ArrowDown');
    await expect(charge).toHaveAttribute('aria-activedescendant', /.+/);
    await charge.press('Enter');
    await expect(charge).toHaveAttribute('aria-expanded', 'false');
    await expect(charge).toHaveValue(/^BLF - /);
    // Escape on an open list closes the list only.
    await charge.click();
    await charge.pressSequentially('DOC');
    await expect(charges.getByRole('option').first()).toBeVisible();
    await charge.press('Escape');
    await expect(charge).toHaveAttribute('aria-expanded', 'false');
    await expect(charge).toHaveValue(/^BLF - /);
    await ops.context.close();

    // The booking form of a shipper's e-booking: a remote party lookup (typed, answered by the server), a
    // native select, a date input, and the header's language menu (a menu button in a portal).
    const shipper = await signedInContext(browser, 'shipper@demo.test');
    const sp = shipper.page;
    await sp.goto('/BMS/enhance_booking/shipping_order/new');
    await expect(sp.getByTestId('booking-title')).toBeVisible({ timeout: 120_000 });
    const customer = sp.getByTestId('booking-field-customer_id');
    await mousePick(sp, customer, 'HKCUS001', 'HKCUS001');
    await expect(customer).toHaveValue(/^HKCUS001/);
    await chooseOption(sp, 'booking-field-service_type', 'LCL');
    await fillDate(sp, 'booking-field-etd', '2026-12-15');
    await expect(sp.getByTestId('booking-field-etd')).toHaveValue('2026-12-15');
    await sp.getByTestId('header-language').click();
    const menu = sp.getByRole('menu');
    await expect(menu).toBeVisible();
    await insideViewport(sp, menu);
    await menu.getByRole('menuitem', { name: 'English' }).click();
    await expect(menu).toBeHidden();
    await shipper.context.close();
  });
});

test.describe('@combobox a list keeps its side', () => {
  test('an open list stays on the side it opened on while the page scrolls, and a click on it picks', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test');
    await page.setViewportSize({ width: 1400, height: 600 });
    await page.goto('/BMS/party/party_maintenance/new');
    const field = page.getByTestId('party-field-country_code');
    await expect(field).toBeVisible();
    // The country field at the window's bottom edge: its list opens above it (no room below).
    await field.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await field.click();
    await field.pressSequentially('CN');
    const list = await listOf(page, field);
    const option = list.getByRole('option').filter({ hasText: 'CN - ' }).first();
    await expect(option).toBeVisible();
    const above = async () => {
      // Placed after the scroll's frame (Floating UI places on the scroll event, a promise later).
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const [l, f] = [await list.boundingBox(), await field.boundingBox()];
      return l && f ? l.y + l.height <= f.y : undefined;
    };
    expect(await above(), 'the list opens above a field at the bottom edge').toBe(true);
    // The page scrolls down (the field moves up, room opens below it): the list stays above, where it fits.
    await page.mouse.wheel(0, 250);
    await expect.poll(() => field.evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThan(500);
    expect(await above(), 'the list stays above its field').toBe(true);
    await option.click();
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(field).toHaveValue(/^CN - /);
    await context.close();
  });
});
