import { signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** The width the issue was reported at: a 1440 × 900 window. */
test.use({ viewport: { width: 1440, height: 900 } });

/** True when two boxes share any area. */
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The page itself never scrolls sideways; a wide table scrolls inside its own box. */
async function expectNoPageOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page width').toBeLessThanOrEqual(client);
}

/** The table's default columns fit its box: no horizontal scroll bar until the user adds columns. */
async function expectColumnsFit(page: Page, tableTestId: string) {
  const body = page.getByTestId(tableTestId).getByTestId('data-table-body');
  await expect(body).toBeVisible();
  const { scroll, client } = await body.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll, `${tableTestId} columns`).toBeLessThanOrEqual(client + 1);
}

test.describe('@list layout at 1440 × 900', () => {
  test('the cookie banner never covers the list: its pagination works before consent', async ({
    browser,
  }, testInfo) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test', { consent: false });
    await page.goto('/BMS/party');
    const banner = page.getByTestId('cookie-consent');
    await expect(banner).toBeVisible();
    const table = page.getByTestId('party-table');
    await expect(table.getByTestId('data-table-row')).toHaveCount(10);
    await page.screenshot({ path: testInfo.outputPath('party-list-with-banner.png') });
    const next = table.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 2' });
    await next.scrollIntoViewIfNeeded();
    const [bannerBox, pagerBox] = [await banner.boundingBox(), await next.boundingBox()];
    expect(bannerBox && pagerBox && overlaps(bannerBox, pagerBox)).toBe(false);

    // One click on page 2 while the banner is still shown takes the list there.
    await next.click();
    await expect(next).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/page=2/);
    await expect(banner).toBeVisible();
    await context.close();
  });

  test('booking and party lists open with the columns that fit, wider layouts scroll inside the table', async ({
    browser,
  }, testInfo) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test');
    for (const [path, tableId, name] of [
      ['/BMS/enhance_booking', 'booking-table', 'booking-list'],
      ['/BMS/enhance_booking_approval', 'approval-table', 'approval-list'],
      ['/BMS/party', 'party-table', 'party-list'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(tableId).getByTestId('data-table-row').first()).toBeVisible();
      await expectNoPageOverflow(page);
      await expectColumnsFit(page, tableId);
      await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
    }

    // Every party column shown: the table scrolls sideways inside its box, the page does not.
    await page.getByTestId('column-options').click();
    for (const key of ['short_name', 'tel', 'email', 'office_code', 'updated_by']) {
      await page.getByTestId(`column-option-${key}`).getByRole('checkbox').check();
    }
    await page.keyboard.press('Escape');
    const body = page.getByTestId('party-table').getByTestId('data-table-body');
    const { scroll, client } = await body.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(scroll).toBeGreaterThan(client);
    await expectNoPageOverflow(page);
    await page.screenshot({ path: testInfo.outputPath('party-list-all-columns.png') });
    await context.close();
  });
});
