import { readFileSync } from 'node:fs';
import {
  CARRIER_LINK_MSG,
  containerCheckDigit,
  MBL_CARRIER_MSG,
  MBL_MSG,
  type TMblCarrierView,
  type TMblInput,
  ZMblFields,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type CarrierDcsaStandIn,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  startCarrierDcsaStandIn,
  validateAgainst,
} from '../../../../../standins/carrier-dcsa/carrier-dcsa-stand-in.mjs';
import { createTestBooking } from '../../../test/booking-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { type DcsaStandard, validateDcsa, validateDcsaSchema } from '../../platform/dcsa';
import { registeredJobs } from '../../platform/jobs/job-registry';
import { type JobRunner, startJobRunner } from '../../platform/jobs/job-runner';
import { CARRIER_OUTBOX_JOB } from '../carrier-link';
import { callsOf } from '../consolidation/consolidation.test-helpers';

// The master bill over a live DCSA eBL 3.0 connection (issue 42) against the carrier stand-in started here, with
// zero delays: the portal listens on a real port for the stand-in's notifications, and carrier-link's outbox and
// poll jobs run in a job runner of this file's database (woken by the commit's NOTIFY, as in production).

const CARRIER = 'MAEU';
const NOTIFY_SECRET = 'H3-notify-secret-0123456789';
const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

let t: TestApp;
let api: ReturnType<typeof callsOf>;
let ops: Record<string, string>;
let admin: Record<string, string>;
let shipper: Record<string, string>;
let standIn: CarrierDcsaStandIn;
let runner: JobRunner;

beforeAll(async () => {
  t = await createTestApp({
    CARRIER_LINK_ALLOW_PRIVATE: '127.0.0.1',
    CARRIER_LINK_RETRY_MS: '200',
    CARRIER_LINK_POLL_MS: '3600000',
    SECRETS_KEY,
  });
  api = callsOf(t);
  [ops, admin, shipper] = (
    await Promise.all(
      ['ops@demo.test', 'admin@demo.test', 'shipper@demo.test'].map((l) => sessionToken(t, l)),
    )
  ).map(bearer);
  const portal = await t.app.listen({ port: 0, host: '127.0.0.1' });
  standIn = await startCarrierDcsaStandIn({
    carriers: [
      {
        code: CARRIER,
        auth: { kind: 'OAUTH2', clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET },
        notifyBaseUrl: `${portal}/api/v1/carrier-link/${CARRIER}`,
        notifySecret: NOTIFY_SECRET,
        confirmDelayMs: 0,
        draftDelayMs: 0,
        issueDelayMs: 0,
        notifyDelayMs: 0,
        sailing: { portOfLoading: 'CNSHA', portOfDischarge: 'USLAX' },
      },
    ],
  });
  const { rows } = await t.db.execute<{ id: number; db: string }>(
    sql`select id, current_database() as db from carriers where carrier_code = ${CARRIER}`,
  );
  const base = standIn.baseUrl(CARRIER);
  const saved = await api.put(admin, `/Carrier/${rows[0].id}/connection`, {
    base_url: base,
    auth_kind: 'OAUTH2',
    token_url: `${base}/oauth/token`,
    client_id: DEMO_CLIENT_ID,
    secret: DEMO_CLIENT_SECRET,
    inbound_secret: NOTIFY_SECRET,
    booking_version: '2.0',
    ebl_version: '3.0',
    enabled: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  runner = await startJobRunner({
    databaseUrl: inject('adminDbUrl').replace(/\/[^/]*$/, `/${rows[0].db}`),
    db: t.db,
    jobs: registeredJobs().filter((j) => j.name.startsWith('carrier-link.')),
    log: () => {},
    pollingIntervalSeconds: 0.5,
  });
  // The runner's queues exist and its workers poll before the clock of the round trip starts.
  const warm = await runner.runNow(CARRIER_OUTBOX_JOB);
  expect(await runner.waitFor(CARRIER_OUTBOX_JOB, warm as string)).toBe('completed');
  // Both sides compile a schema's validator on its first use (seconds on a busy machine): done here, timed apart,
  // so the round trip below is the exchange itself.
  const c0 = performance.now();
  validateDcsa('ebl-si-3.0', {});
  validateDcsa('ebl-td-3.0', {});
  for (const name of [
    'CreateShippingInstructions',
    'CreateShippingInstructionsResponse',
    'UpdateShippingInstructions',
    'ApproveTransportDocument',
    'ShippingInstructionsNotification',
    'ShippingInstructions',
    'TransportDocumentNotification',
    'TransportDocument',
    'ErrorResponse',
  ]) {
    validateDcsaSchema('EBL', name, {});
    validateAgainst('EBL', name, {});
  }
  console.info(
    `[master-bl.carrier] eBL validators compiled (portal and stand-in): ${(performance.now() - c0).toFixed(0)} ms`,
  );
}, 180_000);

afterAll(async () => {
  await runner?.stop();
  await standIn?.close();
  await t?.close();
});

/** An ISO 6346 number with its check digit. */
let serial = 771100;
const nextNo = () => {
  const first10 = `MSKU${String(serial++).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};

/** A draft FCL bill of one confirmed SO (one 40HQ with its number and seal, an HS code): valid SI. */
async function exportable(over: { carrier_code?: string; hs?: boolean } = {}) {
  const containerNo = nextNo();
  const so = await createTestBooking(
    t.db,
    { status: 'CONFIRMED', carrier_code: over.carrier_code ?? CARRIER },
    [
      {
        size_type: '40HQ',
        container_no: containerNo,
        seal_no: `S${containerNo.slice(-5)}`,
        carrier_booking_no: `${CARRIER}${serial}`,
        package_qty: 100,
        gross_weight: '1000',
        cbm: '10',
      },
    ],
  );
  if (over.hs !== false)
    await t.db.execute(sql`insert into so_hs_lines (so_id, line_no, hs_code, description, package_qty, gross_weight, cbm)
      values (${so.so_id}, 1, '8518.30', 'Headphones', 100, 1000, 10)`);
  const draft = await api.get(ops, `/MasterBL/draft?so_nos=${so.so_no}`);
  expect(draft.statusCode, draft.body).toBe(200);
  const res = await api.post(ops, '/MasterBL', draft.json() as TMblInput);
  expect(res.statusCode, res.body).toBe(201);
  return { bl: res.json() as Record<string, string> & { version: number }, containerNo };
}

const view = async (no: string, who = ops) => {
  const res = await api.get(who, `/MasterBL/${no}/carrier`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TMblCarrierView;
};

/** Reads the panel until `done` holds (the outbox, the stand-in and its notification are asynchronous). */
async function until(no: string, done: (v: TMblCarrierView) => boolean, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  let v = await view(no);
  while (!done(v)) {
    if (Date.now() > end) throw new Error(`${what}: not reached in ${ms} ms; last view ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
    v = await view(no);
  }
  return v;
}

const historyOf = async (no: string, action: string) =>
  ((await api.get(ops, `/MasterBL/${no}/history`)).json() as { action: string; changes: unknown }[]).filter(
    (h) => h.action === action,
  );

/** The schema of each request the portal may send the carrier (method + path below the carrier's base). */
function schemaOf(method: string, path: string): [DcsaStandard, string] | null {
  if (method === 'POST' && path === '/v3/shipping-instructions') return ['EBL', 'CreateShippingInstructions'];
  if (method === 'PUT' && /^\/v3\/shipping-instructions\/[^/]+$/.test(path))
    return ['EBL', 'UpdateShippingInstructions'];
  if (method === 'PATCH' && /^\/v3\/transport-documents\/[^/]+$/.test(path))
    return ['EBL', 'ApproveTransportDocument'];
  return null;
}

/**
 * Every DCSA request the stand-in received from the portal since `from`, each validated here against the YAML
 * (the portal's validator) besides the stand-in's own check; answers them as `METHOD path`.
 */
function sentSince(from: number) {
  const requests = standIn.received({ carrier: CARRIER }).slice(from);
  const out: string[] = [];
  for (const r of requests) {
    if (r.path === '/oauth/token') continue;
    if (r.method === 'GET') {
      out.push(`GET ${r.path}`);
      continue;
    }
    const schema = schemaOf(r.method, r.path);
    expect(schema, `${r.method} ${r.path} is not a request the master bill sends`).not.toBeNull();
    const [standard, name] = schema as [DcsaStandard, string];
    expect(validateDcsaSchema(standard, name, r.body), `${r.method} ${r.path} against ${name}`).toEqual([]);
    expect(r.valid, `${r.method} ${r.path}: the stand-in's own validation`).toBe(true);
    expect(r.headers['api-version']).toBe('3');
    expect(r.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    out.push(
      `${r.method} ${r.path.replace(/^(\/v3\/(shipping-instructions|transport-documents))\/[^/]+$/, '$1/{ref}')}`,
    );
  }
  return { requests, sent: out };
}

describe('master bill over DCSA eBL 3.0: SI → draft TD → review → approve → issued (issue 42)', () => {
  it('requests an amendment: PUT UpdateShippingInstructions, then a new draft to review again', async () => {
    const { bl } = await exportable();
    const from = standIn.received({ carrier: CARRIER }).length;
    const t0 = performance.now();
    expect(
      (await api.post(ops, `/MasterBL/${bl.mbl_no}/carrier/submit`, { version: bl.version })).statusCode,
    ).toBe(200);
    const first = await until(bl.mbl_no, (v) => v.td_status === 'DRAFT', 'first draft');
    const toDraftMs = performance.now() - t0;
    const dismissed = await api.post(ops, `/MasterBL/${bl.mbl_no}/carrier/accept`, {
      version: first.mbl_version,
      fields: [],
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const afterReview = dismissed.json() as TMblCarrierView;
    expect(afterReview.reviewed).toBe(true);

    // The bill changes (the goods description), and the user asks the carrier to amend its draft.
    const bill = (await api.get(ops, `/MasterBL/${bl.mbl_no}`)).json();
    const keys = Object.keys(ZMblFields.shape);
    const saved = await api.put(ops, `/MasterBL/${bl.mbl_no}`, {
      ...Object.fromEntries(Object.entries(bill).filter(([k]) => keys.includes(k))),
      version: bill.version,
      goods_description: 'HEADPHONES AND SPARE EAR CUSHIONS',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const t1 = performance.now();
    const amend = await api.post(ops, `/MasterBL/${bl.mbl_no}/carrier/submit`, {
      version: saved.json().version,
    });
    expect(amend.statusCode, amend.body).toBe(200);
    const firstDraftAt = first.td?.carrier_document_at as string;
    const second = await until(
      bl.mbl_no,
      (v) =>
        v.td_status === 'DRAFT' &&
        !!v.td?.carrier_document_at &&
        v.td.carrier_document_at > firstDraftAt &&
        v.si?.carrier_sub_status === 'UPDATE_CONFIRMED' &&
        v.si?.link_state === 'SYNCED',
      'the amended draft',
    );
    const toAmendedMs = performance.now() - t1;
    console.info(
      `[master-bl.carrier] zero-delay stand-in, the first SI of this process: submit → draft TD ${toDraftMs.toFixed(0)} ms; amendment (PUT) → new draft ${toAmendedMs.toFixed(0)} ms`,
    );
    // The same document number, a new draft: its differences are to be reviewed again before approval.
    expect(second.td?.transport_document_reference).toBe(first.td?.transport_document_reference);
    expect(second).toMatchObject({ reviewed: false, can: { approve: false, accept: true } });

    const { requests, sent } = sentSince(from);
    expect(sent.filter((s) => !s.startsWith('GET '))).toEqual([
      'POST /v3/shipping-instructions',
      'PUT /v3/shipping-instructions/{ref}',
    ]);
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/v3/shipping-instructions/${first.si?.carrier_ref}`);
    expect(put?.body).toMatchObject({
      shippingInstructionsReference: first.si?.carrier_ref,
      consignmentItems: [{ descriptionOfGoods: ['HEADPHONES AND SPARE EAR CUSHIONS'] }],
    });
    expect(standIn.problems()).toEqual([]);
  }, 90_000);

  it('submits the SI, shows the draft differences, takes the ticked ones, approves, takes the issued number', async () => {
    const { bl } = await exportable();
    const before = await view(bl.mbl_no);
    expect(before).toMatchObject({
      connected: true,
      carrier_code: CARRIER,
      si: null,
      td: null,
      differences: [],
      can: { submit: true, update: false, accept: false, approve: false },
    });
    const from = standIn.received({ carrier: CARRIER }).length;

    const t0 = performance.now();
    const submitted = await api.post(ops, `/MasterBL/${bl.mbl_no}/carrier/submit`, { version: bl.version });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().si).toMatchObject({ kind: 'SI', link_state: 'SENDING' });
    const drafted = await until(bl.mbl_no, (v) => v.td_status === 'DRAFT', 'draft transport document');
    const toDraftMs = performance.now() - t0;

    expect(drafted.si).toMatchObject({ kind: 'SI', carrier_status: 'RECEIVED' });
    expect(drafted.si?.carrier_ref).toBeTruthy();
    const tdRef = drafted.td?.transport_document_reference as string;
    expect(tdRef).toMatch(/^MAEU/);
    // The stand-in's sailing: its vessel and voyage, and the TD's number, are what the bill may take.
    const appliable = drafted.differences.filter((d) => d.appliable);
    expect(appliable.map((d) => d.field).sort()).toEqual(['carrier_mbl_no', 'vessel_name', 'voyage']);
    expect(appliable.find((d) => d.field === 'vessel_name')).toMatchObject({
      ours: bl.vessel_name,
      carrier: 'STAND-IN EXPRESS',
    });
    expect(drafted).toMatchObject({
      reviewed: false,
      can: { submit: false, update: true, accept: true, approve: false },
    });

    // Approving before the review: refused, nothing sent.
    const early = await api.post(ops, `/MasterBL/${bl.mbl_no}/carrier/approve`, { version: bl.version });
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json().msgKey).toBe(MBL_CARRIER_MSG.tdNotReviewed);

    // Take the vessel, reject the voyage and the number (the number comes with the issued document).
    const accepted = await api.post(ops, `/MasterBL/${bl.mbl_no}/carrier/accept`, {
      version: bl.version,
      fields: ['vessel_name'],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const reviewed = accepted.json() as TMblCarrierView;
    expect(reviewed).toMatchObject({ reviewed: true, can: { approve: true } });
    expect(reviewed.mbl_version).toBe(bl.version + 1);
    expect(reviewed.td?.events.at(-1)).toMatchObject({ event: 'REVIEWED', source: 'USER' });
    const bill = (await api.get(ops, `/MasterBL/${bl.mbl_no}`)).json();
    expect(bill).toMatchObject({ vessel_name: 'STAND-IN EXPRESS', voyage: bl.voyage, carrier_mbl_no: null });
    expect((await historyOf(bl.mbl_no, 'dcsa_import'))[0].changes).toEqual({
      vessel_name: { from: bl.vessel_name, to: 'STAND-IN EXPRESS' },
    });
    expect(Object.keys((await historyOf(bl.mbl_no, 'dcsa_reject'))[0].changes as object).sort()).toEqual([
      'carrier_mbl_no',
      'voyage',
    ]);

    // A stale version is refused (the accept moved the bill on).
    const stale = await api.post(ops, `/MasterBL/${bl.mbl_no}/carrier/approve`, { version: bl.version });
    expect(stale.statusCode, stale.body).toBe(409);

    const t1 = performance.now();
    const approved = await api.post(ops, `/MasterBL/${bl.mbl_no}/carrier/approve`, {
      version: reviewed.mbl_version,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ can: { approve: false, update: false } });
    // The bill itself (not the panel, whose read would also take the number): carrier-link's news hook wrote it.
    const end = Date.now() + 20_000;
    while ((await api.get(ops, `/MasterBL/${bl.mbl_no}`)).json().carrier_mbl_no !== tdRef) {
      if (Date.now() > end) throw new Error('the carrier MBL no. of the issued document never came');
      await new Promise((r) => setTimeout(r, 25));
    }
    const toIssuedMs = performance.now() - t1;
    const issued = await view(bl.mbl_no);
    expect(issued).toMatchObject({ td_status: 'ISSUED', carrier_mbl_no: tdRef });
    expect(issued.can).toEqual({ submit: false, update: false, accept: false, approve: false });
    const taken = await historyOf(bl.mbl_no, 'carrier_td_issued');
    expect(taken).toMatchObject([
      { changes: { carrier_mbl_no: { from: null, to: tdRef } }, actor_name: `${CARRIER} (DCSA)` },
    ]);

    const { sent } = sentSince(from);
    expect(sent.filter((s) => !s.startsWith('GET '))).toEqual([
      'POST /v3/shipping-instructions',
      'PATCH /v3/transport-documents/{ref}',
    ]);
    expect(standIn.problems()).toEqual([]);
    console.info(
      `[master-bl.carrier] zero-delay stand-in, warm: submit → draft TD ${toDraftMs.toFixed(0)} ms; approve → issued + carrier MBL no. ${toIssuedMs.toFixed(0)} ms; SI→TD→approve→issued ${(toDraftMs + toIssuedMs).toFixed(0)} ms (review not counted)`,
    );
  }, 90_000);

  it('refuses a transport document notification that fails the schema: 400 in DCSA shape, nothing changed', async () => {
    const { bl } = await exportable();
    expect(
      (await api.post(ops, `/MasterBL/${bl.mbl_no}/carrier/submit`, { version: bl.version })).statusCode,
    ).toBe(200);
    const drafted = await until(bl.mbl_no, (v) => v.td_status === 'DRAFT', 'draft');
    const [last] = standIn.notifications({ carrier: CARRIER, kind: 'transport-document' }).slice(-1);
    const bad = structuredClone(last.body);
    bad.id = crypto.randomUUID();
    bad.data.transportDocumentStatus = 'ISSUED';
    bad.data.transportDocument.transportDocumentStatus = 'ISSUED';
    delete bad.data.transportDocument.transports; // required by TransportDocument
    const answer = await standIn.notify({ carrier: CARRIER, kind: 'transport-document', body: bad });
    expect(answer.status).toBe(400);
    const error = JSON.parse(answer.body);
    expect(validateDcsaSchema('EBL', 'ErrorResponse', error)).toEqual([]);
    expect(error).toMatchObject({ httpMethod: 'POST', statusCode: 400 });
    const after = await view(bl.mbl_no);
    expect(after).toEqual(drafted);
    expect((await api.get(ops, `/MasterBL/${bl.mbl_no}`)).json().carrier_mbl_no).toBeNull();
  }, 60_000);
});

describe('the issued number at the next read (no hook ran)', () => {
  it("takes an ISSUED document's number on the panel's read, unless another bill of the carrier holds it", async () => {
    const a = await exportable();
    const b = await exportable();
    expect(
      (await api.post(ops, `/MasterBL/${a.bl.mbl_no}/carrier/submit`, { version: a.bl.version })).statusCode,
    ).toBe(200);
    const drafted = await until(a.bl.mbl_no, (v) => v.td_status === 'DRAFT', 'draft');
    const tdRef = drafted.td?.transport_document_reference as string;
    // The carrier's news as a poll would have stored it, without telling the bill (no hook): ISSUED.
    await t.db.execute(sql`update carrier_exchanges set carrier_status = 'ISSUED'
      where doc_type = 'MBL' and kind = 'TD' and doc_id = (select mbl_id from master_bls where mbl_no = ${a.bl.mbl_no})`);
    // Another bill of the same carrier holds that number: left as it is, shown as a difference.
    await t.db.execute(sql`update master_bls set carrier_mbl_no = ${tdRef} where mbl_no = ${b.bl.mbl_no}`);
    const held = await view(a.bl.mbl_no);
    expect(held).toMatchObject({ td_status: 'ISSUED', carrier_mbl_no: null });
    expect(held.differences.find((d) => d.field === 'carrier_mbl_no')).toMatchObject({
      ours: null,
      carrier: tdRef,
    });
    expect(await historyOf(a.bl.mbl_no, 'carrier_td_issued')).toEqual([]);

    await t.db.execute(sql`update master_bls set carrier_mbl_no = null where mbl_no = ${b.bl.mbl_no}`);
    const taken = await view(a.bl.mbl_no);
    expect(taken).toMatchObject({ td_status: 'ISSUED', carrier_mbl_no: tdRef });
    expect(taken.differences.find((d) => d.field === 'carrier_mbl_no')).toBeUndefined();
    expect(await historyOf(a.bl.mbl_no, 'carrier_td_issued')).toMatchObject([
      { changes: { carrier_mbl_no: { from: null, to: tdRef } } },
    ]);
    // Read again: nothing more to take, no second entry.
    await view(a.bl.mbl_no);
    expect(await historyOf(a.bl.mbl_no, 'carrier_td_issued')).toHaveLength(1);
  }, 60_000);
});

describe('master bill carrier calls: refusals', () => {
  it('refuses what the bill or its carrier cannot do, with a message key naming why, and sends nothing', async () => {
    const from = standIn.received({ carrier: CARRIER }).length;
    // No connection for the bill's carrier.
    const other = await exportable({ carrier_code: 'MSCU' });
    expect(await view(other.bl.mbl_no)).toMatchObject({ connected: false, can: { submit: false } });
    const unconnected = await api.post(ops, `/MasterBL/${other.bl.mbl_no}/carrier/submit`, {
      version: other.bl.version,
    });
    expect(unconnected.statusCode, unconnected.body).toBe(422);
    expect(unconnected.json().msgKey).toBe(CARRIER_LINK_MSG.notConnected);

    // A bill that cannot make valid SI: the writer's own refusal (an SO without HS code).
    const noHs = await exportable({ hs: false });
    const incomplete = await api.post(ops, `/MasterBL/${noHs.bl.mbl_no}/carrier/submit`, {
      version: noHs.bl.version,
    });
    expect(incomplete.statusCode, incomplete.body).toBe(422);
    expect(incomplete.json().msgKey).toBe(MBL_MSG.soNoHsCode);

    // Stale version, a cancelled bill, nothing to accept or approve yet, an external user, an unknown bill.
    const { bl } = await exportable();
    const post = (what: string, body: unknown, who = ops) =>
      api.post(who, `/MasterBL/${bl.mbl_no}/carrier/${what}`, body);
    expect((await post('submit', { version: bl.version + 5 })).statusCode).toBe(409);
    const noDraft = await post('accept', { version: bl.version, fields: [] });
    expect([noDraft.statusCode, noDraft.json().msgKey]).toEqual([422, MBL_CARRIER_MSG.tdNotDraft]);
    const noApprove = await post('approve', { version: bl.version });
    expect([noApprove.statusCode, noApprove.json().msgKey]).toEqual([422, MBL_CARRIER_MSG.tdNotDraft]);
    const badField = await post('accept', { version: bl.version, fields: ['x\u0000y'] });
    expect(badField.statusCode).toBe(400);
    const external = await post('submit', { version: bl.version }, shipper);
    expect([403, 404]).toContain(external.statusCode);
    expect((await api.get(ops, '/MasterBL/NO-SUCH-BILL/carrier')).statusCode).toBe(404);
    const cancel = await api.post(ops, `/MasterBL/${bl.mbl_no}/actions/cancel`, {
      version: bl.version,
      reason: 'test',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await post('submit', { version: cancel.json().version });
    expect([cancelled.statusCode, cancelled.json().msgKey]).toEqual([422, MBL_CARRIER_MSG.billState]);
    expect((await view(bl.mbl_no)).can).toEqual({
      submit: false,
      update: false,
      accept: false,
      approve: false,
    });

    expect(standIn.received({ carrier: CARRIER }).slice(from)).toEqual([]);
  }, 60_000);

  it('translates its message keys in the three languages', () => {
    for (const lang of ['en-US', 'zh-HK', 'zh-CN']) {
      const msg = JSON.parse(
        readFileSync(new URL(`../../../../web/src/shared/locales/${lang}/msg.json`, import.meta.url), 'utf8'),
      ) as Record<string, string>;
      const missing = Object.values(MBL_CARRIER_MSG).filter((k) => !msg[k]);
      expect(missing, lang).toEqual([]);
    }
  });
});
