// The download of the personalised order sheet (docs/product.md, Order sheets: the personalised sheet): its
// path and query, and the categories the page offers for it.

export const templateRoute = '/order-sheet/template';

export interface TemplateCategory {
  id: number;
  name: string;
  /** 0 for a main category, 1 for its subcategories and so on. */
  depth: number;
}

export function templatePath(query?: { scope: 'assortment' | 'bought'; type: 'order' | 'preOrder' }): string {
  return query ? `${templateRoute}?${new URLSearchParams(query).toString()}` : templateRoute;
}

/** The categories in tree order (each followed by its subcategories), with their depth. */
export function categoriesInTreeOrder(categories: readonly { _id: number; name: string; parent: number | null }[]): TemplateCategory[] {
  const children = new Map<number | null, { _id: number; name: string }[]>();
  const ids = new Set(categories.map((category) => category._id));
  for (const category of categories) {
    const parent = category.parent !== null && ids.has(category.parent) ? category.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const ordered: TemplateCategory[] = [];
  const visit = (parent: number | null, depth: number) => {
    for (const category of children.get(parent) ?? []) {
      ordered.push({ id: category._id, name: category.name, depth });
      visit(category._id, depth + 1);
    }
  };
  visit(null, 0);
  return ordered;
}
