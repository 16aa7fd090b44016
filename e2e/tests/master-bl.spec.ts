import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api } from '../support/booking-api';
import { signedInContext } from '../support/session';

interface Row {
  consol_no: string;
  amended: boolean;
}

/**
 * The master BL journey (issue 12): operations start a new master bill from an approved consol plan, save the
 * draft prefilled from the plan and print it (the PDF is downloaded); the list then finds it by the carrier's
 * MBL number.
 */
test.describe('master bill of lading', () => {
  test('is created from an approved plan and printed', async ({ browser }) => {
    test.setTimeout(240_000);
    const ops = await signedInContext(browser, 'ops@demo.test');
    // An approved demo plan; a bill the demo (or an earlier run) made on it is cancelled first.
    const approved = await api<{ rows: Row[] }>(
      ops.token,
      'GET',
      '/Consolidation/list/consolidation_approved',
    );
    const plan = approved.body.rows.find((r) => !r.amended);
    expect(plan, 'an approved demo plan').toBeTruthy();
    const consolNo = (plan as Row).consol_no;
    const bills = await api<{ rows: { mbl_no: string; status: string }[] }>(
      ops.token,
      'GET',
      `/MasterBL/list/search_master_bl?q=${encodeURIComponent(consolNo)}`,
    );
    for (const b of bills.body.rows.filter((r) => r.status !== 'CANCELLED')) {
      const one = await api<{ version: number }>(ops.token, 'GET', `/MasterBL/${b.mbl_no}`);
      const cancelled = await api(ops.token, 'POST', `/MasterBL/${b.mbl_no}/actions/cancel`, {
        version: one.body.version,
        reason: 'Journey makes a new bill',
      });
      expect(cancelled.status).toBe(200);
    }

    const p = ops.page;
    // The master BL dashboard: New master BL → from a consol plan → the approved plan's consol#.
    await p.goto('/BMS/master_bl');
    await expect(p.getByTestId('mbl-dashboard-title')).toHaveText('Master Bill of Lading', {
      timeout: 90_000,
    });
    await p.getByTestId('mbl-new').click();
    await p.getByTestId('mbl-new-ref').fill(consolNo);
    await p.getByTestId('mbl-new-start').click();

    // The new bill comes prefilled from the plan: its SOs, containers, sailing and destination agent.
    await expect(p.getByTestId('mbl-title')).toHaveText('New master BL', { timeout: 60_000 });
    await expect(p.getByTestId('mbl-field-consol_no')).toHaveValue(consolNo);
    await expect(p.getByTestId('mbl-house-bills').locator('tbody tr')).not.toHaveCount(0);
    await p.getByTestId('mbl-field-carrier_mbl_no').fill('COSU6301234567');
    await p.getByTestId('mbl-field-show_freight').check();
    await p.getByTestId('mbl-save').click();
    await expect(p.getByTestId('mbl-status')).toHaveText('Draft', { timeout: 30_000 });
    const mblNo = (await p.getByTestId('mbl-title').textContent())?.trim() ?? '';
    expect(mblNo).toMatch(/^MB/);
    await expect(p).toHaveURL(new RegExp(`/BMS/master_bl/master_bl/${mblNo}$`));
    await expect(p.getByTestId('mbl-totals')).toContainText('KG');
    await expect(p.getByTestId('mbl-history')).toContainText('Created');

    // Print: the draft PDF downloads under the bill's number.
    const [file] = await Promise.all([p.waitForEvent('download'), p.getByTestId('mbl-print').click()]);
    expect(file.suggestedFilename()).toBe(`MBL-${mblNo}.pdf`);
    const path = await file.path();
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');

    // The list finds it by the carrier's number.
    await p.getByTestId('mbl-back').click();
    const search = p.getByTestId('search-input').locator('input');
    await search.fill('COSU6301234567');
    await search.press('Enter');
    await expect(p.getByTestId(`mbl-link-${mblNo}`)).toBeVisible({ timeout: 30_000 });
    await ops.context.close();
  });
});
