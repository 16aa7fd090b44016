import type { TConsolidation } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  afterEquipmentChange,
  autoPlanBody,
  boxOptionsOf,
  type ConsolFormValues,
  type Container,
  containerLoad,
  equipmentFromQuery,
  prefillFromSo,
  soOptionsOf,
  sosFromQuery,
  startValues,
  syncContainers,
  toBody,
  toForm,
} from './consol-form-model';

const box = (seq: number, size_type: string, more: Partial<Container> = {}): Container => ({
  seq,
  size_type,
  ownership: 'COC',
  ...more,
});
const values = (p: Partial<ConsolFormValues>): ConsolFormValues => ({
  equipment: [],
  so_nos: [],
  containers: [],
  allocations: [],
  ...p,
});

describe('consolidation form: containers for the sizes ordered', () => {
  it('numbers new containers on from the highest and keeps existing ones in their order', () => {
    const have = [box(1, '40HQ', { container_no: 'MSCU1234565' }), box(3, '20GP')];
    const out = syncContainers(
      [
        { size_type: '40HQ', qty: 2 },
        { size_type: '20GP', qty: 1 },
      ],
      have,
    );
    expect(out.map((c) => [c.seq, c.size_type])).toEqual([
      [1, '40HQ'],
      [3, '20GP'],
      [4, '40HQ'],
    ]);
    expect(out[0]).toBe(have[0]);
    expect(out[2].ownership).toBe('COC');
  });

  it('drops containers beyond the quantity, of sizes no longer ordered, and skips rows without a size', () => {
    const have = [box(1, '40HQ'), box(2, '40HQ'), box(5, '20GP')];
    expect(syncContainers([{ size_type: '40HQ', qty: 1 }], have).map((c) => c.seq)).toEqual([1]);
    expect(syncContainers([{ size_type: '', qty: 3 }], have)).toEqual([]);
    expect(syncContainers([{ size_type: '40HQ', qty: 0 }], have)).toEqual([]);
  });

  it('starts at 1 with no containers yet', () => {
    expect(syncContainers([{ size_type: '45HQ', qty: 2 }], []).map((c) => c.seq)).toEqual([1, 2]);
  });

  it('keeps only the allocations whose container is still there after an equipment change', () => {
    const v = values({
      equipment: [{ size_type: '40HQ', qty: 1 }],
      containers: [box(1, '40HQ'), box(2, '40HQ')],
      allocations: [
        { so_no: 'SO1', container_seq: 1, package_qty: 1, cbm: '1', kg: '1' },
        { so_no: 'SO2', container_seq: 2, package_qty: 1, cbm: '1', kg: '1' },
      ],
    });
    const next = afterEquipmentChange(v);
    expect(next.containers.map((c) => c.seq)).toEqual([1]);
    expect(next.allocations.map((a) => a.so_no)).toEqual(['SO1']);
  });
});

describe('consolidation form: form and body', () => {
  it('starts a new plan as an agent plan of one 40HQ, with its container', () => {
    const v = startValues(null, [], null);
    expect(v.consol_type).toBe('AGENT');
    expect(v.equipment).toEqual([{ size_type: '40HQ', qty: 1 }]);
    expect(v.containers).toEqual([{ seq: 1, size_type: '40HQ', ownership: 'COC' }]);
  });

  it('starts from the picked SOs and the size chosen on the pick list', () => {
    const v = startValues(null, ['SO1', 'SO2'], { size_type: '20GP', qty: 2 });
    expect(v.so_nos).toEqual(['SO1', 'SO2']);
    expect(v.equipment).toEqual([{ size_type: '20GP', qty: 2 }]);
    expect(v.containers.map((c) => [c.seq, c.size_type])).toEqual([
      [1, '20GP'],
      [2, '20GP'],
    ]);
  });

  it('reads a saved plan: party id as text, SO numbers from its SOs, amounts as text, COC by default', () => {
    const plan = {
      consol_type: 'BUYER',
      customer_party_id: 42,
      contact_office: 'HKG',
      handling_office: 'HKG',
      hbl_office: null,
      pol: 'CNSHA',
      pod: 'USLAX',
      etd: '2026-02-01',
      reference: null,
      agent_ref: 'A-1',
      remarks: null,
      equipment: [{ size_type: '40HQ', qty: 1 }],
      sos: [{ so_no: 'SO9' }],
      containers: [{ seq: 1, size_type: '40HQ', container_no: null, ownership: null }],
      allocations: [{ so_no: 'SO9', container_seq: 1, package_qty: 3, cbm: 1.5, kg: 200, loading_seq: null }],
    } as unknown as TConsolidation;
    const v = toForm(plan);
    expect(v.customer_party_id).toBe('42');
    expect(v.so_nos).toEqual(['SO9']);
    expect(v.containers[0].ownership).toBe('COC');
    expect(v.allocations[0]).toEqual({
      so_no: 'SO9',
      container_seq: 1,
      package_qty: 3,
      cbm: '1.5',
      kg: '200',
      loading_seq: null,
    });
  });

  it('sends empty texts as null, the party as a number, trimmed SO numbers without blanks', () => {
    const body = toBody(
      values({
        consol_type: 'AGENT',
        customer_party_id: '7',
        contact_office: 'HKG',
        hbl_office: '',
        pol: 'CNSHA',
        etd: '',
        reference: 'R1',
        equipment: [{ size_type: '40HQ', qty: 1 }],
        so_nos: [' SO1 ', '', '  '],
        containers: [box(1, '40HQ', { container_no: '', seal_no: 'S1', ownership: null })],
        allocations: [{ so_no: 'SO1', container_seq: 1, package_qty: 2, cbm: '1', kg: '5' }],
      }),
    );
    expect(body).toMatchObject({
      customer_party_id: 7,
      contact_office: 'HKG',
      handling_office: '',
      hbl_office: null,
      pod: '',
      etd: null,
      reference: 'R1',
      agent_ref: null,
      so_nos: ['SO1'],
    });
    expect(body.containers?.[0]).toMatchObject({
      container_no: null,
      seal_no: 'S1',
      ownership: 'COC',
      vgm_kg: null,
    });
    expect(body.allocations?.[0].loading_seq).toBeNull();
    expect(toBody(values({ customer_party_id: null })).customer_party_id).toBeNull();
  });
});

describe('consolidation form: from the pick list and the first SO', () => {
  it('reads the picked SO numbers, trimmed and without blanks', () => {
    expect(sosFromQuery('?so_nos=SO1,%20SO2%20,,')).toEqual(['SO1', 'SO2']);
    expect(sosFromQuery('')).toEqual([]);
  });

  it('takes a known size and a whole number from 1 to 50, nothing else', () => {
    expect(equipmentFromQuery('?size=40HQ&qty=3')).toEqual({ size_type: '40HQ', qty: 3 });
    expect(equipmentFromQuery('?size=40HQ&qty=0')).toBeNull();
    expect(equipmentFromQuery('?size=40HQ&qty=51')).toBeNull();
    expect(equipmentFromQuery('?size=40HQ&qty=1.5')).toBeNull();
    expect(equipmentFromQuery('?size=99XX&qty=1')).toBeNull();
    expect(equipmentFromQuery('')).toBeNull();
  });

  it('takes the lane and office from the SO, and the nomination agent before the release agent', () => {
    const so = {
      pol: 'CNSHA',
      pod: 'DEHAM',
      handling_office: 'SHA',
      nomination_agent_id: 5,
      release_agent_id: 6,
    };
    expect(prefillFromSo(so)).toEqual({
      pol: 'CNSHA',
      pod: 'DEHAM',
      contact_office: 'SHA',
      handling_office: 'SHA',
      customer_party_id: '5',
    });
    expect(prefillFromSo({ ...so, nomination_agent_id: null }).customer_party_id).toBe('6');
    expect(
      prefillFromSo({ ...so, nomination_agent_id: null, release_agent_id: null }).customer_party_id,
    ).toBeNull();
  });
});

describe('consolidation form: load plan', () => {
  it("asks the auto-plan with the plan's SOs, sizes and containers (seq and size only)", () => {
    const v = values({
      so_nos: ['SO1', ''],
      equipment: [{ size_type: '40HQ', qty: 1 }],
      containers: [box(1, '40HQ', { container_no: 'X', seal_no: 'Y' })],
    });
    expect(autoPlanBody(v)).toEqual({
      so_nos: ['SO1'],
      equipment: [{ size_type: '40HQ', qty: 1 }],
      containers: [{ seq: 1, size_type: '40HQ' }],
    });
  });

  it("sums a container's allocated cbm and kg, blanks as 0", () => {
    const allocations = [
      { so_no: 'A', container_seq: 1, package_qty: 1, cbm: '1.25', kg: '100' },
      { so_no: 'B', container_seq: 2, package_qty: 1, cbm: '9', kg: '900' },
      { so_no: 'C', container_seq: 1, package_qty: 1, cbm: '', kg: '50.5' },
      undefined,
    ];
    expect(containerLoad(allocations, 1)).toEqual({ cbm: 1.25, kg: 150.5 });
    expect(containerLoad(allocations, 3)).toEqual({ cbm: 0, kg: 0 });
    expect(containerLoad(undefined, 1)).toEqual({ cbm: 0, kg: 0 });
  });

  it('offers the containers by number and size (with the container number) and the typed SOs', () => {
    expect(boxOptionsOf([box(1, '40HQ', { container_no: 'MSCU1' }), box(2, '20GP')])).toEqual([
      { value: 1, label: '#1 40HQ MSCU1' },
      { value: 2, label: '#2 20GP' },
    ]);
    expect(soOptionsOf(['SO1', '', 'SO2'])).toEqual([
      { value: 'SO1', label: 'SO1' },
      { value: 'SO2', label: 'SO2' },
    ]);
    expect(soOptionsOf(undefined)).toEqual([]);
  });
});
