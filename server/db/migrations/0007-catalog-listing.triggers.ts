import { sql, type Kysely } from 'kysely';
import { createStatementTriggers, dropStatementTriggers, type Engine, type StatementTrigger } from '../migration-helpers.ts';

// The triggers of migration 0007. They keep two derived pieces of the catalogue in step with every
// writer (seed, ERP import, admin tools) without any of them knowing:
// - products.has_pre_stock: 1 while the product has at least one product_pre_stocks row;
// - product_facets: one row per (category, attribute name, string value, product) of each active
//   product, from its own attributes and those of its active variants, with the product's name so a
//   filtered list can be read in listing order straight from the facet index.
// Trigger bodies cannot be written portably (SQLite runs row triggers with inline SQL, PostgreSQL
// runs functions), so this file holds both dialects side by side. PostgreSQL uses statement-level
// triggers with transition tables: a bulk insert of 1,000 products refreshes them in one statement.

/** Values longer than this are descriptions, not filter options (and would bloat the index). */
const maxFacetValueLength = 200;
const maxFacetNameLength = 100;
/** Keeps every facet key far below PostgreSQL's index entry limit (about 2,700 bytes). */
const maxProductNameLength = 500;

export interface FacetSource {
  /** The product row: a table alias, or NEW inside a SQLite row trigger. */
  product: string;
  /** The JSON attribute document to read. */
  doc: string;
  /** FROM items that bind `product` (and the document's row); empty for NEW. */
  from: string;
  where: string;
}

/** SELECT of facet rows (tenant_id, category_id, name, value, product_name, product_id) from one attribute document. */
function facetSelect(engine: Engine, { product: p, doc, from, where }: FacetSource): string {
  const nameLimits = `length(a.key) <= ${maxFacetNameLength} AND length(${p}.name) <= ${maxProductNameLength}`;
  if (engine === 'sqlite') {
    const pairs = `json_each(CASE WHEN json_type(${doc}) = 'object' THEN ${doc} ELSE '{}' END) a`;
    return `SELECT ${p}.tenant_id, ${p}.category_id, a.key, a.value, ${p}.name, ${p}.id
              FROM ${from ? `${from}, ` : ''}${pairs}
             WHERE ${where} AND ${p}.is_active = 1 AND a.type = 'text' AND length(a.value) <= ${maxFacetValueLength} AND ${nameLimits}`;
  }
  const pairs = `CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(${doc}::jsonb) = 'object' THEN ${doc}::jsonb ELSE '{}'::jsonb END) a`;
  return `SELECT ${p}.tenant_id, ${p}.category_id, a.key, a.value #>> '{}', ${p}.name, ${p}.id
            FROM ${from} ${pairs}
           WHERE ${where} AND ${p}.is_active = 1 AND jsonb_typeof(a.value) = 'string'
             AND length(a.value #>> '{}') <= ${maxFacetValueLength} AND ${nameLimits}`;
}

const facetColumns = 'product_facets (tenant_id, category_id, name, value, product_name, product_id)';

/** Inserts facet rows, skipping duplicates (a product and its variant may share a value). */
export function insertFacets(engine: Engine, sources: FacetSource[]): string {
  const rows = sources.map((source) => facetSelect(engine, source)).join(' UNION ALL ');
  return engine === 'sqlite' ? `INSERT OR IGNORE INTO ${facetColumns} ${rows}` : `INSERT INTO ${facetColumns} ${rows} ON CONFLICT DO NOTHING`;
}

/** All facets of the products matching `filter` (on `p`): their own attributes and those of their active variants. */
export function insertFacetsSql(engine: Engine, filter: string): string {
  return insertFacets(engine, [
    { product: 'p', doc: 'p.attributes', from: 'products p', where: filter },
    { product: 'p', doc: 'v.attributes', from: 'products p JOIN product_variants v ON v.product_id = p.id AND v.is_active = 1', where: filter },
  ]);
}

function sqliteRefresh(productId: string): string {
  return `DELETE FROM product_facets WHERE product_id = ${productId}; ${insertFacetsSql('sqlite', `p.id = ${productId}`)};`;
}

const sqliteTriggers = [
  // A new product has no variants yet, and a new variant adds only its own values: no full refresh.
  `CREATE TRIGGER catalog_facets_product_insert AFTER INSERT ON products BEGIN
     ${insertFacets('sqlite', [{ product: 'NEW', doc: 'NEW.attributes', from: '', where: '1 = 1' }])};
   END`,
  `CREATE TRIGGER catalog_facets_product_update AFTER UPDATE OF attributes, category_id, is_active, tenant_id, name ON products BEGIN
     ${sqliteRefresh('NEW.id')}
   END`,
  `CREATE TRIGGER catalog_facets_variant_insert AFTER INSERT ON product_variants WHEN NEW.is_active = 1 BEGIN
     ${insertFacets('sqlite', [{ product: 'p', doc: 'NEW.attributes', from: 'products p', where: 'p.id = NEW.product_id' }])};
   END`,
  `CREATE TRIGGER catalog_facets_variant_update AFTER UPDATE OF attributes, is_active, product_id ON product_variants BEGIN
     ${sqliteRefresh('OLD.product_id')}
     ${sqliteRefresh('NEW.product_id')}
   END`,
  `CREATE TRIGGER catalog_facets_variant_delete AFTER DELETE ON product_variants BEGIN
     ${sqliteRefresh('OLD.product_id')}
   END`,
  `CREATE TRIGGER catalog_pre_stock_insert AFTER INSERT ON product_pre_stocks BEGIN
     UPDATE products SET has_pre_stock = 1 WHERE id = NEW.product_id AND has_pre_stock = 0;
   END`,
  `CREATE TRIGGER catalog_pre_stock_delete AFTER DELETE ON product_pre_stocks BEGIN
     UPDATE products SET has_pre_stock = 0
      WHERE id = OLD.product_id AND NOT EXISTS (SELECT 1 FROM product_pre_stocks s WHERE s.product_id = OLD.product_id);
   END`,
  `CREATE TRIGGER catalog_pre_stock_update AFTER UPDATE OF product_id ON product_pre_stocks BEGIN
     UPDATE products SET has_pre_stock = 1 WHERE id = NEW.product_id AND has_pre_stock = 0;
     UPDATE products SET has_pre_stock = 0
      WHERE id = OLD.product_id AND NOT EXISTS (SELECT 1 FROM product_pre_stocks s WHERE s.product_id = OLD.product_id);
   END`,
];

const postgresFunctions = [
  `CREATE FUNCTION catalog_refresh_facets(ids integer[]) RETURNS void LANGUAGE sql AS $$
     DELETE FROM product_facets WHERE product_id = ANY(ids);
     ${insertFacetsSql('postgres', 'p.id = ANY(ids)')};
   $$`,
  `CREATE FUNCTION catalog_facets_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${insertFacets('postgres', [{ product: 'n', doc: 'n.attributes', from: 'new_rows n', where: 'true' }])};
     RETURN NULL;
   END $$`,
  // Stock and price updates are the common case; only a change that moves facets refreshes them.
  `CREATE FUNCTION catalog_facets_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM catalog_refresh_facets(ARRAY(
       SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.attributes IS DISTINCT FROM o.attributes OR n.category_id <> o.category_id
           OR n.is_active <> o.is_active OR n.tenant_id <> o.tenant_id OR n.name <> o.name));
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION catalog_facets_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       ${insertFacets('postgres', [{ product: 'p', doc: 'v.attributes', from: 'new_rows v JOIN products p ON p.id = v.product_id', where: 'v.is_active = 1' }])};
     ELSIF TG_OP = 'DELETE' THEN
       PERFORM catalog_refresh_facets(ARRAY(SELECT DISTINCT product_id FROM old_rows));
     ELSE
       PERFORM catalog_refresh_facets(ARRAY(
         SELECT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE n.attributes IS DISTINCT FROM o.attributes OR n.is_active <> o.is_active OR n.product_id <> o.product_id
         UNION
         SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.product_id <> o.product_id));
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION catalog_pre_stocks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP IN ('INSERT', 'UPDATE') THEN
       UPDATE products SET has_pre_stock = 1
        WHERE id IN (SELECT product_id FROM new_rows) AND has_pre_stock = 0;
     END IF;
     IF TG_OP IN ('DELETE', 'UPDATE') THEN
       UPDATE products p SET has_pre_stock = 0
        WHERE p.id IN (SELECT product_id FROM old_rows) AND p.has_pre_stock = 1
          AND NOT EXISTS (SELECT 1 FROM product_pre_stocks s WHERE s.product_id = p.id);
     END IF;
     RETURN NULL;
   END $$`,
];

const postgresTriggers = [
  ['catalog_facets_products_insert', 'INSERT', 'products', 'NEW TABLE AS new_rows', 'catalog_facets_products_inserted'],
  ['catalog_facets_products_update', 'UPDATE', 'products', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'catalog_facets_products_updated'],
  ['catalog_facets_variants_insert', 'INSERT', 'product_variants', 'NEW TABLE AS new_rows', 'catalog_facets_variants_changed'],
  ['catalog_facets_variants_update', 'UPDATE', 'product_variants', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'catalog_facets_variants_changed'],
  ['catalog_facets_variants_delete', 'DELETE', 'product_variants', 'OLD TABLE AS old_rows', 'catalog_facets_variants_changed'],
  ['catalog_pre_stocks_insert', 'INSERT', 'product_pre_stocks', 'NEW TABLE AS new_rows', 'catalog_pre_stocks_changed'],
  ['catalog_pre_stocks_update', 'UPDATE', 'product_pre_stocks', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'catalog_pre_stocks_changed'],
  ['catalog_pre_stocks_delete', 'DELETE', 'product_pre_stocks', 'OLD TABLE AS old_rows', 'catalog_pre_stocks_changed'],
] as const satisfies readonly StatementTrigger[];

export async function createCatalogTriggers(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    for (const statement of sqliteTriggers) await sql.raw(statement).execute(db);
    return;
  }
  for (const statement of postgresFunctions) await sql.raw(statement).execute(db);
  await createStatementTriggers(db, postgresTriggers);
}

export async function dropCatalogTriggers(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    for (const statement of sqliteTriggers) {
      const name = /CREATE TRIGGER (\w+)/.exec(statement)?.[1];
      if (name) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
    }
    return;
  }
  await dropStatementTriggers(db, postgresTriggers);
  for (const fn of ['catalog_facets_products_inserted', 'catalog_facets_products_updated', 'catalog_facets_variants_changed', 'catalog_pre_stocks_changed']) {
    await sql.raw(`DROP FUNCTION IF EXISTS ${fn}()`).execute(db);
  }
  await sql.raw('DROP FUNCTION IF EXISTS catalog_refresh_facets(integer[])').execute(db);
}
