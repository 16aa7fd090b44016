import { BASE, chooseOption, signedInContext } from '../support/session';
import { expect, test } from '../support/test';

/** A suffix so reruns against a kept database never collide. */
const RUN = Date.now().toString(36).slice(-5);
const PDF = Buffer.from(`%PDF-1.4\n% e2e ${RUN}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

/** The first party of the demo data (through the API). */
async function firstPartyId(token: string): Promise<number> {
  const res = await fetch(`${BASE}/api/v1/Party/list/search_party?pageSize=10`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { rows: { party_id: number }[] };
  expect(body.rows.length).toBeGreaterThan(0);
  return body.rows[0].party_id;
}

test.describe('@documents party Document Upload', () => {
  test('uploads a PDF, lists it, downloads it under its name, refuses a disguised file, removes it and shows the history', async ({
    browser,
  }) => {
    const { context, page, token } = await signedInContext(browser, 'admin@demo.test');
    const partyId = await firstPartyId(token);
    const name = `business-registration-${RUN}.pdf`;

    await page.goto(`/BMS/party/party_maintenance/${partyId}`);
    await page.getByTestId('party-tab-documents').click();
    const panel = page.getByTestId('party-document-panel');
    await expect(panel).toBeVisible();

    // upload: choose the type, then the file (the drop area's file input)
    await chooseOption(page, 'party-document-type-select', 'Business registration');
    await panel.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    const list = page.getByTestId('party-document-list');
    const row = list.locator('tr', { hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Business registration');

    // download: the browser is offered the original file name
    const downloading = page.waitForEvent('download');
    await row.locator('[data-testid^="party-document-download-"]').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(name);

    // a program renamed .pdf is refused with the translated message, and not listed
    await panel.locator('input[type=file]').setInputFiles({
      name: `setup-${RUN}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(64, 1)]),
    });
    await expect(page.getByText('This file type is not allowed').first()).toBeVisible();
    await expect(list).not.toContainText(`setup-${RUN}.pdf`);

    // remove, after confirming
    await row.locator('[data-testid^="party-document-remove-"]').first().click();
    await page.getByTestId('party-document-remove-confirm').click();
    await expect(list.locator('tr', { hasText: name })).toHaveCount(0);

    // the history keeps both moves, newest first
    const history = page.getByTestId('document-history');
    await expect(history.locator('tr', { hasText: name })).toHaveCount(2);
    await expect(history.locator('tbody tr').first()).toContainText('Removed');
    await expect(history).toContainText('Uploaded');
    await context.close();
  });
});
