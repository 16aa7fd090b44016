import { chooseOption, pickSearchOption, signedInContext } from '../support/session';
import { expect, test } from '../support/test';

test.describe('@sequence @routing-template master data', () => {
  test('a supervisor creates a sequence rule and sees the preview of the next number', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'supervisor@demo.test');
    await page.goto('/BMS/Admin/SEQ/SequenceSearch');
    await expect(page.getByTestId('sequence-table')).toContainText('SOHKG');
    await page.getByTestId('sequence-new').click();
    await expect(page).toHaveURL(/\/BMS\/Admin\/SEQ\/sequence_rule_details\/new$/);

    await chooseOption(page, 'sequence-doc-type', 'Master BL');
    await pickSearchOption(page, 'sequence-office', 'SIN', 'SIN');
    await page.getByTestId('sequence-prefix').fill('mb');
    await chooseOption(page, 'sequence-separator', 'Dash (-)');
    // Defaults: office code in the number, YYMM, 5 digits, monthly reset, start at 1.
    await expect(page.getByTestId('sequence-preview')).toHaveText(/^MB-SIN-\d{4}-00001$/);
    await page.getByTestId('sequence-width').fill('4');
    await expect(page.getByTestId('sequence-preview')).toHaveText(/^MB-SIN-\d{4}-0001$/);

    await page.getByTestId('sequence-save').click();
    await expect(page).toHaveURL(/\/BMS\/Admin\/SEQ\/sequence_rule_details\/\d+$/);
    await expect(page.getByTestId('sequence-title')).toContainText('Master BL / SIN');
    await expect(page.getByTestId('sequence-preview')).toHaveText(/^MB-SIN-\d{4}-0001$/);
    await expect(page.getByTestId('sequence-counters')).toContainText('No number allocated yet');

    await page.getByTestId('sequence-back').click();
    await expect(page.getByTestId('sequence-link-MBL-SIN')).toBeVisible();
    await context.close();
  });

  test('operations create a routing template after the "one of POD, PLD or FD" error, and find it in the list', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test');
    await page.goto('/SOPMS/routing_template/search_routing_template');
    await page.getByTestId('routing-template-new').click();
    await expect(page).toHaveURL(/\/SOPMS\/routing_template\/routing_template_detail\/new$/);

    await page.getByTestId('routing-template-name').fill('E2E Westcoast via LA');
    await pickSearchOption(page, 'routing-template-consignee', 'Westcoast', 'USLAX001');
    await page.getByTestId('routing-template-save').click();
    await expect(page.getByText('Enter at least one of POD, PLD or FD').first()).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);

    await pickSearchOption(page, 'routing-template-pod', 'USLAX', 'USLAX');
    await page.getByTestId('routing-template-save').click();
    await expect(page).toHaveURL(/\/routing_template_detail\/\d+$/);
    await expect(page.getByTestId('routing-template-title')).toContainText('E2E Westcoast via LA');

    await page.getByTestId('routing-template-back').click();
    await expect(page.getByTestId('routing-template-table')).toContainText('E2E Westcoast via LA');
    await expect(page.getByTestId('routing-template-table')).toContainText('USLAX001');
    await context.close();
  });
});
