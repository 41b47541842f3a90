import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createErpCategoryRepository } from '../erp-catalog/erp-category.repository.ts';
import { createErpProductRepository } from '../erp-catalog/erp-product.repository.ts';
import { createCategoryUpsert } from '../erp-catalog/category-upsert.service.ts';
import { createProductUpsert } from '../erp-catalog/product-upsert.service.ts';
import { createCustomerReferencesRepository } from '../erp-customers/customer-references.repository.ts';
import { createErpAddressesRepository } from '../erp-customers/erp-addresses.repository.ts';
import { createErpAddressesService } from '../erp-customers/erp-addresses.service.ts';
import { createErpCompaniesRepository } from '../erp-customers/erp-companies.repository.ts';
import { createErpCompaniesService } from '../erp-customers/erp-companies.service.ts';
import { createErpSalesAssignmentsRepository } from '../erp-customers/erp-sales-assignments.repository.ts';
import { createErpSalesAssignmentsService } from '../erp-customers/erp-sales-assignments.service.ts';
import { createErpUsersRepository } from '../erp-customers/erp-users.repository.ts';
import { createErpUsersService } from '../erp-customers/erp-users.service.ts';
import { createErpPriceRepository } from '../erp-prices/prices.repository.ts';
import { createErpPriceService } from '../erp-prices/prices.service.ts';
import { createErpSeasonRepository } from '../erp-seasons/seasons.repository.ts';
import { createErpSeasonService } from '../erp-seasons/seasons.service.ts';
import { createErpStockRepository } from '../erp-stock/stock.repository.ts';
import { createErpStockService } from '../erp-stock/stock.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';

// The ERP's row loads (PUT /erp/v1/<type>) wired on one database: the routes' services (server/services.ts)
// and a load job's chunk (server/modules/erp-jobs, on the chunk's transaction) are made by this one
// function, so a row's result is the same whichever way it came.

/** What a load tells the process that keeps caches of what it changed (each after its commit). */
export interface ErpLoadEffects {
  /** The catalogue, its prices or stock changed: trees, listings and search answers are forgotten. */
  catalogChanged(): void;
  /** Stock changed: the stock alarms' worker judges the checks the change noted now (ADR 0027). */
  stockChanged(): void;
  /** Companies changed: buyer accounts and whose orders a company's users see are forgotten. */
  companiesChanged(): void;
  /** Users or sales persons' customers changed: live sessions are read anew. */
  sessionsChanged(): void;
  /** The pre-order seasons changed: the shop's configuration is read anew. */
  configurationChanged(): void;
}

export interface ErpLoadDeps {
  settings: Pick<SettingsService, 'getSellerCompany' | 'getVatConversionTable'>;
  clock: Clock;
  effects: ErpLoadEffects;
}

export function createErpLoads(db: Database, { settings, clock, effects }: ErpLoadDeps) {
  const references = createCustomerReferencesRepository(db);
  return {
    categories: createCategoryUpsert({ categories: createErpCategoryRepository(db), clock, catalogChanged: effects.catalogChanged }),
    products: createProductUpsert({ products: createErpProductRepository(db), settings, clock, catalogChanged: effects.catalogChanged }),
    seasons: createErpSeasonService({ seasons: createErpSeasonRepository(db), forgetConfiguration: effects.configurationChanged }),
    prices: createErpPriceService({ prices: createErpPriceRepository(db), clock, forgetCatalogAnswers: effects.catalogChanged }),
    stock: createErpStockService({ stock: createErpStockRepository(db), clock, forgetCatalogAnswers: effects.catalogChanged, stockChanged: effects.stockChanged }),
    companies: createErpCompaniesService({ companies: createErpCompaniesRepository(db), forgetCompanies: effects.companiesChanged, clock }),
    users: createErpUsersService({
      users: createErpUsersRepository(db),
      references,
      sellerName: async (tenantId) => (await settings.getSellerCompany(tenantId)).name,
      forgetLiveSessions: effects.sessionsChanged,
      clock,
    }),
    addresses: createErpAddressesService({ addresses: createErpAddressesRepository(db), references, clock }),
    salesPersonAssignments: createErpSalesAssignmentsService({ assignments: createErpSalesAssignmentsRepository(db), references, forgetLiveSessions: effects.sessionsChanged }),
  };
}

export type ErpLoads = ReturnType<typeof createErpLoads>;
export type ErpLoadType = keyof ErpLoads;
