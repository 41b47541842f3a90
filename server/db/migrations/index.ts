import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-tenants-and-accounts.ts';
import * as m0002 from './0002-shop-reference-data.ts';
import * as m0003 from './0003-catalog.ts';
import * as m0004 from './0004-carts-wishlists-alarms.ts';
import * as m0005 from './0005-orders-and-documents.ts';
import * as m0006 from './0006-basket-line-identity.ts';
import * as m0007 from './0007-catalog-listing.ts';
import * as m0008 from './0008-product-search.ts';
import * as m0009 from './0009-search-words.ts';
import * as m0010 from './0010-search-engine-outbox.ts';
import * as m0011 from './0011-login-throttle.ts';
import * as m0012 from './0012-address-book.ts';
import * as m0013 from './0013-order-placement.ts';
import * as m0014 from './0014-mail-outbox.ts';
import * as m0015 from './0015-online-payment.ts';
import * as m0016 from './0016-stock-update-triggers.ts';
import * as m0017 from './0017-account-area.ts';
import * as m0018 from './0018-order-history.ts';
import * as m0019 from './0019-finance-view.ts';
import * as m0020 from './0020-order-search.ts';
import * as m0021 from './0021-list-counts.ts';
import * as m0022 from './0022-order-search-words.ts';
import * as m0023 from './0023-open-items.ts';
import * as m0024 from './0024-mail-kinds.ts';
import * as m0025 from './0025-password-tokens.ts';
import * as m0026 from './0026-sales-person-acting.ts';
import * as m0027 from './0027-signup-requests.ts';
import * as m0028 from './0028-user-activity.ts';
import * as m0029 from './0029-confirmation-copies.ts';
import * as m0030 from './0030-customer-directory-versions.ts';
import * as m0031 from './0031-order-search-scoped-words.ts';
import * as m0032 from './0032-order-search-words-postgres.ts';
import * as m0033 from './0033-erp-api-clients.ts';
import * as m0034 from './0034-erp-keys.ts';
import * as m0035 from './0035-erp-events.ts';
import * as m0036 from './0036-erp-documents.ts';
import * as m0037 from './0037-search-words-renamed-products.ts';
import * as m0038 from './0038-order-shipments.ts';
import * as m0039 from './0039-erp-webhooks.ts';
import * as m0040 from './0040-tier-prices.ts';
import * as m0041 from './0041-erp-jobs.ts';
import * as m0042 from './0042-product-row-fingerprints.ts';
import * as m0043 from './0043-customer-prices-by-product.ts';
import * as m0044 from './0044-order-sheet-imports.ts';
import * as m0045 from './0045-order-sheet-templates.ts';
import * as m0046 from './0046-stock-alarms.ts';
import * as m0047 from './0047-stock-alarm-checks.ts';
import * as m0048 from './0048-alarm-reference-indexes.ts';
import * as m0049 from './0049-reviews.ts';
import * as m0050 from './0050-product-files.ts';

// Every migration, imported explicitly (no directory scanning), so the list is identical in
// development, tests, bundles and production. Add new migrations at the end with the next number.
// Names are the file names without extension; Kysely runs them in name order.
export const migrations: Record<string, Migration> = {
  '0001-tenants-and-accounts': m0001,
  '0002-shop-reference-data': m0002,
  '0003-catalog': m0003,
  '0004-carts-wishlists-alarms': m0004,
  '0005-orders-and-documents': m0005,
  '0006-basket-line-identity': m0006,
  '0007-catalog-listing': m0007,
  '0008-product-search': m0008,
  '0009-search-words': m0009,
  '0010-search-engine-outbox': m0010,
  '0011-login-throttle': m0011,
  '0012-address-book': m0012,
  '0013-order-placement': m0013,
  '0014-mail-outbox': m0014,
  '0015-online-payment': m0015,
  '0016-stock-update-triggers': m0016,
  '0017-account-area': m0017,
  '0018-order-history': m0018,
  '0019-finance-view': m0019,
  '0020-order-search': m0020,
  '0021-list-counts': m0021,
  '0022-order-search-words': m0022,
  '0023-open-items': m0023,
  '0024-mail-kinds': m0024,
  '0025-password-tokens': m0025,
  '0026-sales-person-acting': m0026,
  '0027-signup-requests': m0027,
  '0028-user-activity': m0028,
  '0029-confirmation-copies': m0029,
  '0030-customer-directory-versions': m0030,
  '0031-order-search-scoped-words': m0031,
  '0032-order-search-words-postgres': m0032,
  '0033-erp-api-clients': m0033,
  '0034-erp-keys': m0034,
  '0035-erp-events': m0035,
  '0036-erp-documents': m0036,
  '0037-search-words-renamed-products': m0037,
  '0038-order-shipments': m0038,
  '0039-erp-webhooks': m0039,
  '0040-tier-prices': m0040,
  '0041-erp-jobs': m0041,
  '0042-product-row-fingerprints': m0042,
  '0043-customer-prices-by-product': m0043,
  '0044-order-sheet-imports': m0044,
  '0045-order-sheet-templates': m0045,
  '0046-stock-alarms': m0046,
  '0047-stock-alarm-checks': m0047,
  '0048-alarm-reference-indexes': m0048,
  '0049-reviews': m0049,
  '0050-product-files': m0050,
};
