import { E2E_CLAMD_ENABLED } from '../support/clamd-e2e';
import { EICAR } from '../support/clamd-launcher.mjs';
import { BASE, chooseOption, signedInContext } from '../support/session';
import { expect, test } from '../support/test';

/** A suffix so reruns against a kept database never collide. */
const RUN = Date.now().toString(36).slice(-5);

test.describe('@documents virus scan with a real clamd', () => {
  test.skip(!E2E_CLAMD_ENABLED, 'clamd is not installed here (apt-get install -y clamav-daemon clamav)');

  test('refuses the EICAR test file with the translated message and keeps a clean file', async ({
    browser,
  }) => {
    const { context, page, token } = await signedInContext(browser, 'admin@demo.test');
    const rules = await fetch(`${BASE}/api/v1/Document/rules`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await rules.json()) as { virus_scan: boolean }).virus_scan).toBe(true);
    const res = await fetch(`${BASE}/api/v1/Party/list/search_party?pageSize=10`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const partyId = ((await res.json()) as { rows: { party_id: number }[] }).rows[0].party_id;

    await page.goto(`/BMS/party/party_maintenance/${partyId}`);
    await page.getByTestId('party-tab-documents').click();
    const panel = page.getByTestId('party-document-panel');
    await expect(panel).toBeVisible();
    await chooseOption(page, 'party-document-type-select', 'Other');
    const input = panel.locator('input[type=file]');
    const list = page.getByTestId('party-document-list');

    await input.setInputFiles({
      name: `eicar-${RUN}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(EICAR),
    });
    await expect(page.getByText('Virus detected: the file was not uploaded').first()).toBeVisible();
    await expect(list).not.toContainText(`eicar-${RUN}.txt`);

    await input.setInputFiles({
      name: `notes-${RUN}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`Loading notes ${RUN}\n`),
    });
    await expect(list.locator('tr', { hasText: `notes-${RUN}.txt` })).toBeVisible();
    await context.close();
  });
});
