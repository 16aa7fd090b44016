import type { TPartyGroup } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { toFormValues, toRequest } from './party-group-form-values';

const group: TPartyGroup = {
  party_group_id: 1,
  group_name: 'G',
  group_type: 'AGENT',
  sub_group: null,
  member_count: 2,
  members: [
    { party_id: 7, party_code: 'B', full_name: 'B Ltd' },
    { party_id: 3, party_code: 'A', full_name: 'A Ltd' },
  ],
  version: 1,
  created_at: '2026-01-01T00:00:00Z',
  created_by: null,
  updated_at: '2026-01-01T00:00:00Z',
  updated_by: null,
};

describe('party group form values', () => {
  it('holds members as the text ids the party picker uses', () => {
    expect(toFormValues(group)).toEqual({
      group_name: 'G',
      group_type: 'AGENT',
      sub_group: '',
      party_ids: ['7', '3'],
    });
  });

  it('sends member ids as sorted unique numbers, so picking order is not an unsaved change', () => {
    expect(toRequest({ ...toFormValues(group), party_ids: ['7', '3', '7'] }).party_ids).toEqual([3, 7]);
    expect(JSON.stringify(toRequest(toFormValues(group)))).toBe(
      JSON.stringify(toRequest({ ...toFormValues(group), party_ids: ['3', '7'] })),
    );
  });
});
