import { describe, expect, it } from 'vitest';
import { freeRoles } from './role-parties';

describe('freeRoles', () => {
  const roles = ['SELLER', 'BUYER', 'SHIP_TO'] as const;
  it('offers every role on an empty list', () => {
    expect(freeRoles(roles, [])).toEqual(['SELLER', 'BUYER', 'SHIP_TO']);
  });
  it('leaves out the roles already on the list, keeping the order', () => {
    expect(freeRoles(roles, [{ role: 'BUYER' }, undefined, {}])).toEqual(['SELLER', 'SHIP_TO']);
  });
  it('offers nothing once every role stands', () => {
    expect(freeRoles(roles, [{ role: 'SHIP_TO' }, { role: 'SELLER' }, { role: 'BUYER' }])).toEqual([]);
  });
});
