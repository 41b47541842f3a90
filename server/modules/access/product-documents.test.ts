import { describe, expect, it } from 'vitest';
import type { Role } from '../../context.ts';
import { documentAudienceOf } from './product-documents.ts';

const contextOf = (role: Role, companyId: number | null) => ({ tenant: { id: 1, slug: 'demo' }, locale: 'de' as const, identity: { sessionId: 1, userId: 7, role, companyId } });

describe('who sees which product documents', () => {
  it('gives the shared guest the documents for everyone only, whatever company it names', () => {
    expect(documentAudienceOf(contextOf('guest', 10))).toEqual({ visibilities: ['everyone'], companyId: null });
  });

  it.each(['customer', 'customer_admin', 'sales', 'admin'] as const)('gives a %s the documents for signed-in readers and those naming the company they act for', (role) => {
    expect(documentAudienceOf(contextOf(role, 10))).toEqual({ visibilities: ['everyone', 'signed_in'], companyId: 10 });
    expect(documentAudienceOf(contextOf(role, null))).toEqual({ visibilities: ['everyone', 'signed_in'], companyId: null });
  });

  it('refuses nobody signed in', () => {
    expect(() => documentAudienceOf({ tenant: { id: 1, slug: 'demo' }, locale: 'de', identity: null })).toThrow(expect.objectContaining({ messageKey: 'error.unauthorized' }));
  });
});
