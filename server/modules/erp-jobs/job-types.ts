import type { ErpScope } from '../access/erp-access.ts';
import type { ErpLoadType } from '../erp/erp-loads.ts';

// What a load job may load (POST /erp/v1/jobs?type=…): every row load of the API, each under the scope of
// its PUT route. A full load (mode=full) deactivates the records of its scope the run did not name; it is
// offered where a record can be deactivated without being deleted (orders and invoices point at them):
// products (erp_active 0: not shown) and companies (inactive: blocked). Other types refuse mode=full.

export const jobTypes = ['categories', 'products', 'seasons', 'prices', 'stock', 'companies', 'users', 'addresses', 'salesPersonAssignments'] as const satisfies readonly ErpLoadType[];
export type JobType = (typeof jobTypes)[number];

export const jobModes = ['delta', 'full'] as const;
export type JobMode = (typeof jobModes)[number];

export const jobStates = ['queued', 'running', 'done', 'failed', 'needs_confirmation'] as const;
/** A job being received is not seen by the ERP yet: its POST has not been answered. */
export type JobState = (typeof jobStates)[number] | 'receiving';

export const scopeOfJobType: Record<JobType, ErpScope> = {
  categories: 'catalog:write',
  products: 'catalog:write',
  seasons: 'catalog:write',
  prices: 'prices:write',
  stock: 'stock:write',
  companies: 'customers:write',
  users: 'customers:write',
  addresses: 'customers:write',
  salesPersonAssignments: 'customers:write',
};

/** The types a client's scopes let it load (and read the jobs of). */
export function jobTypesOf(scopes: ReadonlySet<ErpScope>): JobType[] {
  return jobTypes.filter((type) => scopes.has(scopeOfJobType[type]));
}

/** The records a full load of a type deactivates: its table, the key its rows name, the active flag. */
export const fullLoadScopes = {
  products: { table: 'products', key: 'sku', active: 'erp_active' },
  companies: { table: 'companies', key: 'customer_no', active: 'is_active' },
} as const;
export type FullLoadType = keyof typeof fullLoadScopes;

export function isFullLoadType(type: JobType): type is FullLoadType {
  return type in fullLoadScopes;
}

/** Over this share of its scope, a full load waits for POST …/confirm before it deactivates anything. */
export const deactivationWithoutConfirmation = 0.05;
