import { describe, expect, it } from 'vitest';
import { DCSA_DOCUMENTS, type DcsaDocument, dcsaExamples, validateDcsa, validateDcsaText } from './index.js';

// The DCSA publication's own examples are the fixtures: each must validate against its schema,
// and each must be refused as the other documents (foreign JSON gets a list, not a pass).
describe('DCSA validation', () => {
  const counts: Record<DcsaDocument, number> = { 'booking-2.0': 4, 'ebl-si-3.0': 1, 'ebl-td-3.0': 3 };

  for (const doc of DCSA_DOCUMENTS) {
    it(`accepts every published ${doc} example`, () => {
      const examples = dcsaExamples(doc);
      expect(examples.length).toBe(counts[doc]);
      for (const ex of examples) expect([ex.name, validateDcsa(doc, ex.value)]).toEqual([ex.name, []]);
    });
  }

  it('refuses a document of another kind with readable paths', () => {
    const si = dcsaExamples('ebl-si-3.0')[0]?.value;
    const errors = validateDcsa('ebl-td-3.0', si);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors).toContainEqual({
      path: 'transportDocumentReference',
      keyword: 'required',
      message: 'is required',
    });
    const booking = dcsaExamples('booking-2.0')[0]?.value;
    expect(validateDcsa('ebl-si-3.0', booking).length).toBeGreaterThan(0);
  });

  it('names the field, the index and the rule of each mistake', () => {
    const ex = structuredClone(dcsaExamples('booking-2.0')[0]?.value) as {
      receiptTypeAtOrigin: string;
      requestedEquipments: { ISOEquipmentCode: string; units: unknown }[];
    };
    ex.receiptTypeAtOrigin = 'XYZ';
    const eq = ex.requestedEquipments[0];
    if (!eq) throw new Error('example without equipment');
    eq.units = 'two';
    eq.ISOEquipmentCode = '';
    const errors = validateDcsa('booking-2.0', ex);
    expect(errors).toContainEqual({
      path: 'receiptTypeAtOrigin',
      keyword: 'enum',
      message: 'must be one of "CY", "SD", "CFS"',
    });
    expect(errors.map((e) => e.path)).toEqual(
      expect.arrayContaining(['requestedEquipments[0].units', 'requestedEquipments[0].ISOEquipmentCode']),
    );
  });

  it('answers non-JSON and non-object input with errors, never a throw', () => {
    expect(validateDcsaText('booking-2.0', '{not json').errors).toEqual([
      expect.objectContaining({ path: '(root)', keyword: 'json' }),
    ]);
    expect(validateDcsa('booking-2.0', null)).toEqual([
      { path: '(root)', keyword: 'type', message: 'must be object' },
    ]);
    expect(validateDcsa('ebl-td-3.0', [])).not.toEqual([]);
  });
});
