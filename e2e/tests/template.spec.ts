import { api } from '../support/booking-api';
import { chooseOption, pickSearchOption, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** Opens a screen and waits for its first element; a cold page on a busy runner may take longer than 20 s. */
async function open(page: Page, url: string, testId: string) {
  await page.goto(url);
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 60_000 });
}

test.describe('@template template library', () => {
  test('a supervisor creates a template in two steps and copies its share link; an operator of another office adds it from the link and applies it to an invoice', async ({
    browser,
  }) => {
    test.slow();
    const name = `E2E export charges ${Date.now()}`;
    const sup = await signedInContext(browser, 'supervisor@demo.test');
    let page = sup.page;
    await open(page, '/BMS/Setting/TMPLIB/TemplateSearch', 'template-search-title');
    await page.getByTestId('template-new').click();

    // Step 1: setting. Next refuses an empty name.
    await expect(page.getByTestId('template-name')).toBeVisible();
    await page.getByTestId('template-next').click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await page.getByTestId('template-name').fill(name);
    await chooseOption(page, 'template-category', 'Ledger 7025');
    await chooseOption(page, 'template-privacy', 'Market (my office)');
    await page.getByTestId('template-next').click();

    // Step 2: content, one line: documentation fee per HBL with a minimum.
    await pickSearchOption(page, 'tline-0-charge_code', 'DOC', 'DOC -');
    await expect(page.getByTestId('tline-0-uom')).toHaveValue('SHPT');
    await chooseOption(page, 'tline-0-basis', 'Per job');
    await page.getByTestId('tline-0-unit_price').fill('450');
    await page.getByTestId('template-save').click();

    await expect(page).toHaveURL(/\/TMPLIB\/TemplateDetails\/\d+$/);
    await expect(page.getByTestId('template-title')).toContainText(name);
    await page.getByTestId('template-share').click();
    await expect(page.getByText('Share link copied')).toBeVisible();
    const code = (await page.getByTestId('template-share-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{10}$/);
    await sup.context.close();

    // Shanghai: the template is for the Hong Kong office only, so Market does not show it…
    const sha = await signedInContext(browser, 'ops.sha@demo.test');
    page = sha.page;
    await open(
      page,
      `/BMS/Setting/TMPLIB/TemplateSearch?tab=market&q=${encodeURIComponent(name)}`,
      'template-table-market',
    );
    await expect(page.getByTestId('template-table-market')).toContainText('No template in Market matches');
    // …but the share link adds it to My Template.
    await open(page, `/TMPLIB/AddTemplate/${code}`, 'template-add-confirm');
    await page.getByTestId('template-add-confirm').click();
    await expect(page).toHaveURL(/\/TMPLIB\/TemplateDetails\/\d+$/);
    await expect(page.getByTestId('template-title')).toContainText(name);
    await open(
      page,
      `/BMS/Setting/TMPLIB/TemplateSearch?q=${encodeURIComponent(name)}`,
      'template-table-mine',
    );
    await expect(page.getByTestId('template-table-mine').getByTestId('template-row-name')).toHaveText(name);

    // A private template's link is refused.
    await open(page, '/TMPLIB/AddTemplate/PRIVATE0001', 'template-add-confirm');
    await page.getByTestId('template-add-confirm').click();
    await expect(page.getByTestId('template-add-error')).toHaveText('Cannot add a private template');

    // Apply it on a new AR invoice's General Charge tab: the line appears, priced from the template.
    const list = await api<{ rows: { inv_id: number; status: string }[] }>(
      sha.token,
      'GET',
      '/Invoice?q=JBDEMO&pageSize=100&inv_type=AR',
    );
    const inv = list.body.rows.find((r) => r.status === 'NEW');
    expect(inv, 'a demo AR invoice in status New').toBeTruthy();
    await open(page, `/INV/arDetails/${inv?.inv_id}`, 'invoice-status');
    await page.getByRole('tab', { name: 'General Charge' }).click();
    const rows = page.getByTestId('invoice-lines').getByTestId('static-table-row');
    const before = await rows.count();
    await page.getByTestId('invoice-apply-template').click();
    // The suggestion is the shared combobox (issue 39): typed, then picked with a mouse click.
    await pickSearchOption(page, 'template-apply-select', name.slice(0, 20), name);
    await page.getByTestId('template-apply-ok').click();
    await expect(page.getByText(`line(s) added from ${name}`)).toBeVisible();
    await expect(rows).toHaveCount(before + 1);
    await expect(page.getByTestId(`line-${before}-description`)).toHaveValue('Documentation fee');
    await expect(page.getByTestId(`line-${before}-unit_price`)).not.toHaveValue('');
    await sha.context.close();
  });
});
