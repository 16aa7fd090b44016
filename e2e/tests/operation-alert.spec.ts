import { expectAccessible, settled } from '../support/axe';
import { signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * The operation alert dashboard (issue 17, docs/operation-alerts.md): operations open it, find a red booking
 * of the demo data (e-bookings waiting over 18 hours) and open it on its usual detail screen. axe checks the
 * dashboard in English and Simplified Chinese.
 */
async function groupsShown(page: Page) {
  await expect(page.getByTestId('alert-group').first()).toBeVisible({ timeout: 60_000 });
}

test.describe('@ops operation alert dashboard', () => {
  test('lists a red booking and opens it', async ({ browser }) => {
    test.slow();
    const { page } = await signedInContext(browser, 'ops@demo.test');
    await page.goto('/BMS/OperationAlertDashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Operation Alert Dashboard', {
      timeout: 60_000,
    });
    await groupsShown(page);
    // The summary comes first: counts per kind, each a link to its folding section (issue 39). At first only
    // the first kind's section is open; the link to bookings opens theirs and moves there.
    const summary = page.getByTestId('alert-summary');
    await expect(summary.getByRole('link')).not.toHaveCount(0);
    const bookingsHead = page.locator('#op-alert-kind-booking .plain-collapse-header');
    await summary.getByTestId('alert-kind-booking').click();
    await expect(bookingsHead).toHaveAttribute('aria-expanded', 'true');
    await expect(bookingsHead).toBeFocused();
    await expect(bookingsHead).toBeInViewport();
    // A section folds and unfolds from its header.
    const sections = page.getByTestId('alert-sections').locator('.plain-collapse-header');
    expect(await sections.count()).toBeGreaterThan(1);
    const last = sections.last();
    const lastOpen = (await last.getAttribute('aria-expanded')) === 'true';
    await last.click();
    await expect(last).toHaveAttribute('aria-expanded', lastOpen ? 'false' : 'true');
    // Owners are people, never a seed label.
    const owners = await page.getByTestId('alert-filter-owner').locator('option').allTextContents();
    for (const o of owners) expect(o).not.toMatch(/^(seed|Demo Seed)$/i);
    const red = page
      .locator('#op-alert-kind-booking')
      .getByTestId('alert-group')
      .getByTestId('static-table-row')
      .filter({ has: page.getByTestId('alert-colour').filter({ hasText: 'Red' }) })
      .first();
    await expect(red).toBeVisible({ timeout: 30_000 });
    await expect(red).toContainText('Booking');
    // Statuses in words from the codes catalogue, never as stored (issue 39).
    await expect(red.getByTestId('alert-status')).not.toHaveText(/^[A-Z][A-Z0-9_]+$/);
    await expect(red.getByTestId('alert-status')).toHaveText(
      /^(New e-booking|Amend pending|Cancel pending|New manual|Confirmed|Cancelled|Recovered)$/,
    );
    const link = red.getByTestId('alert-link');
    const soNo = (await link.innerText()).trim();
    await link.click();
    await expect(page.getByTestId('booking-title')).toContainText(soNo, { timeout: 60_000 });
  });

  for (const language of ['en-US', 'zh-CN']) {
    test(`the dashboard passes axe (${language})`, async ({ browser }) => {
      test.slow();
      const { page } = await signedInContext(browser, 'ops@demo.test', { language });
      await page.goto('/BMS/OperationAlertDashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'zh-CN' ? '运营警示仪表板' : 'Operation Alert Dashboard',
        { timeout: 60_000 },
      );
      await groupsShown(page);
      // Every status shown is a word of the language (issue 39), never a stored code.
      await expect(page.getByTestId('alert-status').first()).not.toHaveText(/^[A-Z][A-Z0-9_]+$/);
      const statuses = await page.getByTestId('alert-status').allTextContents();
      expect(statuses.length).toBeGreaterThan(0);
      for (const s of statuses) expect(s).not.toMatch(/^[A-Z][A-Z0-9_]+$/);
      await settled(page);
      await expectAccessible(page, `OperationAlertDashboard (${language})`);
    });
  }
});
