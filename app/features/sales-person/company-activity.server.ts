import { accountListPageSize, pageOfUrl } from '../../../core/list-page';
import { type ActivityEntry, meetsRequirement } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';

// What sales persons did for the company, for the customer admin's users page (docs/product.md, Company users): the same
// service as GET /api/user/companyActivity. A page of it is `?activityPage=N` in the page's URL, so the
// paging works without JavaScript and keeps the rest of the page's query.

export const activityPageParam = 'activityPage';

export interface CompanyActivity {
  entries: ActivityEntry[];
  page: number;
  hasMore: boolean;
}

/**
 * The section's page of entries; null for someone who may not read them (the section is then left out),
 * `'failed'` when the read failed (the section says so; the rest of the page stands).
 */
export async function loadCompanyActivity(app: AppLoadContext, url: URL): Promise<CompanyActivity | 'failed' | null> {
  if (!meetsRequirement(app.ctx, 'companyActivityReader')) return null;
  const page = pageOfUrl(url.searchParams, activityPageParam);
  try {
    const answer = await app.services.salesPersons.companyActivity(app.ctx, { page, pageSize: accountListPageSize });
    return { entries: answer.data, page, hasMore: answer.meta.hasMore };
  } catch (error) {
    console.error(error);
    return 'failed';
  }
}
