import { pickSearchOption, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

async function changeUserTo(page: Page, loginId: string) {
  await page.getByTestId('change-user-id').fill(loginId);
  await page.getByTestId('change-user-submit').click();
}

test.describe('@auth Change User', () => {
  test('a super user acts as operations with a banner and a way back; writes name both; admin is refused', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'super@demo.test');
    await page.goto('/');
    await expect(page.getByTestId('change-user-banner')).toHaveCount(0);
    await page.getByTestId('menu-change-user').click();
    await expect(page).toHaveURL(/\/ChangeUser/);

    // An administrator holds more than the support profile: refused with the translated message.
    await changeUserTo(page, 'admin@demo.test');
    await expect(page.getByTestId('change-user-error')).toHaveText('You do not have change user right');
    await expect(page.getByTestId('header-user')).toContainText('Sue Super');

    await changeUserTo(page, 'ops@demo.test');
    // The app reloads on the new user's landing page; a navigation before that was aborted by the reload.
    await expect(page).toHaveURL(/\/BMS\/enhance_booking$/);
    await expect(page.getByTestId('header-user')).toContainText('Oscar Ops');
    await expect(page.getByTestId('change-user-banner')).toContainText(
      'Acting as Oscar Ops — signed in as Sue Super',
    );

    // A write made while changed records both users.
    const name = `E2E change user ${Date.now()}`;
    await page.goto('/SOPMS/routing_template/routing_template_detail/new');
    await page.getByTestId('routing-template-name').fill(name);
    await pickSearchOption(page, 'routing-template-consignee', 'Westcoast', 'USLAX001');
    await pickSearchOption(page, 'routing-template-pod', 'USLAX', 'USLAX');
    await page.getByTestId('routing-template-save').click();
    await expect(page).toHaveURL(/\/routing_template_detail\/\d+$/);
    await page.getByTestId('routing-template-history-tab').click();
    await expect(page.getByTestId('status-history')).toContainText('Oscar Ops (by Sue Super)');

    // Back to the super user's own account: the banner goes, Change User stays.
    await page.getByTestId('change-user-back').click();
    await expect(page.getByTestId('header-user')).toContainText('Sue Super');
    await expect(page.getByTestId('change-user-banner')).toHaveCount(0);
    await expect(page.getByTestId('menu-change-user')).toBeVisible();
    await context.close();
  });

  test('shows the banner in Chinese too', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'super@demo.test');
    await page.goto('/ChangeUser');
    await changeUserTo(page, 'consignee@demo.test');
    // The consignee's landing page (Change User opens it in the target's language), then Chinese.
    await expect(page).toHaveURL(/enhance_booking_approval/);
    await expect(page.getByTestId('change-user-banner')).toContainText('Acting as Connie Consignee');
    await page.getByTestId('header-language').click();
    await page.getByRole('menuitem', { name: '繁體中文' }).click();
    await expect(page.getByTestId('change-user-banner')).toContainText(
      '正以 Connie Consignee 身份操作 — 登入者為 Sue Super',
    );
    await expect(page.getByTestId('change-user-back')).toContainText('返回 Sue Super');
    await context.close();
  });

  test('the profile switch marks the current profile', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'multi@demo.test');
    await page.goto('/');
    await page.getByTestId('profile-switch').click();
    const current = page.locator('[data-testid^="profile-switch-"][aria-current="true"]');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Operations');
    // The tick is on the current item only.
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ has: current }).locator('.anticon-check')).toBeVisible();
    await expect(items.filter({ hasNot: current }).locator('.anticon-check')).toBeHidden();
    await context.close();
  });
});
