import {
  containerCheckDigit,
  MBL_ACTION_NAMES,
  MBL_MSG,
  MBL_STATUSES,
  MBL_TRANSITIONS,
  type TMblInput,
  ZMblFields,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBooking } from '../../../test/booking-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { validateDcsa } from '../../platform/dcsa';
import { createExternalUser } from '../booking-approval/booking-approval.test-helpers';
import { callsOf, lclSo, planBody } from '../consolidation/consolidation.test-helpers';

let t: TestApp;
type H = Record<string, string>;
let ops: H;
let agent: H;
let agentB: H;
let api: ReturnType<typeof callsOf>;

beforeAll(async () => {
  t = await createTestApp();
  api = callsOf(t);
  await createExternalUser(t.db, 'agent-mbl-b@demo.test', 'AGENT', ['DEHAM001']);
  [ops, agent, agentB] = await Promise.all(
    ['ops@demo.test', 'agent@demo.test', 'agent-mbl-b@demo.test'].map(async (u) =>
      bearer(await sessionToken(t, u)),
    ),
  );
});
afterAll(async () => t?.close());

const detailsOf = (res: { json(): { details?: { field: string; msgKey: string }[] } }) =>
  (res.json().details ?? []).map((d) => `${d.field}:${d.msgKey}`);

/** An ISO 6346 number with its check digit. */
const cn = (owner: string, serial: number) => {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};
const CONTAINERS = [cn('MSCU', 123456), cn('TGHU', 876543), cn('CSQU', 305438), cn('MAEU', 123456)];

/** An approved plan of `cargo.length` LCL SOs (CBM each as given), its one 40HQ holding them all. */
async function approvedPlan(cargo: string[] = ['0.1', '0.2']) {
  const sos = [];
  for (const cbm of cargo) sos.push(await lclSo(t.db, {}, { cbm, kg: '100.5', pk: 10 }));
  const body = await planBody(
    t.db,
    sos.map((s) => s.so_no),
    {
      containers: [
        {
          seq: 1,
          size_type: '40HQ',
          container_no: null,
          seal_no: 'SL1',
          carrier_booking_no: 'COSU1',
          actual_kg: '5000',
        },
      ],
      allocations: sos.map((s, i) => ({
        so_no: s.so_no,
        container_seq: 1,
        package_qty: 10,
        cbm: cargo[i],
        kg: '100.5',
        loading_seq: i + 1,
      })),
    },
  );
  const res = await api.post(ops, '/Consolidation', body);
  expect(res.statusCode, res.body).toBe(201);
  const consolNo = res.json().consol_no as string;
  await t.db.execute(sql`update consol_plans set status = 'APPROVED' where consol_no = ${consolNo}`);
  return { consolNo, sos };
}

async function draftOf(q: string) {
  const res = await api.get(ops, `/MasterBL/draft?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TMblInput;
}

/** The editable fields of an answered bill (the body of a PUT). */
function inputOf(bl: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(ZMblFields.shape);
  return Object.fromEntries(Object.entries(bl).filter(([k]) => keys.includes(k)));
}

async function createFromPlan(over: Partial<TMblInput> = {}) {
  const { consolNo, sos } = await approvedPlan();
  const d = await draftOf(`consol_no=${consolNo}`);
  const res = await api.post(ops, '/MasterBL', { ...d, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return { bl: res.json(), consolNo, sos, draft: d };
}

describe('master BL demo data', () => {
  it('gives every dashboard card rows, and the agent demo user its side', async () => {
    const ops0 = (await api.get(ops, '/MasterBL/dashboard')).json().lists as {
      key: string;
      count: number;
      red: number;
    }[];
    expect(ops0.filter((l) => l.count === 0).map((l) => l.key)).toEqual([]);
    expect(ops0.find((l) => l.key === 'master_bl_pending_carrier_no')?.red).toBeGreaterThan(0);
    const mine = (await api.get(agent, '/MasterBL/dashboard')).json().lists as {
      key: string;
      count: number;
    }[];
    expect(mine.find((l) => l.key === 'search_master_bl')?.count).toBeGreaterThan(0);
  });
});

describe('master BL from an approved consolidation', () => {
  it('prefills the draft from the plan and saves it with totals summed as decimals', async () => {
    const { consolNo, sos } = await approvedPlan(['0.1', '0.2']);
    const d = await draftOf(`consol_no=${consolNo}`);
    expect(d).toMatchObject({
      source: 'CONSOL',
      consol_no: consolNo,
      so_nos: sos.map((s) => s.so_no),
      main_so_no: sos[0].so_no,
      pol: 'CNSHA',
      pod: 'USLAX',
    });
    expect(d.containers).toEqual([
      expect.objectContaining({
        seq: 1,
        size_type: '40HQ',
        package_qty: 20,
        cbm: '0.300',
        gross_weight: '201.000',
      }),
    ]);
    const agentId = (
      await t.db.execute<{ id: number }>(
        sql`select party_id as id from parties where party_code = 'CNSHA001'`,
      )
    ).rows[0].id;
    expect(d.consignee_party_id).toBe(agentId);
    const res = await api.post(ops, '/MasterBL', { ...d, undg_no: '1263', imdg_class: '3' });
    expect(res.statusCode, res.body).toBe(201);
    const bl = res.json();
    expect(bl.mbl_no).toMatch(/^MB/);
    expect(bl.status).toBe('DRAFT');
    // 0.1 + 0.2 in JS floats is 0.30000000000000004; the totals are summed in SQL numeric.
    expect(bl.totals).toEqual({
      package_qty: 20,
      package_unit: 'CTN',
      gross_weight: '201.000',
      cbm: '0.300',
    });
    expect(bl.sos.map((s: { so_no: string }) => s.so_no)).toEqual(sos.map((s) => s.so_no));
    expect(bl.allowed_actions).toEqual(['issue', 'cancel']);
    const hist = await api.get(ops, `/MasterBL/${bl.mbl_no}/history`);
    expect(hist.json().map((h: { action: string }) => h.action)).toEqual(['create']);
  });

  it('refuses a plan not approved, and a second bill on the same plan', async () => {
    const sos = [await lclSo(t.db)];
    const plan = await api.post(ops, '/Consolidation', await planBody(t.db, [sos[0].so_no]));
    const consolNo = plan.json().consol_no;
    const d = await draftOf(`consol_no=${consolNo}`);
    const res = await api.post(ops, '/MasterBL', d);
    expect(res.statusCode).toBe(422);
    expect(detailsOf(res)).toContain(`consol_no:${MBL_MSG.consolNotApproved}`);

    const { consolNo: approved, draft } = await createFromPlan();
    const again = await api.post(ops, '/MasterBL', draft);
    expect(again.statusCode).toBe(422);
    expect(detailsOf(again)).toContain(`consol_no:${MBL_MSG.consolHasMbl}`);
    expect(approved).toBeTruthy();
  });
});

/** A confirmed FCL SO with one 40HQ line numbered `containerNo`. */
async function fclSo(containerNo: string, over: Parameters<typeof createTestBooking>[1] = {}) {
  return createTestBooking(t.db, { status: 'CONFIRMED', ...over }, [
    {
      size_type: '40HQ',
      container_no: containerNo,
      seal_no: `S${containerNo.slice(-4)}`,
      carrier_booking_no: 'MAEU555',
      package_qty: 100,
      gross_weight: '1000',
      cbm: '10',
    },
  ]);
}

describe('master BL rules (every rule answers its message on the field)', () => {
  it('refuses LCL SOs on an FCL bill, a different POL, a main SO not on the bill, and bad dangerous goods', async () => {
    const so = await fclSo(CONTAINERS[0]);
    const d = await draftOf(`so_nos=${so.so_no}`);
    expect(d).toMatchObject({
      source: 'FCL',
      carrier_code: 'MAEU',
      vessel_name: 'MAERSK TEST',
      voyage: '001E',
    });
    const lcl = await lclSo(t.db);
    const other = await fclSo(CONTAINERS[1], { pol: 'CNNGB' });
    const res = await api.post(ops, '/MasterBL', {
      ...d,
      so_nos: [so.so_no, lcl.so_no, other.so_no],
      main_so_no: 'NOPE',
      undg_no: '12',
      imdg_class: null,
    });
    expect(res.statusCode).toBe(422);
    const got = detailsOf(res);
    expect(got).toEqual(
      expect.arrayContaining([
        `so_nos.1:${MBL_MSG.soNotFcl}`,
        `so_nos.2:${MBL_MSG.soFieldMismatch}`,
        `main_so_no:${MBL_MSG.mainSoNotIncluded}`,
        `undg_no:${MBL_MSG.undgInvalid}`,
        `imdg_class:${MBL_MSG.dgIncomplete}`,
      ]),
    );
    const imdg = await api.post(ops, '/MasterBL', { ...d, undg_no: '1203', imdg_class: '10' });
    expect(detailsOf(imdg)).toContain(`imdg_class:${MBL_MSG.imdgInvalid}`);
  });

  it('refuses container totals that differ from the SOs, duplicate and invalid container numbers', async () => {
    const so = await fclSo(CONTAINERS[2]);
    const d = await draftOf(`so_nos=${so.so_no}`);
    const c = d.containers[0];
    const totals = await api.post(ops, '/MasterBL', { ...d, containers: [{ ...c, cbm: '12.5' }] });
    expect(totals.statusCode).toBe(422);
    expect(detailsOf(totals)).toContain(`containers:${MBL_MSG.containerTotalsMismatch}`);
    const dup = await api.post(ops, '/MasterBL', {
      ...d,
      containers: [
        { ...c, package_qty: 50, gross_weight: '500', cbm: '5' },
        { ...c, seq: 2, package_qty: 50, gross_weight: '500', cbm: '5' },
      ],
    });
    expect(detailsOf(dup)).toContain(`containers.1.container_no:${MBL_MSG.containerNoDuplicate}`);
    const bad = await api.post(ops, '/MasterBL', {
      ...d,
      containers: [
        { ...c, container_no: `${CONTAINERS[0].slice(0, 10)}${(Number(CONTAINERS[0][10]) + 1) % 10}` },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('containers.0.container_no');
  });

  it('refuses an SO already on a live bill and a carrier MBL number the carrier already used', async () => {
    const so = await fclSo(CONTAINERS[3]);
    const d = await draftOf(`so_nos=${so.so_no}`);
    const first = await api.post(ops, '/MasterBL', { ...d, carrier_mbl_no: 'MAEU900001' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await api.post(ops, '/MasterBL', d);
    expect(detailsOf(again)).toContain(`so_nos.0:${MBL_MSG.soInOtherMbl}`);
    const so2 = await fclSo(cn('TGHU', 123456));
    const d2 = await draftOf(`so_nos=${so2.so_no}`);
    const dupNo = await api.post(ops, '/MasterBL', { ...d2, carrier_mbl_no: 'maeu900001' });
    expect(detailsOf(dupNo)).toContain(`carrier_mbl_no:${MBL_MSG.carrierNoDuplicate}`);
  });

  it('answers a missing required field with msgFieldRequired on it', async () => {
    const res = await api.post(ops, '/MasterBL', { source: 'FCL', so_nos: [] });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().details as { field: string; msgKey: string }[]).map((x) => x.field);
    expect(fields).toEqual(
      expect.arrayContaining(['main_so_no', 'mbl_type', 'consignee_party_id', 'vessel_name']),
    );
  });
});

describe('master BL edits and status moves', () => {
  it('answers a stale version with Record not latest and keeps the newer save', async () => {
    const { bl } = await createFromPlan();
    const { mbl_no, version } = bl;
    const body = { ...inputOf(bl), version };
    const ok = await api.put(ops, `/MasterBL/${mbl_no}`, { ...body, voyage: '053E' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().voyage).toBe('053E');
    const stale = await api.put(ops, `/MasterBL/${mbl_no}`, { ...body, voyage: '054E' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msgKey).toBe('msgRecordNotLatest');
    expect((await api.get(ops, `/MasterBL/${mbl_no}`)).json().voyage).toBe('053E');
  });

  it('records in its history exactly the stored fields an edit changed, old → new', async () => {
    const { bl } = await createFromPlan({ freight_currency: 'USD', freight_amount: '1200.5' });
    expect(bl.freight_amount).toBe('1200.50');
    const c0 = bl.containers[0];
    // The same amount written another way and the same containers are no change; voyage and a seal are.
    const res = await api.put(ops, `/MasterBL/${bl.mbl_no}`, {
      ...inputOf(bl),
      version: bl.version,
      freight_amount: '1200.5',
      voyage: '099W',
      containers: [{ ...c0, seal_no: 'NEWSEAL1' }, ...bl.containers.slice(1)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = (await api.get(ops, `/MasterBL/${bl.mbl_no}/history`)).json()[0];
    expect(entry.action).toBe('update');
    expect(entry.changes).toEqual(storedChanges(bl, res.json()));
    expect(entry.changes).toEqual({
      voyage: { from: bl.voyage, to: '099W' },
      'containers.0.seal_no': { from: c0.seal_no, to: 'NEWSEAL1' },
    });
  });

  it('moves only as MBL_TRANSITIONS says; issue needs the carrier number and container data', async () => {
    expect(Object.keys(MBL_TRANSITIONS).sort()).toEqual([...MBL_STATUSES].sort());
    const { bl } = await createFromPlan();
    const act = (action: string, body: object) =>
      api.post(ops, `/MasterBL/${bl.mbl_no}/actions/${action}`, body);
    const refused = await act('recover', { version: bl.version });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msgKey).toBe(MBL_MSG.actionNotAllowed);
    const noNo = await act('issue', { version: bl.version });
    expect(noNo.statusCode).toBe(422);
    expect(detailsOf(noNo)).toEqual(
      expect.arrayContaining([
        `carrier_mbl_no:${MBL_MSG.carrierNoRequired}`,
        `containers.0.container_no:${MBL_MSG.containerFieldsRequired}`,
      ]),
    );
    const cancelNoReason = await act('cancel', { version: bl.version });
    expect(cancelNoReason.statusCode).toBe(400);
    const cancelled = await act('cancel', { version: bl.version, reason: 'Rolled to next sailing' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', allowed_actions: ['recover'] });
    // The plan is free again: a new bill on it is accepted, and the old one cannot come back.
    const d = await draftOf(`consol_no=${bl.consol_no}`);
    expect((await api.post(ops, '/MasterBL', d)).statusCode).toBe(201);
    const recover = await act('recover', { version: cancelled.json().version });
    expect(recover.statusCode).toBe(422);
    expect(recover.json().msgKey).toBe(MBL_MSG.soInOtherMbl);
    expect(MBL_ACTION_NAMES).toContain('reopen');
  });

  it('refuses cancelling a plan while its master B/L is live, and allows it once the bill is cancelled', async () => {
    const { bl, consolNo } = await createFromPlan();
    const planOf = async () => (await api.get(ops, `/Consolidation/${consolNo}`)).json();
    const cancelPlan = async () =>
      api.post(ops, `/Consolidation/${consolNo}/actions/cancel`, {
        version: (await planOf()).version,
        reason: 'Customer withdrew',
      });
    const refused = await cancelPlan();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ msgKey: 'msgConsolCancelLiveMbl', params: { mbl_no: bl.mbl_no } });
    expect((await planOf()).status).toBe('APPROVED');
    const gone = await api.post(ops, `/MasterBL/${bl.mbl_no}/actions/cancel`, {
      version: bl.version,
      reason: 'Plan withdrawn',
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const ok = await cancelPlan();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('CANCELLED');
  });

  it('issues a complete bill and reopens it with a reason', async () => {
    const so = await fclSo(cn('CSQU', 123456));
    const d = await draftOf(`so_nos=${so.so_no}`);
    const bl = (await api.post(ops, '/MasterBL', { ...d, carrier_mbl_no: 'MAEU777' })).json();
    const issued = await api.post(ops, `/MasterBL/${bl.mbl_no}/actions/issue`, { version: bl.version });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ status: 'ISSUED', editable: false });
    const edit = await api.put(ops, `/MasterBL/${bl.mbl_no}`, { ...d, version: issued.json().version });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().msgKey).toBe(MBL_MSG.notEditable);
    const reopened = await api.post(ops, `/MasterBL/${bl.mbl_no}/actions/reopen`, {
      version: issued.json().version,
      reason: 'Carrier corrected the seal',
    });
    expect(reopened.json().status).toBe('DRAFT');
  });
});

describe('master BL party isolation, lists and search index', () => {
  it('shows an agent only the bills of its own parties (404 otherwise), read-only', async () => {
    const { bl } = await createFromPlan({ carrier_mbl_no: 'COSU4455667' });
    const mine = await api.get(agent, `/MasterBL/${bl.mbl_no}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ editable: false, allowed_actions: [] });
    expect((await api.get(agentB, `/MasterBL/${bl.mbl_no}`)).statusCode).toBe(404);
    expect((await api.get(agentB, `/MasterBL/${bl.mbl_no}/pdf`)).statusCode).toBe(404);
    const listB = await api.get(agentB, `/MasterBL/list/search_master_bl?q=${bl.mbl_no}`);
    expect(listB.json().rows).toEqual([]);
    const listA = await api.get(agent, `/MasterBL/list/search_master_bl?q=${bl.mbl_no}`);
    expect(listA.json().rows.map((r: { mbl_no: string }) => r.mbl_no)).toEqual([bl.mbl_no]);
    const put = await api.put(agent, `/MasterBL/${bl.mbl_no}`, { ...inputOf(bl), version: bl.version });
    expect(put.statusCode).toBe(403);
  });

  it('finds bills by carrier MBL no, SO#, HBL#, container# and vessel/voyage; counts and exports', async () => {
    const so = await fclSo(cn('TCNU', 123456), {
      hbl_no: 'HBLMBLTEST01',
      vessel_name: 'EVER GIVEN',
      voyage: '77W',
    });
    const d = await draftOf(`so_nos=${so.so_no}`);
    const bl = (await api.post(ops, '/MasterBL', { ...d, carrier_mbl_no: 'MAEU246810' })).json();
    for (const q of ['MAEU246810', so.so_no, 'HBLMBLTEST01', 'TCNU123', 'ever given', '77W']) {
      const res = await api.get(ops, `/MasterBL/list/search_master_bl?q=${encodeURIComponent(q)}`);
      expect([q, res.json().rows.map((r: { mbl_no: string }) => r.mbl_no)]).toEqual([q, [bl.mbl_no]]);
    }
    const dash = await api.get(ops, '/MasterBL/dashboard');
    expect(dash.json().lists.map((l: { key: string }) => l.key)).toEqual([
      'search_master_bl',
      'master_bl_draft',
      'master_bl_pending_carrier_no',
      'master_bl_issued',
      'master_bl_cancelled',
    ]);
    const exp = await api.get(ops, '/MasterBL/list/master_bl_draft/export?lang=zh-HK');
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    const idx = await t.db.execute<{
      field: string;
      number: string;
    }>(sql`select field, number from document_numbers
      where kind = 'mbl' and display_no = ${bl.mbl_no} order by field`);
    expect(idx.rows).toEqual([
      { field: 'carrier_mbl_no', number: 'MAEU246810' },
      // The bill's containers too: the global search finds the bill by a container number (issue 39).
      { field: 'container_no', number: 'TCNU1234565' },
      { field: 'mbl_no', number: bl.mbl_no },
    ]);
  });

  it('prints the draft as a PDF with the show-freight and tel/fax options', async () => {
    const { bl } = await createFromPlan({
      show_freight: true,
      get_tel_fax: true,
      freight_currency: 'USD',
      freight_amount: '1234.5',
    });
    const res = await api.get(ops, `/MasterBL/${bl.mbl_no}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers['content-disposition']).toContain(`MBL-${bl.mbl_no}.pdf`);
  });
});

const GESU = cn('GESU', 123456);

/**
 * What an edit changed between two answers of the same bill: its editable header fields and each container's
 * fields by position (`containers.0.seal_no`), old → new. Written out independently of the server's diff.
 */
function storedChanges(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  const put = (k: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a ?? null) !== JSON.stringify(b ?? null)) out[k] = { from: a ?? null, to: b ?? null };
  };
  for (const k of Object.keys(ZMblFields.shape))
    if (!['containers', 'so_nos', 'source', 'consol_no', 'main_so_no'].includes(k))
      put(k, before[k], after[k]);
  if (JSON.stringify(before.so_nos) !== JSON.stringify(after.so_nos))
    put('so_nos', (before.so_nos as string[]).join(', '), (after.so_nos as string[]).join(', '));
  put('main_so_no', before.main_so_no, after.main_so_no);
  const [a, b] = [before.containers, after.containers] as Record<string, unknown>[][];
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    for (const f of ['size_type', 'container_no', 'seal_no', 'package_qty', 'gross_weight', 'cbm'])
      put(`containers.${i}.${f}`, a[i]?.[f], b[i]?.[f]);
  return out;
}

describe('DCSA eBL 3.0', () => {
  async function exportable() {
    const so = await fclSo(GESU);
    await t.db.execute(sql`insert into so_hs_lines (so_id, line_no, hs_code, description, package_qty, gross_weight, cbm)
      values (${so.so_id}, 1, '8518.30', 'Headphones', 100, 1000, 10)`);
    const d = await draftOf(`so_nos=${so.so_no}`);
    const bl = (await api.post(ops, '/MasterBL', d)).json();
    return { so, bl };
  }

  it('exports the Shipping Instructions valid against the eBL 3.0 schema', async () => {
    const { bl } = await exportable();
    const res = await api.get(ops, `/MasterBL/${bl.mbl_no}/dcsa/shipping-instructions`);
    expect(res.statusCode, res.body).toBe(200);
    const si = res.json();
    expect(validateDcsa('ebl-si-3.0', si)).toEqual([]);
    expect(si.utilizedTransportEquipments[0]).toMatchObject({
      equipmentReference: GESU,
      isShipperOwned: false,
    });
    expect(si.consignmentItems[0].HSCodes).toEqual(['851830']);
  });

  it('refuses the export while an SO has no HS code, saying which', async () => {
    const so = await fclSo(cn('BMOU', 123456));
    const bl = (await api.post(ops, '/MasterBL', await draftOf(`so_nos=${so.so_no}`))).json();
    const res = await api.get(ops, `/MasterBL/${bl.mbl_no}/dcsa/shipping-instructions`);
    expect(res.statusCode).toBe(422);
    expect(detailsOf(res)).toEqual([`so_nos.0:${MBL_MSG.soNoHsCode}`]);
  });
});
