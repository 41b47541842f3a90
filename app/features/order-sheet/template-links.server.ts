import { meetsRequirement } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { categoriesInTreeOrder, type TemplateCategory } from './template-fields';

// What the order-sheet page offers for the personalised sheet: the categories the buyer sees (the catalogue's
// cached tree, no product query), and whether a sheet of what was bought can be made (a company to look in).

export async function loadTemplateChoices({ services, ctx }: AppLoadContext): Promise<{ categories: TemplateCategory[]; mayListBought: boolean }> {
  if (!meetsRequirement(ctx, 'buyer')) return { categories: [], mayListBought: false };
  const categories = await services.catalog.listCategories(ctx);
  return { categories: categoriesInTreeOrder(categories), mayListBought: ctx.identity?.companyId != null };
}
