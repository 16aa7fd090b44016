import { E2E_CLAMD_ENABLED } from '../support/clamd-e2e';
import { EICAR } from '../support/clamd-launcher.mjs';
import { BASE, chooseOption, signedInContext } from '../support/session';
import { expect, test } from '../support/test';

/** A suffix so reruns against a kept database never collide. */
const RUN = Date.now().toString(36).slice(-5);

/** A small but well-formed PDF (the server checks the %PDF- magic). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

interface Row {
  so_no: string;
  is_e_booking: boolean;
}

test.describe('@booking documents of a booking', () => {
  test('ops uploads a PDF (listed, downloadable), EICAR is refused, the history lists the upload', async ({
    browser,
  }) => {
    const { context, page, token } = await signedInContext(browser, 'ops@demo.test');
    const res = await fetch(`${BASE}/api/v1/Booking/list/search_booking?pageSize=10`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const row = ((await res.json()) as { rows: Row[] }).rows[0];
    expect(row, 'a demo booking').toBeTruthy();

    await page.goto(`/BMS/enhance_booking/${row.is_e_booking ? 'e_booking' : 'shipping_order'}/${row.so_no}`);
    await page.getByTestId('booking-tab-documents').click();
    const panel = page.getByTestId('booking-document-panel');
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('booking-document-limit')).toContainText('10.0 MB');
    await chooseOption(page, 'booking-document-type-select', 'Commercial invoice');
    const input = panel.locator('input[type=file]');
    const list = page.getByTestId('booking-document-list');

    const pdfName = `invoice-${RUN}.pdf`;
    await input.setInputFiles({ name: pdfName, mimeType: 'application/pdf', buffer: PDF });
    const pdfRow = list.locator('tr', { hasText: pdfName });
    await expect(pdfRow).toBeVisible();
    const downloading = page.waitForEvent('download');
    await pdfRow.locator('[data-testid^="booking-document-download-"]').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(pdfName);

    if (E2E_CLAMD_ENABLED) {
      const eicarName = `eicar-${RUN}.txt`;
      await input.setInputFiles({ name: eicarName, mimeType: 'text/plain', buffer: Buffer.from(EICAR) });
      await expect(page.getByText('Virus detected: the file was not uploaded').first()).toBeVisible();
      await expect(list).not.toContainText(eicarName);
    }

    // The upload history records stored uploads and removals; a refused file is never stored, so it is
    // not in the history (the refusal is shown to the user and logged by the server).
    await page.getByTestId('booking-tab-document_history').click();
    const history = page.getByTestId('document-history');
    await expect(history.locator('tr', { hasText: pdfName })).toBeVisible();
    await expect(history).not.toContainText(`eicar-${RUN}`);
    await context.close();
  });

  test('a new booking asks to be saved before documents can be attached', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test');
    await page.goto('/BMS/enhance_booking/shipping_order/new');
    await page.getByTestId('booking-tab-documents').click();
    await expect(page.getByTestId('booking-document-save-first')).toBeVisible();
    await context.close();
  });
});
