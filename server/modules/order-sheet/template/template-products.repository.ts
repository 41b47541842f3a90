import type { Database } from '../../../db/database.ts';
import { visibleProduct, type ProductVisibility } from '../../catalog/product-visibility.repository.ts';

// Which products a personalised order sheet lists (docs/product.md, Order sheets: the personalised sheet),
// always through the buyer's visibility (product-visibility.repository.ts): a category's, every visible one,
// or what the company bought. In sku order, at most `limit` of them; the caller asks for one more than fits
// to know that the sheet is cut.

export interface BoughtLine {
  product_id: number;
  variant_sku: string | null;
  season_id: number | null;
  quantity: number;
}

export function createTemplateProductsRepository(db: Database) {
  return {
    /** Visible products of these categories, or of every category the buyer sees (`categoryIds` null). */
    async productIds(scope: ProductVisibility, categoryIds: readonly number[] | null, limit: number): Promise<number[]> {
      if (categoryIds !== null && categoryIds.length === 0) return [];
      let query = db.selectFrom('products as p').select('p.id').where('p.tenant_id', '=', scope.tenantId);
      if (categoryIds !== null) query = query.where('p.category_id', 'in', categoryIds);
      const rows = await query.where(visibleProduct('p', scope)).orderBy('p.sku').limit(limit).execute();
      return rows.map((row) => row.id);
    },

    /**
     * The company's order lines of one order type since `since`, newest first (the first of a product, variant
     * and season is its last quantity); lines of products that are gone or hidden are left out.
     */
    boughtLines(scope: ProductVisibility, companyId: number, orderType: 'order' | 'preOrder', since: string, limit: number): Promise<BoughtLine[]> {
      return db
        .selectFrom('orders as o')
        .innerJoin('order_items as i', 'i.order_id', 'o.id')
        .innerJoin('products as p', 'p.id', 'i.product_id')
        .select(['i.product_id as product_id', 'i.variant_sku', 'i.season_id', 'i.quantity'])
        .where('o.tenant_id', '=', scope.tenantId)
        .where('o.company_id', '=', companyId)
        .where('o.order_date', '>=', since)
        .where('i.order_type', '=', orderType)
        .where(visibleProduct('p', scope))
        .orderBy('o.order_date', 'desc')
        .orderBy('o.id', 'desc')
        .orderBy('i.id')
        .limit(limit)
        .execute() as Promise<BoughtLine[]>;
    },

    /** The sales unit's name of each product that has one, in German and English. */
    async salesUnits(tenantId: number, productIds: readonly number[]): Promise<{ id: number; name: string; name_en: string | null }[]> {
      if (productIds.length === 0) return [];
      return db
        .selectFrom('products as p')
        .innerJoin('sales_units as su', 'su.id', 'p.sales_unit_id')
        .select(['p.id', 'su.name', 'su.name_en'])
        .where('p.tenant_id', '=', tenantId)
        .where('p.id', 'in', productIds)
        .execute();
    },
  };
}

export type TemplateProductsRepository = ReturnType<typeof createTemplateProductsRepository>;
