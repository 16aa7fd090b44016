import { chooseOption, pickSearchOption, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** A suffix so reruns against a kept database never collide. */
const RUN = Date.now().toString(36).slice(-5);

async function addCard(page: Page, role: string) {
  await page.getByTestId('isf-add').click();
  await page.getByRole('menuitem', { name: role, exact: true }).click();
}

test.describe('@booking ISF parties and profiles', () => {
  test('a bad US state is refused; a card saved as profile fills another card; the profile is deleted', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'ops@demo.test');
    await page.goto('/BMS/enhance_booking/shipping_order/new');
    await page.getByTestId('booking-tab-isf').click();
    await expect(page.getByTestId('isf-tab')).toBeVisible();

    await addCard(page, 'Seller');
    const seller = page.getByTestId('isf-SELLER-card');
    await expect(seller).toBeVisible();
    const profileName = `E2E Seller ${RUN}`;
    await page.getByTestId('isf-SELLER-name').fill(profileName);
    await page.getByTestId('isf-SELLER-address1').fill('100 Harbor Blvd');
    await page.getByTestId('isf-SELLER-city').fill('Los Angeles');
    await pickSearchOption(page, 'isf-SELLER-country', 'US', 'United States');
    await page.getByTestId('isf-SELLER-state').fill('Cal');
    await page.getByTestId('isf-SELLER-state').blur();
    await expect(seller.getByText('State must be 2 letters for the US and Canada.')).toBeVisible();

    await page.getByTestId('isf-SELLER-state').fill('CA');
    await page.getByTestId('isf-SELLER-zip').fill('90731');
    await expect(seller.getByText('State must be 2 letters for the US and Canada.')).toHaveCount(0);
    await pickSearchOption(page, 'isf-SELLER-country-of-origin', 'CN', 'China');
    await page.getByTestId('isf-SELLER-hts').fill('851762');

    await page.getByTestId('isf-SELLER-profile-save').click();
    await expect(page.getByText(`Profile ${profileName} saved`)).toBeVisible();

    await addCard(page, 'Buyer');
    await expect(page.getByTestId('isf-BUYER-card')).toBeVisible();
    await chooseOption(page, 'isf-BUYER-profile-select', profileName);
    await page.getByTestId('isf-BUYER-profile-apply').click();
    await expect(page.getByTestId('isf-BUYER-name')).toHaveValue(profileName);
    await expect(page.getByTestId('isf-BUYER-city')).toHaveValue('Los Angeles');
    await expect(page.getByTestId('isf-BUYER-state')).toHaveValue('CA');
    await expect(page.getByTestId('isf-BUYER-zip')).toHaveValue('90731');

    await page.getByTestId('isf-BUYER-profile-delete').click();
    await page.getByTestId('isf-BUYER-profile-delete-confirm').click();
    await expect(page.getByText(`Profile ${profileName} deleted`)).toBeVisible();
    await expect(
      page.getByTestId('isf-SELLER-profile-select').locator('option', { hasText: profileName }),
    ).toHaveCount(0);
    await context.close();
  });
});
