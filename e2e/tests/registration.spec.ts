import { CONSENT_COOKIE, chooseOption, signedInContext } from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

const PASSWORD = 'Harbour-Reefer-7315';
/** A fresh login id per run (the e2e database is new each run, but reruns of one test must not clash). */
const unique = () => Date.now().toString(36);

interface MailRow {
  to: string;
  links: string[];
}

/** The activation link sent to `to`, read from the dev mailbox API as admin (waits for the e-mail). */
async function activationLink(browser: Browser, to: string, path: string): Promise<string> {
  const admin = await signedInContext(browser, 'admin@demo.test');
  try {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const res = await admin.page.request.get('/api/v1/Admin/DevMailbox', {
            headers: { authorization: `Bearer ${admin.token}` },
          });
          const rows = ((await res.json()) as { rows: MailRow[] }).rows;
          link = rows.find((r) => r.to === to)?.links.find((l) => l.includes(path));
          return !!link;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const url = new URL(link ?? '');
    return url.pathname + url.search;
  } finally {
    await admin.context.close();
  }
}

/** Sets the password from the activation link and checks the result step. */
async function setPassword(page: Page, path: string, login: string) {
  await page.goto(path);
  await expect(page.getByTestId('set-password-login')).toHaveValue(login);
  await page.getByTestId('set-password-password').fill(PASSWORD);
  await page.getByTestId('set-password-confirm').fill(PASSWORD);
  await page.getByTestId('set-password-submit').click();
  await expect(page.getByText('Activate Account Successfully')).toBeVisible();
  // The link works once.
  await page.goto(path);
  await expect(page.getByTestId('activation-failed')).toContainText(
    'Acoount has been activated already or activate period exceeds 7 days',
  );
}

/** The admin approves the registration of `login` on the maintenance screens. */
async function approve(browser: Browser, login: string) {
  const admin = await signedInContext(browser, 'admin@demo.test');
  await admin.page.goto('/BMS/user_registration_maintenance?status=P');
  await admin.page.getByRole('link', { name: login }).click();
  await expect(admin.page.getByTestId('registration-status')).toHaveText('Pending');
  await admin.page.getByTestId('registration-approve').click();
  await admin.page.getByTestId('approve-confirm').click();
  await expect(admin.page.getByTestId('registration-status')).toHaveText('Approved');
  await admin.page.getByRole('tab', { name: 'Status history' }).click();
  await expect(admin.page.getByText('approve', { exact: false }).first()).toBeVisible();
  await admin.context.close();
}

async function signIn(page: Page, login: string) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(login);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe('@registration self-registration', () => {
  test('without SIS: details → e-mail → set password → admin approves → sign in', async ({
    page,
    context,
    browser,
  }) => {
    const login = `applicant-${unique()}@example.com`;
    await context.addCookies([CONSENT_COOKIE]);
    await page.goto('/login');
    await page.getByTestId('link-register').click();
    await expect(page).toHaveURL(/\/Registration$/);
    await page.getByTestId('choose-without-sis').click();
    await expect(page).toHaveURL(/\/RegistrationWithoutSIS$/);
    await expect(page.getByTestId('registration-form')).toBeVisible();

    // Terms of Use modal
    await page.getByTestId('registration-terms').click();
    await expect(page.getByTestId('terms-modal')).toBeVisible();
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('terms-modal')).toBeHidden();

    // Every rule on an empty form
    await page.getByTestId('registration-submit').click();
    await expect(page.getByText('one or more field types are not input properly')).toBeVisible();
    await expect(page.getByText('Please choose an user type')).toBeVisible();
    await expect(page.getByText('Please enter an email address as your login ID')).toBeVisible();

    // Location and referral only for SHIPPER; offices follow the location
    await chooseOption(page, 'reg-user_type_id', 'Consignee');
    await expect(page.getByTestId('reg-location_type_id')).toHaveCount(0);
    await chooseOption(page, 'reg-user_type_id', 'Shipper');
    await chooseOption(page, 'reg-location_type_id', 'North China');
    await expect(page.getByTestId('reg-referred_by_office_party_id')).toContainText('SHA');
    await expect(page.getByTestId('reg-referred_by_office_party_id')).not.toContainText('HKG HO');
    await chooseOption(page, 'reg-referred_by_office_party_id', 'SHA');
    await page.getByTestId('reg-referred_by').fill('Sales Tom');

    // A login id that exists: one persistent notification titled with it
    await page.getByTestId('reg-login_id').fill('admin@demo.test');
    await page.getByTestId('reg-family_name').fill('Lee');
    await page.getByTestId('reg-given_name').fill('Ann');
    await page.getByTestId('reg-co_address1').fill('1 Harbour Road');
    await page.locator('#co_country_code').fill('HK');
    await page.getByTestId('reg-phone').fill('+85212345678');
    await page.getByTestId('reg-fax').fill('+85212345679');
    await page.getByTestId('reg-company').fill('Ann Trading Ltd.');
    await page.getByTestId('registration-submit').click();
    const note = page.locator('.feedback-notice', { hasText: 'admin@demo.test' });
    await expect(note).toContainText('Login ID already exists or registered');
    await note.getByRole('button', { name: 'Close' }).click();

    await page.getByTestId('reg-login_id').fill(login);
    await page.getByTestId('registration-submit').click();
    await expect(page.getByTestId('registered-success')).toContainText('Register Successfully');

    const path = await activationLink(browser, login, '/RegistrationWithoutSIS');
    expect(path).toContain(`loginID=${encodeURIComponent(login)}`);
    await setPassword(page, path, login);

    // Activated, not approved yet: not activated for sign-in
    await page.goto('/login');
    await page.getByTestId('login-username').fill(login);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/login/);

    await approve(browser, login);
    await signIn(page, login);
  });

  test('with SIS: SIS account (stand-in) → details → e-mail → set password → approved → sign in', async ({
    page,
    context,
    browser,
  }) => {
    const login = `sis-${unique()}@example.com`;
    await context.addCookies([CONSENT_COOKIE]);
    await page.goto('/Registration');
    await page.getByTestId('choose-with-sis').click();
    await expect(page).toHaveURL(/\/RegistrationWithSIS$/);

    await page.getByTestId('sis-check').click();
    await expect(page.getByText('Please input your SIS login ID')).toBeVisible();
    await page.getByTestId('sis-user-id').fill('sis-shipper');
    await page.getByTestId('sis-password').fill('wrong');
    await page.getByTestId('sis-check').click();
    await expect(page.getByText('SIS login ID or password is invalid')).toBeVisible();
    await page.getByTestId('sis-user-id').fill('sis-unmapped');
    await page.getByTestId('sis-password').fill('Sis-Pass-2026');
    await page.getByTestId('sis-check').click();
    await expect(page.getByText('Cannot map user profiles to the SIS ID')).toBeVisible();

    await page.getByTestId('sis-user-id').fill('sis-shipper');
    await page.getByTestId('sis-check').click();
    await expect(page.getByTestId('sis-profiles')).toContainText('SHIPPER');
    await expect(page.getByTestId('reg-company')).toHaveValue('Pacific Star Garment Manufacturing Ltd.');
    await page.getByTestId('reg-login_id').fill(login);
    await page.getByTestId('registration-submit').click();
    await expect(page.getByTestId('registered-success')).toBeVisible();

    const path = await activationLink(browser, login, '/RegistrationWithSIS');
    await setPassword(page, path, login);
    await approve(browser, login);
    await signIn(page, login);
  });

  test('a bad activation link says so', async ({ page, context }) => {
    await context.addCookies([CONSENT_COOKIE]);
    await page.goto('/RegistrationWithoutSIS?loginID=nobody%40example.com');
    await expect(page.getByTestId('activation-failed')).toContainText('Invalid login email or token');
    await page.goto('/RegistrationWithoutSIS?loginID=nobody%40example.com&token=abc');
    await expect(page.getByTestId('activation-failed')).toContainText('Fail to Activate Account');
  });
});
