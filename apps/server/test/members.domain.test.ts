/** The grant rule of contracts/members.ts (001 §6): who may grant which user type, pure. */
import { canGrantUserType, grantableUserTypes, isAdminUserType } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';

const plain = { leaseModel: null };
const lease = { leaseModel: 2 };

describe('grantableUserTypes', () => {
  it('a super admin grants 3, 4 and 5, and 6 in a lease account only', () => {
    expect(grantableUserTypes({ userType: 1 }, plain)).toEqual([3, 4, 5]);
    expect(grantableUserTypes({ userType: 1 }, lease)).toEqual([3, 4, 5, 6]);
    expect(grantableUserTypes({ userType: 1 }, { leaseModel: 4 })).toEqual([3, 4, 5]);
  });

  it('an enterprise admin grants 3 and 5, and 6 in a lease account; never 4', () => {
    expect(grantableUserTypes({ userType: 4 }, plain)).toEqual([3, 5]);
    expect(grantableUserTypes({ userType: 4 }, { leaseModel: 5 })).toEqual([3, 5, 6]);
  });

  it('staff, business admins and lease managers grant nothing; nobody grants super admin', () => {
    for (const userType of [3, 5, 6]) expect(grantableUserTypes({ userType }, lease)).toEqual([]);
    for (const userType of [1, 3, 4, 5, 6]) expect(canGrantUserType({ userType }, lease, 1)).toBe(false);
  });

  it('administrators are user types 1 and 4', () => {
    expect([1, 3, 4, 5, 6].filter(isAdminUserType)).toEqual([1, 4]);
  });
});
