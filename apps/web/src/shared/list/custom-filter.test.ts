import { filtersToParam } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  type CustomFilterField,
  draftProblems,
  draftsToRules,
  opsFor,
  parseFilterParam,
} from './custom-filter';

const fields: CustomFilterField[] = [
  { name: 'scac', label: 'SCAC', type: 'text' },
  { name: 'status', label: 'Status', type: 'select', options: [{ value: 'A', label: 'Active' }] },
  { name: 'carrier_code', label: 'Carrier', type: 'select', fetchOptionKey: 'carrier' },
  { name: 'effective_from', label: 'From', type: 'date' },
];

describe('custom filter builder rules (002 §5)', () => {
  it('needs every field of a rule', () => {
    expect(
      draftProblems([{ field: 'scac', op: 'contains' }, { op: 'eq', value: 'abc' }, {}], fields),
    ).toEqual(['msgCustomFilterIncomplete', 'msgCustomFilterIncomplete', 'msgCustomFilterIncomplete']);
  });

  it('needs at least 3 typed characters, but not for a picked value', () => {
    expect(draftProblems([{ field: 'scac', op: 'contains', value: 'ab ' }], fields)).toEqual([
      'msgCustomFilterValueTooShort',
    ]);
    expect(draftProblems([{ field: 'status', op: 'eq', value: 'A' }], fields)).toEqual([null]);
    expect(draftProblems([{ field: 'carrier_code', op: 'eq', value: 'ME' }], fields)).toEqual([null]);
  });

  it('offers the operators of the field kind and refuses others', () => {
    expect(opsFor(fields[0])).toEqual(['contains', 'startsWith', 'eq']);
    expect(opsFor(fields[3])).toEqual(['eq', 'gte', 'lte']);
    expect(draftProblems([{ field: 'status', op: 'contains', value: 'AAA' }], fields)).toEqual([
      'msgFilterOpNotAllowed',
    ]);
    expect(draftProblems([{ field: 'effective_from', op: 'gte', value: '2026-02-30' }], fields)).toEqual([
      'msgFieldInvalid',
    ]);
  });

  it('round-trips complete rules through the filters parameter', () => {
    const rules = draftsToRules([{ field: 'scac', op: 'startsWith', value: ' MAE ' }], fields);
    expect(rules).toEqual([{ field: 'scac', op: 'startsWith', value: 'MAE' }]);
    expect(parseFilterParam(filtersToParam(rules ?? []))).toEqual(rules);
    expect(draftsToRules([{ field: 'scac', op: 'eq', value: 'x' }], fields)).toBeNull();
    expect(parseFilterParam('[oops')).toEqual([]);
    expect(parseFilterParam(undefined)).toEqual([]);
  });
});
