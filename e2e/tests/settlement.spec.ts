import { api } from '../support/booking-api';
import { signedInContext } from '../support/session';
import { expect, test } from '../support/test';

interface Row {
  inv_id: number;
  invoice_no: string;
  currency: string;
  total_amount: string;
  settled_amount: string;
  outstanding_amount: string;
}
interface Inv extends Row {
  exchange_rate: string;
  base_currency: string;
  status: string;
  payment_marker: string | null;
}

/** en-US grouping with 2 decimals, as the screen shows amounts of 2-decimal currencies. */
const fmt = (cents: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
const cents = (v: string) => Math.round(Number(v) * 100);

test.describe('@invoice settlement', () => {
  test('finance records a partial receipt on a posted invoice (outstanding drops, exchange difference shown), then settles the rest and finds it in Settled', async ({
    browser,
  }) => {
    test.slow();
    const fin = await signedInContext(browser, 'finance@demo.test');
    const page = fin.page;

    // A posted receivable of the demo data with nothing settled yet, in a foreign currency when there is one.
    const list = await api<{ rows: Row[] }>(
      fin.token,
      'GET',
      '/Invoice/arSearch/Unsettled?pageSize=100&sort=invoice_no&order=desc',
    );
    expect(list.status).toBe(200);
    const open = list.body.rows.filter(
      (r) =>
        cents(r.settled_amount) === 0 && cents(r.total_amount) >= 200 && !['JPY', 'KRW'].includes(r.currency),
    );
    const pick = open.find((r) => r.currency !== 'HKD') ?? open[0];
    expect(pick, 'a posted, unsettled receivable in the demo data').toBeTruthy();
    const inv = (await api<Inv>(fin.token, 'GET', `/Invoice/${pick.inv_id}`)).body;
    const total = cents(inv.outstanding_amount);
    const foreign = inv.currency !== inv.base_currency;
    // Half of it (whole units), received at 0.05 below the invoice's rate: a loss of about 0.05 per unit.
    const part = Math.floor(total / 200) * 100;
    const rate = (Number(inv.exchange_rate) - 0.05).toFixed(6);
    // In the base currency, each side rounded to cents as the server does: units × rate (6 decimals).
    const base = (r: string) => Math.round(((part / 100) * Math.round(Number(r) * 1e6)) / 1e4);
    const difference = foreign ? base(rate) - base(inv.exchange_rate) : 0;

    await page.goto(`/INV/arDetails/${inv.inv_id}`);
    await expect(page.getByTestId('invoice-detail')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('invoice-tab-settlement').click();
    await expect(page.getByTestId('settlement-outstanding')).toHaveText(`${fmt(total)} ${inv.currency}`);

    // Partial receipt: an amount, at the day's rate the bank gave.
    await page.getByTestId('settlement-record').click();
    await expect(page.getByTestId('settlement-dialog')).toBeVisible();
    await page.getByTestId('settlement-mode-amount').click();
    await page.getByTestId('settlement-amount').fill(String(part / 100));
    if (foreign) await page.getByTestId('settlement-rate').fill(rate);
    await page.getByTestId('settlement-bank-ref').fill('E2E-HSBC-0001');
    await expect(page.getByTestId('settlement-to-settle')).toHaveText(`${fmt(part)} ${inv.currency}`);
    await page.getByTestId('settlement-submit').click();
    await expect(page.getByText(/Settlement RC\d{8} recorded\./)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('settlement-outstanding')).toHaveText(
      `${fmt(total - part)} ${inv.currency}`,
    );
    await expect(page.getByTestId('settlement-marker')).toHaveText('Partly settled');
    const first = (
      await api<{ settlement_no: string; exchange_difference: string }[]>(
        fin.token,
        'GET',
        `/Settlement?inv_id=${inv.inv_id}`,
      )
    ).body[0];
    expect(cents(first.exchange_difference)).toBe(difference);
    await expect(page.getByTestId(`settlement-diff-${first.settlement_no}`)).toContainText(
      difference < 0 ? `-${fmt(-difference)}` : fmt(difference),
    );
    if (foreign)
      await expect(page.getByTestId(`settlement-diff-${first.settlement_no}`)).toContainText('Loss');

    // The rest: the whole outstanding at the day's rate.
    await page.getByTestId('settlement-record').click();
    await expect(page.getByTestId('settlement-dialog')).toBeVisible();
    await expect(page.getByTestId('settlement-to-settle')).toHaveText(`${fmt(total - part)} ${inv.currency}`);
    if (foreign) await page.getByTestId('settlement-rate').fill(inv.exchange_rate);
    await page.getByTestId('settlement-submit').click();
    await expect(page.getByTestId('settlement-outstanding')).toHaveText(`${fmt(0)} ${inv.currency}`, {
      timeout: 30_000,
    });
    await expect(page.getByTestId('settlement-marker')).toHaveText('Settled');
    await expect(page.getByTestId('settlement-record')).toHaveCount(0);

    // It is in the Settled list now, with nothing outstanding.
    await page.goto(`/INV/arSearch/Settled?q=${encodeURIComponent(inv.invoice_no)}`);
    await expect(page.getByTestId(`invoice-link-${inv.invoice_no}`)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId(`invoice-outstanding-${inv.invoice_no}`)).toHaveText(fmt(0));
    await fin.context.close();
  });
});
