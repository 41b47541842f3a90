import type { Category } from '../../../core/catalog-types';

// Which categories the header, the menu bar, the mega menu and the category page show
// (docs/product.md, Screens and routes). The API already leaves out what the buyer may not see
// (inactive branches, deals without the deal flag); these functions only pick and group, in the API's
// order (parents before children, siblings by sort order).

export const headerCategoryCount = 3;
export const menuBarCategoryCount = 7;
export const megaMenuColumnCount = 5;
export const megaMenuItemCount = 5;

/** Main = no parent, not deal, active. */
export function mainCategories(categories: readonly Category[]): Category[] {
  return categories.filter((category) => category.parent === null && !category.isDeal && category.isActive);
}

/** Deal = no parent, deal, active. */
export function dealCategories(categories: readonly Category[]): Category[] {
  return categories.filter((category) => category.parent === null && category.isDeal && category.isActive);
}

/** Sub = parent equals the given id. */
export function subcategoriesOf(categories: readonly Category[], parentId: number): Category[] {
  return categories.filter((category) => category.parent === parentId && category.isActive);
}

export interface HeaderCategories {
  shown: Category[];
  deals: Category[];
  /** The 'more' item links to the fourth main category; null when there are three or fewer. */
  more: Category | null;
}

/** Up to three main categories, the deal categories for accounts with deals, then 'more'. */
export function headerCategories(categories: readonly Category[], hasDeals: boolean): HeaderCategories {
  const mains = mainCategories(categories);
  return {
    shown: mains.slice(0, headerCategoryCount),
    deals: hasDeals ? dealCategories(categories) : [],
    more: mains[headerCategoryCount] ?? null,
  };
}

export interface MegaMenuColumn {
  category: Category;
  items: Category[];
  /** The subcategory has more children than the column shows: it links to all of them. */
  hasMore: boolean;
}

/** Up to five subcategories of a main category, each with up to five of its own subcategories. */
export function megaMenuColumns(categories: readonly Category[], mainId: number): MegaMenuColumn[] {
  return subcategoriesOf(categories, mainId)
    .slice(0, megaMenuColumnCount)
    .map((category) => {
      const children = subcategoriesOf(categories, category._id);
      return { category, items: children.slice(0, megaMenuItemCount), hasMore: children.length > megaMenuItemCount };
    });
}

/** From the main category down to the given one (the breadcrumb); empty when the id is unknown. */
export function categoryTrail(categories: readonly Category[], id: number): Category[] {
  const byId = new Map(categories.map((category) => [category._id, category]));
  const trail: Category[] = [];
  let current = byId.get(id);
  // A broken tree (a cycle) must not loop: each category is taken at most once.
  while (current && !trail.includes(current)) {
    trail.unshift(current);
    current = current.parent === null ? undefined : byId.get(current.parent);
  }
  return trail;
}
