import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { expectAccessible, settled } from '../support/axe';
import { api } from '../support/booking-api';
import { chooseOption, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** Where the server writes each e-mail as an .eml file without SMTP (DATA_DIR/mail; the server runs in the repo root). */
const MAIL_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../..',
  process.env.E2E_DATA_DIR ?? 'e2e/.data',
  'mail',
);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface MailRow {
  id: number;
  to: string;
  subject: string;
  tag: string;
  status: 'queued' | 'sent' | 'failed';
}

/** The dev mailbox's report-writer messages to `to` whose subject names the report (admin only). */
async function reportMails(adminToken: string, to: string, name: string): Promise<MailRow[]> {
  const res = await api<{ rows: MailRow[] }>(adminToken, 'GET', '/Admin/DevMailbox');
  expect(res.status).toBe(200);
  return res.body.rows.filter((m) => m.to === to && m.tag === 'report-writer' && m.subject.includes(name));
}

/** The .eml file the file transport wrote for a message (named <8-digit id>-<tag>.eml). */
async function emlOf(id: number): Promise<string> {
  const file = (await readdir(MAIL_DIR)).find((f) => f.startsWith(`${String(id).padStart(8, '0')}-`));
  expect(file, `no .eml for mail ${id} in ${MAIL_DIR}`).toBeTruthy();
  return readFile(path.join(MAIL_DIR, file as string), 'utf8');
}

/** Picks one choice of a radio button group by its text. */
const segment = (page: Page, testId: string, text: string) =>
  page.getByTestId(testId).getByRole('radio', { name: text, exact: true }).check();

/** The chosen option of a native select. */
const chosen = (page: Page, testId: string) => page.getByTestId(testId).locator('option:checked');

test.describe('report writer', () => {
  test('a manager builds bookings by office with a count, saves, runs, exports, schedules it weekly and e-mails it now', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const manager = await signedInContext(browser, 'manager@demo.test');
    const admin = await signedInContext(browser, 'admin@demo.test');
    const page = manager.page;
    const name = `Bookings by office ${Date.now() % 1_000_000}`;

    // The list: the manager's demo report (scheduled weekly by the seed) and the New button.
    await page.goto('/BMS/ReportWriterSearch');
    const table = page.getByTestId('rw-table');
    await expect(table.getByTestId('data-table-row').first()).toBeVisible({ timeout: 60_000 });
    await settled(page);
    await expectAccessible(page, 'report writer search (en-US)');

    // The builder: nothing to run until a dataset and columns or groups are chosen.
    await page.getByTestId('rw-new').click();
    await expect(page).toHaveURL(/\/BMS\/ReportWriterSearch\/Detail\/new$/);
    await expect(page.getByTestId('rw-no-dataset')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('rw-save').click();
    // Save without a name or dataset: both marked, nothing sent.
    await expect(page.locator('.ant-form-item-has-error')).toHaveCount(2);
    await expect(page).toHaveURL(/\/Detail\/new$/);

    await page.getByTestId('rw-name').fill(name);
    await chooseOption(page, 'rw-dataset', 'Bookings');
    await expect(page.getByTestId('rw-column-add')).toBeVisible();
    await settled(page);
    await expectAccessible(page, 'report writer builder (en-US)');

    // Two columns first: grouping keeps them and says why it does not show them (issue 39).
    // (the "Add a column" choice empties itself after each pick)
    await page.getByTestId('rw-column-add').selectOption({ label: 'SO no.' });
    await page.getByTestId('rw-column-add').selectOption({ label: 'Carrier' });
    await expect(page.getByTestId('rw-column-add').locator('option', { hasText: /^Carrier$/ })).toHaveCount(
      0,
    );

    // Grouped by office: the first group counts the rows by itself.
    // (the field list is long: type to narrow it, as a user would)
    const groupBy = page.getByTestId('rw-group-by');
    await groupBy.click();
    await groupBy.pressSequentially('Office');
    await page
      .locator(`[id="${await groupBy.getAttribute('aria-controls')}"]`)
      .getByRole('option', { name: 'Office', exact: true })
      .click();
    await expect(groupBy).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('rw-group-by-chosen')).toHaveText(/^Office/);
    await expect(page.getByTestId('rw-columns-kept')).toContainText(
      'Your 2 columns (SO no., Carrier) are kept for when you remove the grouping.',
    );
    await expect(page.getByTestId('rw-group-by-column-carrier_code')).toHaveText('Group by Carrier too');
    await expect(chosen(page, 'rw-agg-fn-0')).toHaveText('Count');
    await expect(chosen(page, 'rw-agg-field-0')).toHaveText('All rows');
    // Sorted by the count, largest first; a bar chart of the count by office.
    await page.getByTestId('rw-sort-add').click();
    await chooseOption(page, 'rw-sort-key-0', 'Count');
    await chooseOption(page, 'rw-sort-dir-0', 'Descending');
    await segment(page, 'rw-chart-type', 'Bar');
    await expect(chosen(page, 'rw-chart-x')).toHaveText('Office');
    await expect(chosen(page, 'rw-chart-y')).toHaveText('Count');
    await page.getByTestId('rw-share-office').check();

    // Preview before saving.
    await page.getByTestId('rw-preview').click();
    const preview = page.getByTestId('rw-result-preview');
    await expect(preview.getByTestId('static-table-row').first()).toBeVisible({ timeout: 60_000 });
    await expect(preview.getByTestId('rw-chart')).toBeVisible();
    await expect(preview.locator('thead')).toContainText('Office');
    await expect(preview.locator('thead')).toContainText('Count');
    // Run and export need the saved report.
    await expect(page.getByTestId('rw-run')).toBeDisabled();

    await page.getByTestId('rw-save').click();
    await expect(page).toHaveURL(/\/Detail\/\d+$/, { timeout: 30_000 });
    const id = Number(/\/Detail\/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByTestId('rw-title')).toHaveText(name);

    // Run to screen: a total, one row per office with its count, and the chart.
    await page.getByTestId('rw-run').click();
    const run = page.getByTestId('rw-result-run');
    await expect(run.getByTestId('static-table-row').first()).toBeVisible({ timeout: 60_000 });
    // A total, and no developer's timing (issue 39: "Took N ms" before).
    await expect(run.getByTestId('rw-result-summary')).toHaveText(/^Total: [\d,]+ rows?\.$/);
    await expect(run.getByTestId('rw-chart')).toHaveAttribute('data-chart-type', 'bar');
    const counts = await run.getByTestId('static-table-row').locator('td:last-child').allInnerTexts();
    expect(counts.length).toBeGreaterThan(0);
    const numbers = counts.map((c) => Number(c.replace(/,/g, '')));
    expect(numbers.every((n) => n > 0)).toBe(true);
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);

    // Excel export downloads the workbook.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('rw-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    // The workbook holds the same groups: headings, then one row per office with its count.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheetText = wb.worksheets
      .flatMap((ws) => ws.getSheetValues().flat())
      .map((v) => String(v ?? ''))
      .join('|');
    expect(sheetText).toContain('Office');
    expect(sheetText).toContain('Count');

    // Schedule weekly on Monday at 08:00 to the manager; save shows the next run.
    await chooseOption(page, 'rw-schedule-frequency', 'Weekly');
    await chooseOption(page, 'rw-schedule-weekday', 'Monday');
    await chooseOption(page, 'rw-schedule-hour', '08:00');
    await page.getByTestId('rw-schedule-recipients').click();
    await page.keyboard.type('not-an-address');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('rw-schedule')).toContainText('Not an e-mail address: not-an-address');
    await page
      .getByTestId('rw-recipient-not-an-address')
      .getByRole('button', { name: 'Remove not-an-address' })
      .click();
    await expect(page.getByTestId('rw-recipient-not-an-address')).toHaveCount(0);
    await page.getByTestId('rw-schedule-recipients').click();
    await page.keyboard.type('manager@demo.test');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('rw-schedule')).not.toContainText('Not an e-mail address');
    // Send now waits for the saved schedule.
    await expect(page.getByTestId('rw-send-now')).toBeDisabled();
    await page.getByTestId('rw-save').click();
    await expect(page.locator('.plain-tag').filter({ hasText: 'Unsaved changes' })).toHaveCount(0);
    await expect(page.getByTestId('rw-next-run')).not.toContainText('Not scheduled');
    const saved = await api<{
      schedule: { frequency: string; weekday: number; hour: number; recipients: string[] };
    }>(manager.token, 'GET', `/ReportWriter/reports/${id}`);
    expect(saved.body.schedule).toMatchObject({
      frequency: 'weekly',
      weekday: 1,
      hour: 8,
      recipients: ['manager@demo.test'],
    });

    // Send now: the job queue runs the report and e-mails the workbook.
    await page.getByTestId('rw-send-now').click();
    await expect(page.locator('.feedback-toasts')).toContainText('manager@demo.test');
    await expect
      .poll(async () => (await reportMails(admin.token, 'manager@demo.test', name)).map((m) => m.status), {
        timeout: 60_000,
      })
      .toEqual(['sent']);
    const [mail] = await reportMails(admin.token, 'manager@demo.test', name);
    // Headers unfolded (long ones continue on indented lines): the workbook is attached under the report's name.
    const eml = (await emlOf(mail.id)).replace(/\r?\n[ \t]+/g, ' ');
    expect(eml).toContain(XLSX);
    expect(eml).toMatch(
      new RegExp(`Content-Disposition: attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`),
    );

    // The admin sees it in the dev mailbox screen.
    await admin.page.goto('/BMS/Admin/dev_mailbox');
    await expect(admin.page.getByTestId(`mail-row-${mail.id}`)).toContainText(name, { timeout: 60_000 });
    await expect(admin.page.getByTestId(`mail-row-${mail.id}`)).toContainText('Scheduled report');

    // Back in the list, the report shows as shared with HKG and scheduled weekly.
    await page.getByTestId('rw-back').click();
    const search = page.getByTestId('search-input').locator('input');
    await search.fill(name);
    await search.press('Enter');
    const row = page.getByTestId('rw-table').getByTestId('data-table-row').filter({ hasText: name });
    await expect(row).toContainText('Shared with HKG');
    await expect(row).toContainText('Weekly');

    // The same screens in Traditional Chinese (Hong Kong).
    const zh = await signedInContext(browser, 'manager@demo.test', { language: 'zh-HK' });
    await zh.page.goto('/BMS/ReportWriterSearch');
    await expect(zh.page.getByTestId('rw-table').getByTestId('data-table-row').first()).toBeVisible({
      timeout: 60_000,
    });
    await expect(zh.page.getByTestId('rw-new')).toHaveText('新增報表');
    await settled(zh.page);
    await expectAccessible(zh.page, 'report writer search (zh-HK)');
    await zh.page.goto(`/BMS/ReportWriterSearch/Detail/${id}`);
    await expect(zh.page.getByTestId('rw-title')).toHaveText(name, { timeout: 60_000 });
    await expect(chosen(zh.page, 'rw-dataset')).toContainText('訂艙');
    await zh.page.getByTestId('rw-run').click();
    await expect(zh.page.getByTestId('rw-result-run').locator('thead')).toContainText('辦事處', {
      timeout: 60_000,
    });
    await expect(zh.page.getByTestId('rw-chart')).toBeVisible();
    await settled(zh.page);
    await expectAccessible(zh.page, 'report writer builder (zh-HK)');
  });
});
