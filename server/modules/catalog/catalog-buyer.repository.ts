import type { Database } from '../../db/database.ts';

export interface BuyerAccountRow {
  is_deal: number;
  /** null when the user acts for no company (the shared guest). */
  show_net_prices: number | null;
  /** The company's VAT country; null without a company. */
  vat_country_code: string | null;
}

export function createCatalogBuyerRepository(db: Database) {
  return {
    /** The deal flag of the user and the price display of the company they act for, in one read. */
    findBuyerAccount(tenantId: number, userId: number, companyId: number | null): Promise<BuyerAccountRow | undefined> {
      return db
        .selectFrom('users as u')
        .leftJoin('companies as c', (join) => join.on('c.id', '=', companyId ?? 0).on('c.tenant_id', '=', tenantId))
        .select(['u.is_deal', 'c.show_net_prices', 'c.vat_country_code'])
        .where('u.tenant_id', '=', tenantId)
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },
  };
}

export type CatalogBuyerRepository = ReturnType<typeof createCatalogBuyerRepository>;
