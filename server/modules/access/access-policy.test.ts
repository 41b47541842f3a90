import { describe, expect, it } from 'vitest';
import type { Role, SessionIdentity } from '../../context.ts';
import { checkOwnUser, meetsRequirement, refusalOf, requireAccess, type Requirement } from './access-policy.ts';

const tenant = { id: 1, slug: 'demo' };
const identityOf = (role: Role, companyId: number | null = 10): SessionIdentity => ({ sessionId: 1, userId: 7, role, companyId });
const refusalKey = (identity: SessionIdentity | null, requirement: Requirement) => {
  const refusal = refusalOf(identity, requirement);
  return refusal ? `${refusal.statusCode} ${refusal.messageKey}` : 'ok';
};

const login = '403 error.login_required';
const forbidden = '403 error.forbidden';
const nobody = '401 error.unauthorized';

describe('the access policy', () => {
  // requirement: nobody, guest, customer, customer_admin, sales, admin
  const table: [Requirement, ...string[]][] = [
    ['public', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
    ['signedIn', nobody, 'ok', 'ok', 'ok', 'ok', 'ok'],
    ['buyer', nobody, login, 'ok', 'ok', 'ok', 'ok'],
    ['accountUser', nobody, login, 'ok', 'ok', 'ok', 'ok'],
    ['financeReader', nobody, login, 'ok', 'ok', 'ok', 'ok'],
    ['customerAdmin', nobody, login, forbidden, 'ok', forbidden, forbidden],
    ['companyActivityReader', nobody, login, forbidden, 'ok', forbidden, 'ok'],
    ['salesPerson', nobody, login, forbidden, forbidden, 'ok', forbidden],
    ['notificationUser', nobody, login, 'ok', 'ok', 'ok', 'ok'],
  ];
  const roles: Role[] = ['guest', 'customer', 'customer_admin', 'sales', 'admin'];

  it.each(table)('%s: refuses nobody with 401, the guest with login_required, other roles by their rule', (requirement, ...expected) => {
    expect([refusalKey(null, requirement), ...roles.map((role) => refusalKey(identityOf(role), requirement))]).toEqual(expected);
  });

  it('refuses a company activity reader acting for no company (an admin who chose none)', () => {
    expect(refusalKey(identityOf('admin', null), 'companyActivityReader')).toBe(forbidden);
  });

  it('throws the refusal and hands back the context when met', () => {
    const ctx = { tenant, locale: 'de' as const, identity: identityOf('guest') };
    expect(() => requireAccess(ctx, 'buyer')).toThrow(expect.objectContaining({ messageKey: 'error.login_required' }));
    expect(requireAccess(ctx, 'signedIn')).toBe(ctx);
    expect(meetsRequirement(ctx, 'signedIn')).toBe(true);
    expect(meetsRequirement(ctx, 'buyer')).toBe(false);
  });

  it('refuses naming another user than the one signed in', () => {
    const ctx = { tenant, locale: 'de' as const, identity: identityOf('customer') };
    expect(() => checkOwnUser(ctx, 8)).toThrow(expect.objectContaining({ messageKey: 'error.foreign_user' }));
    expect(() => checkOwnUser(ctx, 7)).not.toThrow();
    expect(() => checkOwnUser(ctx, null)).not.toThrow();
  });
});
