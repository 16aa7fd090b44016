import { api } from '../support/booking-api';
import { BASE, PASSWORD, signedInContext } from '../support/session';
import { expect, test } from '../support/test';

// Issue 39: consolidation and invoice events in the notification centre, in real time. One browser (ops): it
// follows a plan from the plan's screen; another user's move on the plan and on ops's own invoice raise the
// bell and the popup without a reload; the settings screen lists the new modules.

/** A token of another user (no browser needed: it acts through the API, as another person would). */
async function tokenOf(login: string): Promise<string> {
  const res = await fetch(`${BASE}/api/v1/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password: PASSWORD, language: 'en-US' }),
  });
  expect(res.status, `API sign-in of ${login}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

interface Inv {
  inv_id: number;
  version: number;
  invoice_no: string;
}

test.describe('notifications of plans and invoices', () => {
  test('ops follows a plan and hears of the supervisor’s proposal, then of its invoice’s rejection, without reloading', async ({
    browser,
  }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    const supervisor = await tokenOf('supervisor@demo.test');
    const page = ops.page;
    expect((await api<boolean>(ops.token, 'POST', '/markAllNotificationMessagesAsRead', {})).body).toBe(true);

    // A demo plan still being planned (one with SOs), opened from its screen and followed there.
    const list = await api<{ rows: { consol_no: string; status: string; so_count?: number }[] }>(
      ops.token,
      'GET',
      '/Consolidation/list/search_consolidation?pageSize=50',
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const candidates = list.body.rows.filter(
      (r) => r.status === 'PLAN' || r.status === 'REQUEST_FOR_APPROVAL',
    );
    let consolNo = '';
    let sailingId = 0;
    let version = 0;
    for (const c of candidates) {
      const plan = await api<{ version: number; sos: unknown[] }>(
        ops.token,
        'GET',
        `/Consolidation/${c.consol_no}`,
      );
      const sailings = await api<{ sailing_id: number }[]>(
        ops.token,
        'GET',
        `/Consolidation/${c.consol_no}/sailings`,
      );
      if (plan.body.sos.length && sailings.body.length) {
        consolNo = c.consol_no;
        sailingId = sailings.body[0].sailing_id;
        version = plan.body.version;
        break;
      }
    }
    expect(consolNo, 'a demo plan with SOs and a sailing on its lane').not.toBe('');
    // (a retry finds the plan followed: start from "not following")
    await api(ops.token, 'POST', '/unfollowNotification', { module: 'consolidation', doc_code: consolNo });
    await page.goto(`/BMS/consolidation/consolidation_management/${consolNo}`);
    await expect(page.getByTestId('consol-title')).toHaveText(consolNo);
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAttribute('data-count', '0');
    await page.getByTestId('notification-follow').click();
    await expect(page.getByTestId('notification-unfollow')).toBeVisible();

    // The supervisor submits the plan with a proposed sailing: ops (a follower) hears of it at once.
    const proposed = await api(supervisor, 'POST', `/Consolidation/${consolNo}/actions/propose`, {
      version,
      proposals: [{ sailing_id: sailingId }],
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    await expect(bell).toHaveAttribute('data-count', '1');
    await expect(page.getByTestId('notification-popup-link').filter({ hasText: consolNo })).toBeVisible();

    // An invoice ops created and prepared, rejected by the supervisor: its creator hears of it at once.
    const jobs = await api<{ rows: { job_nos: string[] }[] }>(
      ops.token,
      'GET',
      '/Invoice?q=JBDEMO&pageSize=10&inv_type=AR',
    );
    const job = jobs.body.rows[0].job_nos[0];
    const draft = await api<Record<string, unknown>>(
      ops.token,
      'GET',
      `/Invoice/newbyjob/HKCAR001/${job}?inv_type=AP`,
    );
    const created = await api<Inv>(ops.token, 'POST', '/Invoice', {
      ...draft.body,
      kind: 'AP',
      currency: 'USD',
      exchange_rate: '7.78',
      invoice_date: '2026-03-01',
      sub_type: 'RECEIPT',
      lines: [
        {
          charge_code: 'OFR',
          description: 'Ocean freight',
          unit_price: '1500',
          quantity: '1',
          uom: '40HQ',
          dr_cr: 'DR',
          tax_code: 'NOTAX',
          tax_rate: '0',
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const prepared = await api<Inv>(ops.token, 'POST', `/Invoice/${created.body.inv_id}/action`, {
      action: 'prepare',
      version: created.body.version,
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const rejected = await api<Inv>(supervisor, 'POST', `/Invoice/${created.body.inv_id}/action`, {
      action: 'reject_1',
      version: prepared.body.version,
      reason: 'Rate above the quotation',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    await expect(bell).toHaveAttribute('data-count', '2');
    // (the plan's popup may still be up: each message pops up on its own)
    await expect(
      page.getByTestId('notification-popup-link').filter({ hasText: created.body.invoice_no }),
    ).toBeVisible();

    // The centre lists it in words; opening it shows the invoice, which ops may follow too.
    await bell.click();
    const item = page.getByTestId('notification-item').filter({ hasText: created.body.invoice_no });
    await expect(item).toContainText('Rate above the quotation');
    await item.getByTestId('notification-open').click();
    await expect(page).toHaveURL(new RegExp(`/INV/apDetails/${created.body.inv_id}$`));
    await expect(page.getByTestId('invoice-title')).toContainText(created.body.invoice_no);
    await expect(page.getByTestId('notification-follow')).toBeVisible();
    await expect(bell).toHaveAttribute('data-count', '1');

    // The settings screen offers the new modules with their events in words.
    await page.goto('/BMS/Notification/masterSetting');
    for (const m of ['consolidation', 'master_bl', 'invoice'])
      await expect(page.getByTestId(`notification-setting-${m}`)).toBeVisible();
    await expect(page.getByTestId('notification-setting-invoice')).toContainText('Invoice posting failed');
    await expect(page.getByTestId('notification-setting-consolidation')).toContainText(
      'Consol plan approval requested',
    );

    await ops.context.close();
  });
});
