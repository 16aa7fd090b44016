import { expectAccessible } from '../support/axe';
import { CONSENT_COOKIE, PASSWORD } from '../support/session';
import { expect, type Locator, type Page, test } from '../support/test';

/** True when the locator's element has the keyboard focus. */
const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (or Shift+Tab) until the element has the focus: fails when it is not reached within `max`
 * presses, i.e. when it is not in the tab order where a keyboard user would find it.
 */
async function tabTo(page: Page, target: Locator, max: number, key = 'Tab') {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await focused(target)) return i;
    await page.keyboard.press(key);
  }
  expect(await focused(target), `reached within ${max} × ${key}`).toBe(true);
  return max;
}

/** What has the focus, for messages: tag, test id and text. */
const activeElement = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return a ? `${a.tagName} ${a.dataset.testid ?? ''} ${a.textContent?.slice(0, 40) ?? ''}` : 'none';
  });

test.describe('keyboard only (issue 20)', () => {
  test('sign in, open a list, its column options, a record and its tabs without a mouse', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await context.addCookies([CONSENT_COOKIE]);
    const page = await context.newPage();

    // /login: the username has the focus (the page exists to type it); the skip link is the tab stop before
    // it, the first of the page; Enter signs in.
    await page.goto('/login');
    await expect(page).toHaveTitle(/Sign in|Freight Portal/);
    await expect(page.getByTestId('login-username')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByTestId('skip-link')).toBeFocused();
    await tabTo(page, page.getByTestId('login-username'), 5);
    await page.keyboard.type('ops@demo.test');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('login-password')).toBeFocused();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');

    // ops lands on the booking list; the skip link (the first tab stop) jumps to the page heading.
    await expect(page).toHaveURL(/\/BMS\/enhance_booking/);
    const heading = page.locator('#main-content h1');
    await expect(heading).toHaveCount(1);
    // The list has loaded (its rows), so the shell no longer changes under the keys.
    await expect(page.getByTestId('booking-table').getByTestId('data-table-row').first()).toBeVisible({
      timeout: 60_000,
    });
    await tabTo(page, page.getByTestId('skip-link'), 40, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(heading).toBeFocused();

    // Open another list from the menu: focus moves to its heading, the title names the page.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await tabTo(page, menu.locator('a[href="/BMS/party"]'), 40, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/BMS\/party$/);
    await expect(heading).toHaveText('Parties');
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle(/^Parties · /);
    const table = page.getByTestId('party-table');
    await expect(table.getByTestId('data-table-row').first()).toBeVisible();

    // Column options: a dialog that takes the focus, Esc closes it and the focus is back on the button.
    const columns = page.getByTestId('column-options');
    await tabTo(page, columns, 40);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Columns' });
    await expect(dialog).toBeVisible();
    await expect
      .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), {
        message: 'focus inside the column options',
      })
      .toBe(true);
    // Tab stays inside the dialog.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), await activeElement(page)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(columns).toBeFocused();

    // The header row is one tab stop; Shift+→ widens the focused column.
    await page.keyboard.press('Tab');
    const th = page.locator('.portal-data-table thead th[tabindex="0"]');
    await expect(th).toHaveCount(1);
    await expect(th).toBeFocused();
    const before = (await th.boundingBox())?.width ?? 0;
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => (await th.boundingBox())?.width ?? 0).toBeGreaterThan(before);

    // The first row's link is the next tab stop after the header row.
    await page.keyboard.press('Tab');
    await expect(table.getByTestId('data-table-row').first().locator('a').first()).toBeFocused();

    // Back to the booking list through the menu, and into its first record.
    await tabTo(page, menu.locator('a[href="/BMS/enhance_booking"]'), 60, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/BMS\/enhance_booking$/);
    await expect(heading).toBeFocused();
    const first = page
      .getByTestId('booking-table')
      .getByTestId('data-table-row')
      .first()
      .locator('a')
      .first();
    await tabTo(page, first, 80);
    const soNo = (await first.textContent())?.trim() ?? '';
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(soNo));
    await expect(heading).toBeFocused();

    // The record's tabs: ←/→ inside the tab list switch tabs.
    const selected = page.locator('[role="tab"][aria-selected="true"]').first();
    await tabTo(page, selected, 60);
    const firstTab = await selected.getAttribute('id');
    await page.keyboard.press('ArrowRight');
    await expect(selected).not.toHaveAttribute('id', firstTab ?? '');
    await expect(page.locator('[role="tab"][aria-selected="true"]').first()).toBeFocused();

    await expectAccessible(page, 'booking record (keyboard journey)');
    await context.close();
  });
});
