import { retriedOnceOnUniqueViolation } from '../erp/unique-race.ts';
import { vatTableEntry } from '../../../core/tax-conversion.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErpContext } from '../access/erp-access.ts';
import { decided, fail, fieldKeyRules, parseKeyedRowSlots, sentField, unknownReference, type KeyedRow } from '../erp/keyed-rows.ts';
import type { RowProblem, RowResult } from '../erp/row-results.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { ErpProductRepository, ImageFields, ProductFields, VariantFields } from './erp-product.repository.ts';
import { flagOf, noVariantChanges, sameImages, sameProductFields, variantChanges, type VariantChanges } from './product-changes.ts';
import { productRow, type ProductRow } from './product-row.ts';
import { rowFingerprint } from './row-fingerprint.ts';

// PUT /erp/v1/products: the ERP's products, keyed by sku (docs/product.md, Entities: Product).
//  0. A row sent exactly as its product was last written from (its fingerprint, row-fingerprint.ts) is
//     unchanged, as long as the category, sales unit and VAT rate it names are still the stored ones: no
//     check and no comparison field by field. An ERP sends nearly all of its catalogue unchanged.
//  1. Check each other row on its own; a sku sent twice is taken from its first row.
//  2. Read what the request refers to, for all rows at once: the stored products with their variants
//     and images, the categories by externalId, the sales units, the seller's country and VAT table.
//  3. Per row: resolve the category, the sales unit and the VAT rate of the tax category in the seller's
//     country (ADR 0016; an unknown one fails the row); a variant sku of another product (stored, or
//     taken by an earlier row) fails it. Then compare with what is stored: an equal row is unchanged.
//  4. In one transaction, batched (each written product noting its row's fingerprint): insert new products (no price yet: hidden until the price upsert
//     sets their list price), update changed ones, replace changed variants and images. A product stays
//     visible only while the ERP wants it active and it has its price: is_active = erp_active AND has_price.
//     Facets, the built-in search's documents and words and the search engine's outbox follow by
//     triggers (migrations 0007-0010, 0016) in the same transaction.
//  5. Tell the storefront, whose listings and search answers are cached (catalogChanged).

export interface ProductUpsertDeps {
  products: ErpProductRepository;
  settings: Pick<SettingsService, 'getSellerCompany' | 'getVatConversionTable'>;
  clock: Clock;
  /** Forgets the storefront's cached category trees, listings and search answers of this process. */
  catalogChanged(): void;
}

type StoredProduct = Awaited<ReturnType<ErpProductRepository['findProducts']>>[number];

interface Planned {
  row: KeyedRow<ProductRow, string>;
  fields: ProductFields;
  variants: VariantFields[];
  images: ImageFields[];
}

function wantedVariants(row: ProductRow): VariantFields[] {
  return row.variants.map((variant, index) => ({
    variant_sku: variant.variantSku,
    name: variant.name,
    attributes: JSON.stringify(variant.attributes),
    is_active: flagOf(variant.active),
    sort_order: variant.position ?? index,
  }));
}

export function createProductUpsert(deps: ProductUpsertDeps) {
  /** What a product takes from elsewhere: the categories by externalId, the sales units, the VAT rates of the seller's country. */
  async function readReferences(tenantId: number, categoryExternalIds: readonly string[]) {
    const [categories, units, seller, vatTable] = await Promise.all([
      deps.products.findCategoryIds(tenantId, [...new Set(categoryExternalIds)]),
      deps.products.listSalesUnits(tenantId),
      deps.settings.getSellerCompany(tenantId),
      deps.settings.getVatConversionTable(tenantId),
    ]);
    const sellerCountry = seller.country.code.toUpperCase();
    return {
      categoryIdOf: new Map(categories.map((category) => [category.external_id ?? '', category.id])),
      unitIdOf: new Map(units.map((unit) => [unit.code, unit.id])),
      sellerCountry,
      rateOf: new Map(
        vatTable
          .map(vatTableEntry)
          .filter((entry) => entry.countryCode.toUpperCase() === sellerCountry)
          .map((entry) => [entry.taxCategory, entry.rateBp]),
      ),
    };
  }

  /** Step 0: the rows sent exactly as their product was last written from, by index, answered unchanged. */
  async function rowsAsStored(tenantId: number, body: readonly unknown[], fingerprints: readonly string[]) {
    const asStored = new Map<number, { id: string; result: RowResult }>();
    const stored = await deps.products.findFingerprints(tenantId, [...new Set(body.map((row) => sentField(row, 'sku')).filter((sku) => sku !== ''))]);
    if (stored.length === 0) return asStored;
    const storedBySku = new Map(stored.map((product) => [product.sku, product]));
    const sameRow = body.flatMap((row, index) => {
      const product = storedBySku.get(sentField(row, 'sku'));
      return product && product.erp_row_fingerprint === fingerprints[index] ? [{ index, row: row as Record<string, unknown>, product }] : [];
    });
    if (sameRow.length === 0) return asStored;
    const references = await readReferences(tenantId, sameRow.map(({ row }) => sentField(row, 'categoryExternalId')));
    for (const { index, row, product } of sameRow) {
      const unitId = row.salesUnit === undefined || row.salesUnit === null ? null : references.unitIdOf.get(sentField(row, 'salesUnit'));
      if (references.categoryIdOf.get(sentField(row, 'categoryExternalId')) !== product.category_id) continue;
      if (unitId !== product.sales_unit_id || references.rateOf.get(sentField(row, 'taxCategory')) !== product.vat_rate_bp) continue;
      asStored.set(index, { id: product.sku, result: { line: index + 1, key: product.sku, result: 'unchanged' } });
    }
    return asStored;
  }

  /** Step 2: everything stored the rows refer to. */
  async function readState(tenantId: number, rows: readonly KeyedRow<ProductRow, string>[]) {
    const skus = rows.map((row) => row.key);
    const [products, variants, images, references] = await Promise.all([
      deps.products.findProducts(tenantId, skus),
      deps.products.findVariants(tenantId, skus),
      deps.products.findImages(tenantId, skus),
      readReferences(tenantId, rows.map((row) => row.value.categoryExternalId)),
    ]);
    const variantsOf = groupBy(variants, (variant) => variant.product_id);
    const imagesOf = groupBy(images, (image) => image.product_id);
    const productBySku = new Map(products.map((product) => [product.sku, product]));
    // A variant sku the request's products do not hold may belong to another product.
    const ownerOf = new Map<string, string>();
    for (const product of products) for (const variant of variantsOf.get(product.id) ?? []) ownerOf.set(variant.variant_sku, product.sku);
    const foreignSkus = rows.flatMap((row) => row.value.variants.map((variant) => variant.variantSku)).filter((sku) => !ownerOf.has(sku));
    for (const owner of await deps.products.findVariantOwners(tenantId, [...new Set(foreignSkus)])) ownerOf.set(owner.variant_sku, owner.sku);
    return { productBySku, variantsOf, imagesOf, ownerOf, ...references };
  }

  async function upsertOnce(erp: ErpContext, body: readonly unknown[]): Promise<RowResult[]> {
    const fingerprints = body.map(rowFingerprint);
    const decidedBefore = await rowsAsStored(erp.tenantId, body, fingerprints);
    const { results, passed: rows } = parseKeyedRowSlots(productRow, body, { ...fieldKeyRules('sku', (row) => row.sku), answerKeyOf: (key) => key, decidedBefore });
    if (rows.length === 0) return decided(results);
    const state = await readState(erp.tenantId, rows);
    const now = deps.clock.now().toISOString();

    // Step 3: the references of each row, and the product it asks for.
    const planned: Planned[] = [];
    const claimedVariants = new Map<string, string>();
    for (const row of rows) {
      const value = row.value;
      const problems: RowProblem[] = [];
      const categoryId = state.categoryIdOf.get(value.categoryExternalId);
      if (categoryId === undefined) problems.push(unknownReference('categoryExternalId', value.categoryExternalId));
      const unitId = value.salesUnit === null ? null : state.unitIdOf.get(value.salesUnit);
      if (unitId === undefined) problems.push(unknownReference('salesUnit', value.salesUnit ?? ''));
      const rateBp = state.rateOf.get(value.taxCategory);
      if (rateBp === undefined) problems.push({ path: 'taxCategory', code: 'erp.tax_category.unknown', params: { category: value.taxCategory, country: state.sellerCountry } });
      value.variants.forEach((variant, index) => {
        const path = `variants.${index}.variantSku`;
        const owner = claimedVariants.get(variant.variantSku) ?? state.ownerOf.get(variant.variantSku);
        if (owner !== undefined && owner !== value.sku) problems.push({ path, code: 'erp.variant.foreign', params: { variantSku: variant.variantSku, sku: owner } });
        else if (value.variants.findIndex((other) => other.variantSku === variant.variantSku) < index) problems.push({ path, code: 'erp.key.duplicate', params: { key: variant.variantSku } });
      });
      if (problems.length > 0 || categoryId === undefined || unitId === undefined || rateBp === undefined) {
        fail(results, row, ...problems);
        continue;
      }
      for (const variant of value.variants) claimedVariants.set(variant.variantSku, value.sku);
      const stored = state.productBySku.get(value.sku);
      const erpActive = flagOf(value.active);
      planned.push({
        row,
        fields: {
          category_id: categoryId,
          name: value.names.de,
          name_en: value.names.en,
          description: value.descriptions.de,
          description_en: value.descriptions.en,
          tax_category: value.taxCategory,
          vat_rate_bp: rateBp,
          is_stock_freeze: flagOf(value.stockFreeze),
          is_only_sellable_with_positive_stock: flagOf(value.positiveStockOnly),
          sales_batch_size: value.batchSize,
          sales_unit_id: unitId,
          release_date: value.releaseDate,
          attributes: JSON.stringify(value.attributes),
          sales_attributes: JSON.stringify(value.salesAttributes),
          erp_active: erpActive,
          // Shown only with its list price (migration 0034): a new product has none yet.
          is_active: stored && stored.has_price === 1 ? erpActive : 0,
        },
        variants: wantedVariants(value),
        images: value.images.map((image) => ({ url: image.url, width: image.width, height: image.height })),
      });
    }

    // Step 3, the comparison: what each row changes, gathered for the batched writes of step 4.
    const inserts: (Planned & { sku: string })[] = [];
    const updates: (ProductFields & { id: number; erp_row_fingerprint: string; updated_at: string })[] = [];
    // Equal rows sent in another form than their product's last one: noted, so this form takes the fast way next time.
    const fingerprintNotes: { id: number; erp_row_fingerprint: string }[] = [];
    const variantWrites: { productId: number; changes: VariantChanges }[] = [];
    const imageWrites: { productId: number; images: ImageFields[] }[] = [];
    for (const plan of planned) {
      const stored: StoredProduct | undefined = state.productBySku.get(plan.row.key);
      if (!stored) {
        inserts.push({ ...plan, sku: plan.row.key });
        results[plan.row.line - 1] = { line: plan.row.line, key: plan.row.key, result: 'created' };
        continue;
      }
      const variants = variantChanges(state.variantsOf.get(stored.id) ?? [], plan.variants);
      const images = sameImages(state.imagesOf.get(stored.id) ?? [], plan.images);
      const fieldsSame = sameProductFields(stored, plan.fields);
      const unchanged = fieldsSame && noVariantChanges(variants) && images;
      results[plan.row.line - 1] = { line: plan.row.line, key: plan.row.key, result: unchanged ? 'unchanged' : 'updated' };
      const fingerprint = fingerprints[plan.row.line - 1]!;
      if (unchanged) {
        if (stored.erp_row_fingerprint !== fingerprint) fingerprintNotes.push({ id: stored.id, erp_row_fingerprint: fingerprint });
        continue;
      }
      updates.push({ ...plan.fields, id: stored.id, erp_row_fingerprint: fingerprint, updated_at: now });
      if (!noVariantChanges(variants)) variantWrites.push({ productId: stored.id, changes: variants });
      if (!images) imageWrites.push({ productId: stored.id, images: plan.images });
    }

    if (inserts.length + updates.length + fingerprintNotes.length > 0) {
      await deps.products.inTransaction(async (trx) => {
        const ids = await deps.products.insertProducts(
          trx,
          erp.tenantId,
          inserts.map((plan) => ({ ...plan.fields, sku: plan.sku, erp_row_fingerprint: fingerprints[plan.row.line - 1]! })),
          now,
        );
        for (const plan of inserts) {
          const productId = ids.get(plan.sku)!;
          if (plan.variants.length > 0) variantWrites.push({ productId, changes: { deleted: [], updated: [], inserted: plan.variants } });
          if (plan.images.length > 0) imageWrites.push({ productId, images: plan.images });
        }
        await deps.products.updateProducts(trx, erp.tenantId, updates);
        // Variants: the removed ones go, the kept ones change in place (their price and stock stay), new ones come.
        await deps.products.deleteVariants(trx, erp.tenantId, variantWrites.flatMap((write) => write.changes.deleted));
        await deps.products.updateVariants(trx, erp.tenantId, variantWrites.flatMap((write) => write.changes.updated));
        await deps.products.insertVariants(
          trx,
          erp.tenantId,
          variantWrites.flatMap((write) => write.changes.inserted.map((variant) => ({ ...variant, product_id: write.productId }))),
        );
        await deps.products.replaceImages(
          trx,
          erp.tenantId,
          imageWrites.map((write) => write.productId),
          imageWrites.flatMap((write) => write.images.map((image, index) => ({ ...image, product_id: write.productId, sort_order: index }))),
        );
        await deps.products.setFingerprints(trx, erp.tenantId, fingerprintNotes);
      });
      if (inserts.length + updates.length > 0) deps.catalogChanged();
    }
    return decided(results);
  }

  return {
    // A record two requests create at once: the later insert meets the unique index, and the whole load runs
    // once more, finding it (server/modules/erp/unique-race.ts).
    upsert: (erp: ErpContext, body: readonly unknown[]) => retriedOnceOnUniqueViolation(() => upsertOnce(erp, body)),
  };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export type ProductUpsert = ReturnType<typeof createProductUpsert>;
