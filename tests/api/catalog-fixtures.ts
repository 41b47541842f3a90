import type { LightMyRequestResponse } from 'fastify';
import type { DemoAccount, TestShop } from './helper.ts';

// Shared by the catalogue API tests: one sign-in per account and test file (argon2 is slow on purpose),
// and GET requests with that account's token.

export interface CatalogClient {
  get(url: string, account: DemoAccount | null, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** GET that must answer 200; returns the parsed body. */
  json<T>(url: string, account: DemoAccount | null, headers?: Record<string, string>): Promise<T>;
}

export function catalogClient(shop: TestShop): CatalogClient {
  const tokens = new Map<DemoAccount, Promise<string>>();
  const authOf = (account: DemoAccount) => {
    let token = tokens.get(account);
    if (!token) {
      token = shop.login(account);
      tokens.set(account, token);
    }
    return token;
  };
  const client: CatalogClient = {
    async get(url, account, headers = {}) {
      const authorization = account ? { authorization: await authOf(account) } : {};
      return shop.app.inject({ method: 'GET', url, headers: { ...headers, ...authorization } });
    },
    async json(url, account, headers) {
      const response = await client.get(url, account, headers);
      if (response.statusCode !== 200) throw new Error(`GET ${url} as ${account}: ${response.statusCode} ${response.body}`);
      return response.json();
    },
  };
  return client;
}

/** Ids of the demo categories by slug. */
export async function categoryIds(shop: TestShop): Promise<Map<string, number>> {
  const rows = await shop.db.selectFrom('categories').select(['id', 'slug']).execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Adds an active product with plain defaults (10.00 net, 19 % VAT, 10 in stock); returns its id. */
export async function insertProduct(
  shop: TestShop,
  product: { tenantId: number; categoryId: number; sku: string; name: string; nameEn?: string; stock?: number },
): Promise<number> {
  const row = await shop.db
    .insertInto('products')
    .values({
      tenant_id: product.tenantId,
      category_id: product.categoryId,
      sku: product.sku,
      name: product.name,
      name_en: product.nameEn ?? null,
      description: null,
      description_en: null,
      price_cents: 1000,
      retail_price_cents: null,
      pre_order_price_cents: null,
      vat_rate_bp: 1900,
      stock: product.stock ?? 10,
      sales_unit_id: null,
      release_date: null,
      bestseller_rank: null,
      is_featured: 0,
      attributes: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
