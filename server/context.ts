import type { Locale } from '../core/locale.ts';

// What every service call knows about the request it serves. Services take it first,
// and every repository filters by its tenant (and company, where data belongs to a customer).

export type Role = 'guest' | 'customer' | 'customer_admin' | 'sales' | 'admin';

export interface Tenant {
  id: number;
  slug: string;
}

export interface SessionIdentity {
  sessionId: number;
  userId: number;
  role: Role;
  /** The company the user acts for: their own, or for a sales person the customer they chose. */
  companyId: number | null;
}

export interface RequestContext {
  tenant: Tenant;
  locale: Locale;
  identity: SessionIdentity | null;
}
