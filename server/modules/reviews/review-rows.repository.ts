import type { Executor } from '../../db/database.ts';

// A review as its readers take it: the review's columns and its company's name (shown where the author
// chose to show it), for the storefront and the ERP alike.

export const reviewColumns = [
  'r.id',
  'r.tenant_id',
  'r.product_id',
  'r.user_id',
  'r.rating',
  'r.title',
  'r.text',
  'r.name',
  'r.show_company',
  'r.language',
  'r.status',
  'r.reply_text',
  'r.replied_at',
  'r.created_at',
  'r.updated_at',
  'c.name as company_name',
] as const;

/** Reviews joined to their company, to be narrowed by the caller. */
export function reviewRows(executor: Executor) {
  return executor.selectFrom('reviews as r').innerJoin('companies as c', 'c.id', 'r.company_id').select(reviewColumns);
}

export type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewRows>['executeTakeFirstOrThrow']>>;
