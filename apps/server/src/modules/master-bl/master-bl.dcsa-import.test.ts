import { containerCheckDigit, MBL_MSG, type TMblInput, ZMblFields } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { dcsaExamples } from '../../platform/dcsa';
import { createTestBooking } from '../booking/booking.factory';
import { callsOf } from '../consolidation/consolidation.test-helpers';

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

    const applied = await api.post(ops, `/MasterBL/${bl.mbl_no}/dcsa/transport-document`, {
      version: bl.version,
      apply: true,
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
