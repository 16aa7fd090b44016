import { describe, expect, it } from 'vitest';
import { ZListFiltersParam } from './list';
import { parseFilterRules } from './list-catalogue';

// The web app reads the `filters` URL parameter with the zod-free parser; the server with ZListFiltersParam.
// They must accept and refuse the same inputs, or a link would show other rules than the server applies.
describe('parseFilterRules agrees with ZListFiltersParam', () => {
  const cases = [
    '[{"field":"so_no","op":"startsWith","value":"SO1"}]',
    '[{"field":"so_no","op":"startsWith","value":"  SO1  "}]',
    '[{"field":"etd","op":"gte","value":"2026-01-01"},{"field":"etd","op":"lte","value":"2026-02-01"}]',
    '[]',
    'not json',
    '{"field":"so_no"}',
    '[{"field":"","op":"eq","value":"x"}]',
    '[{"field":"so_no","op":"like","value":"x"}]',
    '[{"field":"so_no","op":"eq","value":"   "}]',
    '[{"field":"so_no","op":"eq","value":1}]',
    `[{"field":"so_no","op":"eq","value":"${'x'.repeat(201)}"}]`,
    `[{"field":"${'f'.repeat(65)}","op":"eq","value":"x"}]`,
    JSON.stringify(Array.from({ length: 11 }, () => ({ field: 'a', op: 'eq', value: 'b' }))),
    JSON.stringify(Array.from({ length: 10 }, () => ({ field: 'a', op: 'eq', value: 'b' }))),
    '[null]',
    `[{"field":"so_no","op":"eq","value":"${'y'.repeat(4000)}"}]`,
  ];
  it.each(cases)('%s', (raw) => {
    const z = ZListFiltersParam.safeParse(raw);
    expect(parseFilterRules(raw)).toEqual(z.success ? z.data : null);
  });
});
