import { containerCheckDigit, MBL_MSG, MSG, type TMblInput, ZMblFields } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBooking } from '../../../test/booking-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { dcsaExamples } from '../../platform/dcsa';
import { callsOf, lclSo, planBody } from '../consolidation/consolidation.test-helpers';

let t: TestApp;
let ops: Record<string, string>;
let api: ReturnType<typeof callsOf>;

beforeAll(async () => {
  t = await createTestApp();
  api = callsOf(t);
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
});
afterAll(async () => t?.close());

const detailsOf = (res: { json(): { details?: { field: string; msgKey: string }[] } }) =>
  (res.json().details ?? []).map((d) => `${d.field}:${d.msgKey}`);

/** An ISO 6346 number with its check digit. */
const cn = (owner: string, serial: number) => {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};
let serial = 223344;
const nextNo = () => cn('GESU', serial++);

async function draftOf(q: string) {
  const res = await api.get(ops, `/MasterBL/draft?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TMblInput;
}

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
  const [a, b] = [before.containers, after.containers] as Record<string, unknown>[][];
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    for (const f of ['size_type', 'container_no', 'seal_no', 'package_qty', 'gross_weight', 'cbm'])
      put(`containers.${i}.${f}`, a[i]?.[f], b[i]?.[f]);
  return out;
}

/** A draft FCL bill of one confirmed SO (one 40HQ, its HS code), ready for the carrier's document. */
async function exportable(containerNo = nextNo()) {
  const so = await createTestBooking(t.db, { status: 'CONFIRMED' }, [
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
  await t.db.execute(sql`insert into so_hs_lines (so_id, line_no, hs_code, description, package_qty, gross_weight, cbm)
    values (${so.so_id}, 1, '8518.30', 'Headphones', 100, 1000, 10)`);
  const d = await draftOf(`so_nos=${so.so_no}`);
  const res = await api.post(ops, '/MasterBL', d);
  expect(res.statusCode, res.body).toBe(201);
  return { so, bl: res.json(), containerNo };
}

type Td = Record<string, unknown> & {
  transportDocumentReference: string;
  carrierCode: string;
  transports: {
    plannedDepartureDate: string;
    portOfLoading: { UNLocationCode: string };
    portOfDischarge: { UNLocationCode: string };
    vesselVoyages: { vesselName: string; carrierExportVoyageNumber: string }[];
  };
  utilizedTransportEquipments: {
    equipment: { equipmentReference: string; ISOEquipmentCode: string };
    seals: { number: string }[];
  }[];
};

/** DCSA's example Transport Document made the carrier's answer to `bl`: same carrier, ports and ETD. */
function documentFor(bl: Record<string, string>, containerNo: string, over: Partial<Td> = {}): Td {
  const td = structuredClone(dcsaExamples('ebl-td-3.0')[0].value) as Td;
  td.transportDocumentReference = `MAEU${String(serial++).slice(-6)}TD`;
  td.carrierCode = bl.carrier_code;
  td.carrierCodeListProvider = 'NMFTA';
  td.transports.portOfLoading = { UNLocationCode: bl.pol };
  td.transports.portOfDischarge = { UNLocationCode: bl.pod };
  td.transports.plannedDepartureDate = bl.etd;
  td.transports.vesselVoyages[0] = { vesselName: 'MAERSK TEST', carrierExportVoyageNumber: '002E' };
  td.utilizedTransportEquipments = [
    {
      ...td.utilizedTransportEquipments[0],
      equipment: { equipmentReference: containerNo, ISOEquipmentCode: '45G1' },
      seals: [{ number: 'CARRIER-SEAL-9' }],
    },
  ];
  return { ...td, ...over };
}

const entriesOf = async (no: string, action: string) =>
  ((await api.get(ops, `/MasterBL/${no}/history`)).json() as { action: string; changes: unknown }[]).filter(
    (h) => h.action === action,
  );

describe('carrier document: accept or reject each difference (issue 39)', () => {
  it('writes exactly the accepted differences, records them and the rejected ones apart', async () => {
    const { bl, containerNo } = await exportable();
    expect(bl.etd).toBeTruthy();
    const td = documentFor(bl, containerNo);
    const url = `/MasterBL/${bl.mbl_no}/dcsa/transport-document`;
    const preview = await api.post(ops, url, { version: bl.version, document: td });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().warnings).toEqual([]);
    const diffs = preview.json().differences as { field: string; appliable: boolean; carrier: string }[];
    expect(diffs.filter((d) => d.appliable).map((d) => d.field)).toEqual([
      'carrier_mbl_no',
      'voyage',
      'containers.0.seal_no',
    ]);
    // Accept the number and the seal, reject the voyage.
    const applied = await api.post(ops, url, {
      version: bl.version,
      apply: true,
      accept: ['carrier_mbl_no', 'containers.0.seal_no'],
      document: JSON.stringify(td),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      applied: true,
      accepted: ['carrier_mbl_no', 'containers.0.seal_no'],
      rejected: ['voyage'],
    });
    const after = (await api.get(ops, `/MasterBL/${bl.mbl_no}`)).json();
    expect(after).toMatchObject({ carrier_mbl_no: td.transportDocumentReference, voyage: bl.voyage });
    expect(after.containers[0]).toMatchObject({ container_no: containerNo, seal_no: 'CARRIER-SEAL-9' });
    const [imported] = await entriesOf(bl.mbl_no, 'dcsa_import');
    expect(imported.changes).toEqual(storedChanges(bl, after));
    expect(Object.keys(imported.changes as object).sort()).toEqual([
      'carrier_mbl_no',
      'containers.0.seal_no',
    ]);
    const [rejected] = await entriesOf(bl.mbl_no, 'dcsa_reject');
    expect(rejected.changes).toEqual({ voyage: { from: bl.voyage, to: '002E' } });
  });

  it('applies nothing accepted: the bill keeps its values and every difference is recorded as rejected', async () => {
    const { bl, containerNo } = await exportable();
    const td = documentFor(bl, containerNo);
    const url = `/MasterBL/${bl.mbl_no}/dcsa/transport-document`;
    const applied = await api.post(ops, url, { version: bl.version, apply: true, accept: [], document: td });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().accepted).toEqual([]);
    const after = (await api.get(ops, `/MasterBL/${bl.mbl_no}`)).json();
    expect(storedChanges(bl, after)).toEqual({});
    expect((await entriesOf(bl.mbl_no, 'dcsa_import'))[0].changes).toBeNull();
    expect(Object.keys((await entriesOf(bl.mbl_no, 'dcsa_reject'))[0].changes as object).sort()).toEqual([
      'carrier_mbl_no',
      'containers.0.seal_no',
      'voyage',
    ]);
  });

  it('refuses a stale or unknown choice (409), one the import never writes (422), none at all (422), and changes nothing', async () => {
    const { bl, containerNo } = await exportable();
    const td = documentFor(bl, containerNo);
    const url = `/MasterBL/${bl.mbl_no}/dcsa/transport-document`;
    const post = (extra: Record<string, unknown>) =>
      api.post(ops, url, { version: bl.version, apply: true, document: td, ...extra });

    // Reviewed when the vessel differed; the bill now carries the carrier's vessel, so that choice is stale.
    const stale = await post({ accept: ['voyage', 'vessel_name', 'containers.7.seal_no'] });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().msgKey).toBe(MBL_MSG.dcsaChoiceStale);
    expect(detailsOf(stale)).toEqual([
      `vessel_name:${MBL_MSG.dcsaChoiceStale}`,
      `containers.7.seal_no:${MBL_MSG.dcsaChoiceStale}`,
    ]);
    const elsewhere = {
      ...td,
      transports: { ...td.transports, placeOfDelivery: { UNLocationCode: 'AUSYD' } },
    };
    const first = await post({ accept: ['voyage'], document: elsewhere });
    expect(first.statusCode, first.body).toBe(200);
    const fresh = (await api.get(ops, `/MasterBL/${bl.mbl_no}`)).json();
    const again = await api.post(ops, url, {
      version: fresh.version,
      apply: true,
      document: elsewhere,
      accept: ['place_of_delivery'],
    });
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().msgKey).toBe(MBL_MSG.dcsaChoiceNotTakeable);
    expect(detailsOf(again)).toEqual([`place_of_delivery:${MBL_MSG.dcsaChoiceNotTakeable}`]);
    const none = await api.post(ops, url, { version: fresh.version, apply: true, document: td });
    expect(none.statusCode).toBe(422);
    expect(none.json().msgKey).toBe(MBL_MSG.dcsaAcceptRequired);
    // The version read before the first apply is stale now.
    const old = await post({ accept: ['carrier_mbl_no'] });
    expect(old.statusCode).toBe(409);
    expect(old.json().msgKey).toBe(MSG.recordNotLatest);
    const end = (await api.get(ops, `/MasterBL/${bl.mbl_no}`)).json();
    expect(end.version).toBe(fresh.version);
    expect(end.place_of_delivery).toBe(fresh.place_of_delivery);
    expect(end.carrier_mbl_no).toBeNull();
  });

  it('warns when the carrier, POL, POD or ETD differ, and applies only once the user confirms', async () => {
    const { bl, containerNo } = await exportable();
    const td = documentFor(bl, containerNo, { carrierCode: 'HLCU' });
    td.transports.portOfLoading = { UNLocationCode: 'DEHAM' };
    const url = `/MasterBL/${bl.mbl_no}/dcsa/transport-document`;
    const preview = await api.post(ops, url, { version: bl.version, document: td });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().warnings).toEqual([
      { field: 'carrier_code', carrier: 'HLCU', ours: bl.carrier_code, plan: null },
      { field: 'pol', carrier: 'DEHAM', ours: bl.pol, plan: null },
    ]);
    const pol = preview.json().differences.find((d: { field: string }) => d.field === 'pol');
    expect(pol).toEqual({ field: 'pol', ours: bl.pol, carrier: 'DEHAM', appliable: false });
    const refused = await api.post(ops, url, {
      version: bl.version,
      apply: true,
      accept: ['voyage'],
      document: td,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().msgKey).toBe(MBL_MSG.dcsaMismatch);
    expect(detailsOf(refused)).toEqual([
      `carrier_code:${MBL_MSG.dcsaMismatchField}`,
      `pol:${MBL_MSG.dcsaMismatchField}`,
    ]);
    expect((await api.get(ops, `/MasterBL/${bl.mbl_no}`)).json().version).toBe(bl.version);
    const confirmed = await api.post(ops, url, {
      version: bl.version,
      apply: true,
      accept: ['voyage'],
      confirm_mismatch: true,
      document: td,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // POL and carrier are compared, never written.
    expect(confirmed.json().master_bl).toMatchObject({
      pol: bl.pol,
      carrier_code: bl.carrier_code,
      voyage: '002E',
    });
  });

  it("checks the document against the plan's sailing too: a plan moved since the bill was drafted warns with both", async () => {
    const sos = [await lclSo(t.db, {}, { cbm: '0.1', kg: '100.5', pk: 10 })];
    const body = await planBody(
      t.db,
      sos.map((x) => x.so_no),
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
        allocations: [
          { so_no: sos[0].so_no, container_seq: 1, package_qty: 10, cbm: '0.1', kg: '100.5', loading_seq: 1 },
        ],
      },
    );
    const plan = await api.post(ops, '/Consolidation', body);
    expect(plan.statusCode, plan.body).toBe(201);
    const consolNo = plan.json().consol_no as string;
    await t.db.execute(sql`update consol_plans set status = 'APPROVED' where consol_no = ${consolNo}`);
    const created = await api.post(ops, '/MasterBL', await draftOf(`consol_no=${consolNo}`));
    expect(created.statusCode, created.body).toBe(201);
    // The plan's sailing moved three days earlier since the bill was drafted from it.
    await t.db.execute(sql`update consol_plans set etd = etd - 3 where consol_no = ${consolNo}`);
    await t.db.execute(sql`update consol_proposals set etd = etd - 3
      where consol_id = (select consol_id from consol_plans where consol_no = ${consolNo})`);
    await t.db.execute(sql`update consol_plans set etd = ${created.json().etd}::date - 3
      where consol_no = ${consolNo} and etd is null`);
    const planEtd = new Date(Date.parse(`${created.json().etd}T00:00:00Z`) - 3 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const bl = (await api.get(ops, `/MasterBL/${created.json().mbl_no}`)).json();
    const td = documentFor(bl, nextNo());
    const preview = await api.post(ops, `/MasterBL/${bl.mbl_no}/dcsa/transport-document`, {
      version: bl.version,
      document: td,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().warnings).toEqual([{ field: 'etd', carrier: bl.etd, ours: bl.etd, plan: planEtd }]);
  });
});

describe('DCSA eBL 3.0 Transport Document import', () => {
  it("imports a carrier's Transport Document: lists what differs, then applies number, vessel/voyage and containers", async () => {
    const { bl, containerNo: GESU } = await exportable();
    const td = structuredClone(dcsaExamples('ebl-td-3.0')[0].value) as Record<string, unknown> & {
      transports: { vesselVoyages: { vesselName: string; carrierExportVoyageNumber: string }[] };
      utilizedTransportEquipments: {
        equipment: { equipmentReference: string; ISOEquipmentCode: string };
        seals: { number: string }[];
      }[];
    };
    td.transportDocumentReference = 'MAEU2468TD';
    td.transports.vesselVoyages[0] = { vesselName: 'MAERSK TEST', carrierExportVoyageNumber: '002E' };
    td.utilizedTransportEquipments[0].equipment = { equipmentReference: GESU, ISOEquipmentCode: '45G1' };
    td.utilizedTransportEquipments[0].seals = [{ number: 'CARRIER-SEAL-9' }];
    const preview = await api.post(ops, `/MasterBL/${bl.mbl_no}/dcsa/transport-document`, {
      version: bl.version,
      document: td,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().applied).toBe(false);
    const fields = preview.json().differences.map((x: { field: string }) => x.field);
    expect(fields).toEqual(
      expect.arrayContaining(['carrier_mbl_no', 'voyage', 'pol', 'pod', 'containers.0.seal_no']),
    );
    expect(fields).not.toContain('vessel_name');
    expect((await api.get(ops, `/MasterBL/${bl.mbl_no}`)).json().carrier_mbl_no).toBeNull();

    // DCSA's example sails another carrier from other ports: the user confirms and takes every difference.
    expect(preview.json().warnings.map((w: { field: string }) => w.field)).toEqual(
      expect.arrayContaining(['carrier_code', 'pol', 'pod']),
    );
    const applied = await api.post(ops, `/MasterBL/${bl.mbl_no}/dcsa/transport-document`, {
      version: bl.version,
      apply: true,
      accept: preview
        .json()
        .differences.flatMap((d: { field: string; appliable: boolean }) => (d.appliable ? [d.field] : [])),
      confirm_mismatch: true,
      document: JSON.stringify(td),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().master_bl).toMatchObject({ carrier_mbl_no: 'MAEU2468TD', voyage: '002E' });
    expect(applied.json().master_bl.containers[0]).toMatchObject({
      container_no: GESU,
      seal_no: 'CARRIER-SEAL-9',
    });
    // The history records exactly the stored fields that changed, old → new (issue 38: not POL, POD, ETD…
    // that the carrier's document says differently but the import does not take).
    const hist = await api.get(ops, `/MasterBL/${bl.mbl_no}/history`);
    const entry = hist.json().find((h: { action: string }) => h.action === 'dcsa_import');
    const after = (await api.get(ops, `/MasterBL/${bl.mbl_no}`)).json();
    expect(entry.changes).toEqual(storedChanges(bl, after));
    expect(Object.keys(entry.changes)).toEqual(
      expect.arrayContaining(['carrier_mbl_no', 'voyage', 'containers.0.seal_no']),
    );
    expect(entry.changes.carrier_mbl_no).toEqual({ from: null, to: 'MAEU2468TD' });
    expect(Object.keys(entry.changes)).not.toContain('pol');

    // Another bill's document is refused now that ours carries the carrier's number.
    const foreign = await api.post(ops, `/MasterBL/${bl.mbl_no}/dcsa/transport-document`, {
      version: applied.json().master_bl.version,
      apply: true,
      document: { ...td, transportDocumentReference: 'OTHER123' },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().msgKey).toBe(MBL_MSG.dcsaForeign);
  });

  it('answers bad or foreign JSON with the list of what is wrong and changes nothing', async () => {
    const { bl } = await exportable();
    const url = `/MasterBL/${bl.mbl_no}/dcsa/transport-document`;
    const text = await api.post(ops, url, { version: bl.version, apply: true, document: '{not json' });
    expect(text.statusCode).toBe(422);
    expect(text.json().msgKey).toBe(MBL_MSG.dcsaInvalid);
    const si = dcsaExamples('ebl-si-3.0')[0].value;
    const wrongKind = await api.post(ops, url, { version: bl.version, apply: true, document: si });
    expect(wrongKind.statusCode).toBe(422);
    expect(detailsOf(wrongKind)).toContain(`transportDocumentReference:${MBL_MSG.dcsaInvalid}`);
    const after = (await api.get(ops, `/MasterBL/${bl.mbl_no}`)).json();
    expect(after).toMatchObject({ version: bl.version, carrier_mbl_no: null });
  });
});
