import path from 'node:path';
import { Readable } from 'node:stream';
import { maxProductFileBytes } from '../../core/product-files.ts';
import { hashSessionToken } from '../../server/modules/auth/session-token.ts';
import { signDownloadToken } from '../../server/modules/product-files/download-links.ts';
import { createFileStore } from '../../server/modules/product-files/file-store.ts';
import { downloadTypes } from '../../server/modules/product-files/file-type.ts';
import { testDataRoot } from '../setup/test-database.ts';
import { pdf } from './erp-product-file-fixtures.ts';
import type { TestShop } from './helper.ts';
import { insertOrder } from './order-history-fixtures.ts';

// What the downloadable products' tests share: files stored as the ERP's upload leaves them (the bytes in the
// test run's file store, a product_files row naming them, the product marked downloadable), orders of a line
// of a product or variant in a payment state, and links signed by hand for a session, the way only the shop
// could sign them: a company that is refused with a correctly signed link is refused by the access rule.

/** The file store of the test shops (tests/api/helper.ts gives them FILES_DIR under the test data root). */
const fileStore = createFileStore(path.join(testDataRoot, 'files'));

let files = 0;
let orders = 0;


export interface StoredDownload {
  id: number;
  bytes: Buffer;
  sha256: string;
}

/** A downloadable file of the product (of its variant, where named), stored as the ERP's upload stores one. */
export async function storeDownload(
  shop: TestShop,
  tenantId: number,
  file: { productId: number; variantId?: number | null; title: string; fileName?: string; version?: string; bytes?: Buffer },
): Promise<StoredDownload> {
  files += 1;
  const bytes = file.bytes ?? pdf(`${file.title} ${process.pid} ${files}`);
  const stored = await fileStore.put(Readable.from([bytes]), { maxBytes: maxProductFileBytes, accepts: downloadTypes });
  const version = file.version ?? '1.0';
  const row = await shop.db
    .insertInto('product_files')
    .values({
      tenant_id: tenantId,
      product_id: file.productId,
      variant_id: file.variantId ?? null,
      purpose: 'download',
      external_id: `DL-${process.pid}-${files}`,
      kind: null,
      visibility: null,
      language: null,
      title: file.title,
      version,
      file_name: file.fileName ?? `${file.title}.pdf`,
      content_type: stored.type.contentType,
      bytes: stored.bytes,
      sha256: stored.sha256,
      file_version: version,
      file_at: '2026-11-20T09:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await shop.db.updateTable('products').set({ is_downloadable: 1 }).where('id', '=', file.productId).execute();
  return { id: row.id, bytes, sha256: stored.sha256 };
}

export interface OrderedProduct {
  id: number;
  sku: string;
  name: string;
  variant?: { id: number; sku: string };
}

/** An order of the company with one line of the product (of its variant, where it has one) in the payment state given; answers its id and number. */
export async function orderOf(
  shop: TestShop,
  tenantId: number,
  buyer: { companyId: number; userId: number },
  product: OrderedProduct,
  options: { paymentStatus?: string; orderDate?: string } = {},
): Promise<{ id: number; orderNumber: string }> {
  orders += 1;
  const orderNumber = `DL-${process.pid}-${orders}`;
  const id = await insertOrder(shop.db, tenantId, {
    companyId: buyer.companyId,
    userId: buyer.userId,
    orderNumber,
    orderDate: options.orderDate ?? `2026-10-${String(orders % 28 + 1).padStart(2, '0')}T10:00:00.000Z`,
    paymentStatus: options.paymentStatus ?? 'open',
    lines: [{ sku: product.sku, variantSku: product.variant?.sku ?? null, name: product.name, quantity: 1, unitCents: 1000, productId: product.id }],
  });
  if (product.variant) await shop.db.updateTable('order_items').set({ variant_id: product.variant.id }).where('order_id', '=', id).execute();
  return { id, orderNumber };
}

/** Products of the tenant with at least two active variants, with two of them. */
export async function productsWithVariants(shop: TestShop, tenantId: number) {
  const variants = await shop.db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['p.id', 'p.sku', 'p.name', 'v.id as variant_id', 'v.variant_sku'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.is_active', '=', 1)
    .where('v.is_active', '=', 1)
    .orderBy('p.id')
    .orderBy('v.sort_order')
    .orderBy('v.id')
    .execute();
  const byProduct = new Map<number, typeof variants>();
  for (const variant of variants) byProduct.set(variant.id, [...(byProduct.get(variant.id) ?? []), variant]);
  return [...byProduct.values()].filter((list) => list.length >= 2).map((list) => ({ id: list[0]!.id, sku: list[0]!.sku, name: list[0]!.name, variants: list.map((v) => ({ id: v.variant_id, sku: v.variant_sku })) }));
}

/** The session behind an Authorization header value `Basic {token}`, as a link is signed for it. */
export async function linkSessionOf(shop: TestShop, tenantId: number, auth: string) {
  const tokenHash = hashSessionToken(auth.replace(/^Basic /, ''));
  const session = await shop.db.selectFrom('sessions').select('id').where('token_hash', '=', tokenHash).executeTakeFirstOrThrow();
  return { tenantId, sessionId: session.id, tokenHash };
}

/** A link to the file signed for the session behind `auth`, as the shop would sign it, valid `seconds` from `now`. */
export async function signedLinkFor(shop: TestShop, tenantId: number, auth: string, fileId: number, now: Date, seconds = 600): Promise<string> {
  const token = signDownloadToken(await linkSessionOf(shop, tenantId, auth), fileId, new Date(now.getTime() + seconds * 1000));
  return `/api/download/${token}`;
}

/** A product any demo buyer can order one by one that the company never ordered (its seeded history included) and that has no files yet. */
export async function unboughtOrderableProduct(shop: TestShop, customerNo: string) {
  const company = await shop.db.selectFrom('companies').select('id').where('customer_no', '=', customerNo).executeTakeFirstOrThrow();
  const bought = shop.db.selectFrom('order_items as i').innerJoin('orders as o', 'o.id', 'i.order_id').select('i.product_id').where('o.company_id', '=', company.id).where('i.product_id', 'is not', null);
  return shop.db
    .selectFrom('products')
    .select(['id', 'sku'])
    .where('is_only_sellable_with_positive_stock', '=', 0)
    .where('is_active', '=', 1)
    .where('is_downloadable', '=', 0)
    .where('sales_batch_size', '=', 1)
    .where('price_cents', '>', 1000)
    .where('category_id', 'not in', shop.db.selectFrom('categories').select('id').where('slug', 'in', ['angebote', 'auslaufartikel']))
    .where('id', 'not in', bought)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
}
