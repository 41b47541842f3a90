import type { Database } from '../../db/database.ts';

export function createSettingsRepository(db: Database) {
  return {
    async findSiteSettings(tenantId: number): Promise<unknown> {
      const row = await db.selectFrom('site_settings').select('settings').where('tenant_id', '=', tenantId).executeTakeFirst();
      return row ? JSON.parse(row.settings) : {};
    },


    findSellerCompany(tenantId: number) {
      return db.selectFrom('seller_companies').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
    },


    listVatRates(tenantId: number) {
      return db
        .selectFrom('vat_rates')
        .select(['country_code', 'tax_category', 'rate_bp'])
        .where('tenant_id', '=', tenantId)
        .orderBy('country_code')
        .orderBy('tax_category')
        .execute();
    },

    listSeasons(tenantId: number) {
      return db
        .selectFrom('seasons')
        .select(['id', 'name', 'date'])
        .where('tenant_id', '=', tenantId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    listShippingMethods(tenantId: number) {
      return db
        .selectFrom('shipping_methods')
        .select(['id', 'name', 'is_active', 'is_default'])
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .execute();
    },

    listShippingCountries(tenantId: number) {
      return db
        .selectFrom('shipping_method_countries')
        .innerJoin('shipping_methods', 'shipping_methods.id', 'shipping_method_countries.shipping_method_id')
        .select([
          'shipping_method_countries.shipping_method_id',
          'shipping_method_countries.country_code',
          'shipping_method_countries.price_cents',
          'shipping_method_countries.currency',
          'shipping_method_countries.limit_type',
          'shipping_method_countries.limit_value',
          'shipping_method_countries.limit_cart_amount_cents',
        ])
        .where('shipping_methods.tenant_id', '=', tenantId)
        .orderBy('shipping_method_countries.shipping_method_id')
        .orderBy('shipping_method_countries.country_code')
        .execute();
    },

    listPaymentMethods(tenantId: number) {
      return db
        .selectFrom('payment_methods')
        .select(['id', 'code', 'name_de', 'name_en', 'is_active'])
        .where('tenant_id', '=', tenantId)
        .orderBy('sort_order')
        .execute();
    },

    listOrderStatuses(tenantId: number) {
      return db
        .selectFrom('order_statuses')
        .select(['id', 'localizations'])
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
