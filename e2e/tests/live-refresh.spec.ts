import { api, containerNo } from '../support/booking-api';
import { BASE, signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';

// Issue 39, documents that update themselves: ops keeps a booking and a consolidation plan open; other users
// (the consignee and the agent, each signed in in a browser context of their own) decide on them, and ops's pages
// show the new status without a reload (the notification socket's DocumentChanged). With unsaved input the
// input stays and the record-not-latest notice offers Reload.

const RUN = Date.now() % 100_000;
let serial = 750_000 + RUN;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \ntrailer<</Size 3/Root 1 0 R>>\n' +
    'startxref\n95\n%%EOF\n',
);

/** Ops uploads the packing list an agent's plan needs before its approval (multipart, as the screen sends it). */
async function uploadPackingList(token: string, consolNo: string) {
  const form = new FormData();
  form.append('document_type', 'PL');
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), `packing-live-${RUN}.pdf`);
  const res = await fetch(`${BASE}/api/v1/Document/consolidation/${consolNo}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** A screen's first paint on a cold page of a busy 2-core runner can exceed 20 s. */
const FIRST_PAINT = { timeout: 60_000 };

/**
 * A confirmed copy of the demo US booking PO-WC-24350 (consignee USLAX001, agent CNSHA001) with one sailing
 * proposed and the customer's approval requested, all through ops's API: "Pending customer".
 */
async function pendingCustomerBooking(token: string, po: string): Promise<string> {
  const found = await api<{ rows: { so_no: string }[] }>(
    token,
    'GET',
    '/Booking/list/search_booking?q=PO-WC-24350',
  );
  const source = found.body.rows[0]?.so_no;
  expect(source, 'demo booking PO-WC-24350').toBeTruthy();
  const copy = await api<Record<string, unknown> & { containers: Record<string, unknown>[] }>(
    token,
    'GET',
    `/Booking/${source}/copy`,
  );
  const made = await api<{ so_no: string; version: number }>(token, 'POST', '/Booking', {
    ...copy.body,
    po_no: po,
    containers: copy.body.containers.map((c) => ({
      ...c,
      container_no: containerNo('TGHU', serial++),
      seal_no: `SL${serial}`,
      carrier_booking_no: `COSU${serial}`,
    })),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const soNo = made.body.so_no;
  const confirmed = await api(token, 'POST', `/Booking/${soNo}/actions/confirm`, {
    version: made.body.version,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const rows = await api<{ rows: { sailing_id: number; rate_id: number | null }[] }>(
    token,
    'GET',
    `/BookingApproval/${soNo}/compare`,
  );
  const first = rows.body.rows[0];
  let version = (await api<{ version: number }>(token, 'GET', `/BookingApproval/${soNo}`)).body.version;
  const proposed = await api<{ version: number }>(token, 'POST', `/BookingApproval/${soNo}/actions/propose`, {
    version,
    proposals: [{ sailing_id: first.sailing_id, rate_id: first.rate_id }],
  });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  version = proposed.body.version;
  const asked = await api(token, 'POST', `/BookingApproval/${soNo}/actions/request_approval`, { version });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return soNo;
}

/** The customer's approval through its own session (the approval's version as that user reads it). */
async function approveBooking(token: string, soNo: string) {
  const a = await api<{ version: number; proposals: { proposal_id?: number; seq?: number }[] }>(
    token,
    'GET',
    `/BookingApproval/${soNo}`,
  );
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  const res = await api(token, 'POST', `/BookingApproval/${soNo}/actions/approve`, {
    version: a.body.version,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function openBooking(page: Page, soNo: string) {
  await page.goto(`/BMS/enhance_booking_approval/shipping_order/${soNo}`);
  await expect(page.getByTestId('booking-title')).toContainText(soNo, FIRST_PAINT);
  await expect(page.getByTestId('approval-status')).toHaveText('Pending customer', FIRST_PAINT);
}

test.describe('live documents', () => {
  test('ops’s open booking and plan show another user’s approval without a reload; unsaved input is kept under the notice', async ({
    browser,
  }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    const consignee = await signedInContext(browser, 'consignee@demo.test');
    const agent = await signedInContext(browser, 'agent@demo.test');
    const p = ops.page;
    const [soA, soB] = [
      await pendingCustomerBooking(ops.token, `PO-LIVE-A-${RUN}`),
      await pendingCustomerBooking(ops.token, `PO-LIVE-B-${RUN}`),
    ];

    // 1. A demo plan pending the agent's approval (one proposed sailing), open at ops: the agent approves.
    const list = await api<{ rows: { consol_no: string; status: string }[] }>(
      agent.token,
      'GET',
      '/Consolidation/list/search_consolidation?pageSize=50',
    );
    let consolNo = '';
    let version = 0;
    for (const row of list.body.rows.filter((r) => r.status === 'PENDING_CUSTOMER')) {
      const plan = await api<{ version: number; proposals: unknown[]; allowed_actions: string[] }>(
        agent.token,
        'GET',
        `/Consolidation/${row.consol_no}`,
      );
      if (plan.body.proposals.length === 1 && plan.body.allowed_actions.includes('approve')) {
        consolNo = row.consol_no;
        version = plan.body.version;
        break;
      }
    }
    expect(consolNo, 'a demo plan pending the agent with one proposed sailing').not.toBe('');
    await uploadPackingList(ops.token, consolNo);
    version = (await api<{ version: number }>(agent.token, 'GET', `/Consolidation/${consolNo}`)).body.version;
    await p.goto(`/BMS/consolidation/consolidation_management/${consolNo}`);
    await expect(p.getByTestId('consol-title')).toHaveText(consolNo, FIRST_PAINT);
    await expect(p.getByTestId('consol-status')).toHaveText('Pending customer approval');
    const approved = await api(agent.token, 'POST', `/Consolidation/${consolNo}/actions/approve`, {
      version,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await expect(p.getByTestId('consol-status')).toHaveText('Approved');
    await expect(p.getByTestId('consol-stale')).toHaveCount(0);

    // 2. The booking open at ops, nothing typed: the consignee approves, ops's page moves on by itself.
    await openBooking(p, soA);
    await approveBooking(consignee.token, soA);
    await expect(p.getByTestId('approval-status')).toHaveText('Approved');
    await expect(p.getByTestId('booking-conflict')).toHaveCount(0);

    // 3. Another booking, with something typed and not saved: the input stays, the notice says the record is
    // not the latest; Reload shows the approval (and replaces the input).
    await openBooking(p, soB);
    await p.getByTestId('booking-tab-header').click();
    const typed = `UNSAVED-${RUN}`;
    await p.getByTestId('booking-field-shipper_ref').fill(typed);
    await approveBooking(consignee.token, soB);
    await expect(p.getByTestId('booking-conflict')).toContainText('Record not latest');
    await expect(p.getByTestId('booking-field-shipper_ref')).toHaveValue(typed);
    await expect(p.getByTestId('approval-status')).toHaveText('Pending customer');
    await p.getByTestId('booking-reload').click();
    await expect(p.getByTestId('approval-status')).toHaveText('Approved');
    await expect(p.getByTestId('booking-field-shipper_ref')).not.toHaveValue(typed);

    for (const c of [ops, consignee, agent]) await c.context.close();
  });
});
