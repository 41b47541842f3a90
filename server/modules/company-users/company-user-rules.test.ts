import { describe, expect, it } from 'vitest';
import { isActiveAdmin, isShutOut, refusalOfChange, type MemberState } from './company-user-rules.ts';

const admin: MemberState = { active: true, locked: false, customerAdmin: true };
const customer: MemberState = { active: true, locked: false, customerAdmin: false };

describe('refusalOfChange', () => {
  it('refuses an admin deactivating, locking or demoting themself, naming the field', () => {
    expect(refusalOfChange({ self: true, before: admin, after: { ...admin, active: false }, otherActiveAdmins: 3 })).toEqual({ messageKey: 'company_user.self_deactivate', field: 'active' });
    expect(refusalOfChange({ self: true, before: admin, after: { ...admin, locked: true }, otherActiveAdmins: 3 })).toEqual({ messageKey: 'company_user.self_lock', field: 'locked' });
    expect(refusalOfChange({ self: true, before: admin, after: { ...admin, customerAdmin: false }, otherActiveAdmins: 3 })).toEqual({ messageKey: 'company_user.self_demote', field: 'customerAdmin' });
    expect(refusalOfChange({ self: true, before: admin, after: admin, otherActiveAdmins: 0 })).toBeNull();
  });

  it('refuses taking away the company’s last active admin, whichever way', () => {
    for (const [after, field] of [
      [{ ...admin, active: false }, 'active'],
      [{ ...admin, locked: true }, 'locked'],
      [{ ...admin, customerAdmin: false }, 'customerAdmin'],
    ] as const) {
      expect(refusalOfChange({ self: false, before: admin, after, otherActiveAdmins: 0 })).toEqual({ messageKey: 'company_user.last_admin', field });
      expect(refusalOfChange({ self: false, before: admin, after, otherActiveAdmins: 1 })).toBeNull();
    }
  });

  it('lets anything happen to users who are no active admin, and to new users', () => {
    const lockedAdmin = { ...admin, locked: true };
    expect(refusalOfChange({ self: false, before: lockedAdmin, after: { ...lockedAdmin, customerAdmin: false }, otherActiveAdmins: 0 })).toBeNull();
    expect(refusalOfChange({ self: false, before: customer, after: { ...customer, locked: true, active: false }, otherActiveAdmins: 0 })).toBeNull();
    expect(refusalOfChange({ self: false, before: null, after: { ...admin, locked: true }, otherActiveAdmins: 0 })).toBeNull();
  });
});

describe('states', () => {
  it('an active admin may sign in and is an admin; a locked or inactive user is shut out', () => {
    expect(isActiveAdmin(admin)).toBe(true);
    expect(isActiveAdmin(customer)).toBe(false);
    expect(isActiveAdmin({ ...admin, active: false })).toBe(false);
    expect(isShutOut(customer)).toBe(false);
    expect(isShutOut({ ...customer, locked: true })).toBe(true);
    expect(isShutOut({ ...customer, active: false })).toBe(true);
  });
});
