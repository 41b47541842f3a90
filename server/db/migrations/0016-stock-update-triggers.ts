import { sql, type Kysely } from 'kysely';
import { engineOf } from '../migration-helpers.ts';
import { insertFacets } from './0007-catalog-listing.triggers.ts';
import { insertPostgresWords } from './0009-search-words.ts';

// Cheaper stock writes for order placement (npm run bench:orders), PostgreSQL only. Every
// order line updates products.stock (or product_variants.stock, product_pre_stocks.quantity), and
// each such statement fires the statement triggers of migrations 0007-0009. They derived nothing
// from a stock change, yet paid for it: the facet and search-document refreshes were called with an
// empty id list (LANGUAGE sql functions, planned anew on every call), the search words of every
// updated name were split again, and a pre-stock update ran two updates of products, which fired the
// products' triggers in turn. Together about half of PostgreSQL's CPU time per order (5-line carts).
// The functions now return early when none of the columns they derive from changed; what they write
// when one did is unchanged. SQLite's row triggers already fire only on their columns (UPDATE OF).

/** Rows of a products or variants update whose listed columns changed (`o` old, `n` new, joined on id). */
const changedRows = (select: string, condition: string) => `SELECT ${select} FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ${condition}`;

const productFacetsChanged =
  'n.attributes IS DISTINCT FROM o.attributes OR n.category_id <> o.category_id OR n.is_active <> o.is_active OR n.tenant_id <> o.tenant_id OR n.name <> o.name';
const productTextsChanged = 'n.sku <> o.sku OR n.name <> o.name OR n.name_en IS DISTINCT FROM o.name_en';
const productNamesChanged = 'n.name <> o.name OR n.name_en IS DISTINCT FROM o.name_en';
const variantFacetsChanged = 'n.attributes IS DISTINCT FROM o.attributes OR n.is_active <> o.is_active OR n.product_id <> o.product_id';
const variantTextsChanged = 'n.variant_sku <> o.variant_sku OR n.is_active <> o.is_active OR n.product_id <> o.product_id';
const variantMoved = `UNION ${changedRows('o.product_id', 'n.product_id <> o.product_id')}`;

/**
 * `PERFORM refresh(ARRAY(ids))`, or with `guarded` only when the array is not empty: a refresh function
 * is plain SQL, planned on every call, which costs more than the rows it then finds.
 */
function refresh(fn: string, ids: string, guarded: boolean): string {
  if (!guarded) return `PERFORM ${fn}(ARRAY(${ids}));`;
  return `ids := ARRAY(${ids});
       IF cardinality(ids) > 0 THEN PERFORM ${fn}(ids); END IF;`;
}

/** The trigger functions as migrations 0007-0009 wrote them (`guarded` false) or with their early returns. */
function triggerFunctions(guarded: boolean): string[] {
  const declare = guarded ? 'DECLARE ids integer[];' : '';
  return [
    `CREATE OR REPLACE FUNCTION catalog_facets_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
   ${declare}
   BEGIN
     ${refresh('catalog_refresh_facets', changedRows('n.id', productFacetsChanged), guarded)}
     RETURN NULL;
   END $$`,
    `CREATE OR REPLACE FUNCTION catalog_facets_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   ${declare}
   BEGIN
     IF TG_OP = 'INSERT' THEN
       ${insertFacets('postgres', [{ product: 'p', doc: 'v.attributes', from: 'new_rows v JOIN products p ON p.id = v.product_id', where: 'v.is_active = 1' }])};
     ELSIF TG_OP = 'DELETE' THEN
       ${refresh('catalog_refresh_facets', 'SELECT DISTINCT product_id FROM old_rows', guarded)}
     ELSE
       ${refresh('catalog_refresh_facets', `${changedRows('n.product_id', variantFacetsChanged)} ${variantMoved}`, guarded)}
     END IF;
     RETURN NULL;
   END $$`,
    // A pre-stock row moved to another product is the only update that can change has_pre_stock.
    `CREATE OR REPLACE FUNCTION catalog_pre_stocks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${
       guarded
         ? `IF TG_OP = 'UPDATE' THEN
       -- (A separate IF: an INSERT or DELETE trigger has no old_rows or no new_rows to name.)
       IF NOT EXISTS (SELECT product_id FROM new_rows EXCEPT SELECT product_id FROM old_rows)
          AND NOT EXISTS (SELECT product_id FROM old_rows EXCEPT SELECT product_id FROM new_rows) THEN
         RETURN NULL;
       END IF;
     END IF;`
         : ''
     }
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
    `CREATE OR REPLACE FUNCTION product_search_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   ${declare}
   BEGIN
     IF TG_OP = 'INSERT' THEN
       ${refresh('product_search_refresh', 'SELECT id FROM new_rows', guarded)}
     ELSE
       -- Stock and price updates are the common case; only a change of the searched texts refreshes.
       ${refresh('product_search_refresh', changedRows('n.id', productTextsChanged), guarded)}
     END IF;
     RETURN NULL;
   END $$`,
    `CREATE OR REPLACE FUNCTION product_search_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   ${declare}
   BEGIN
     IF TG_OP = 'INSERT' THEN
       ${refresh('product_search_refresh', 'SELECT DISTINCT product_id FROM new_rows', guarded)}
     ELSIF TG_OP = 'DELETE' THEN
       ${refresh('product_search_refresh', 'SELECT DISTINCT product_id FROM old_rows', guarded)}
     ELSE
       ${refresh('product_search_refresh', `${changedRows('n.product_id', variantTextsChanged)} ${variantMoved}`, guarded)}
     END IF;
     RETURN NULL;
   END $$`,
    // Words are never removed (0009): an update adds only the words of names that changed.
    `CREATE OR REPLACE FUNCTION search_words_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${
         guarded
           ? `IF TG_OP = 'INSERT' THEN
         ${insertPostgresWords('new_rows')};
       ELSE
         ${insertPostgresWords(`(${changedRows('n.*', productNamesChanged)})`)};
       END IF;`
           : `${insertPostgresWords('new_rows')};`
       }
       RETURN NULL;
     END $$`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const statement of triggerFunctions(true)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const statement of triggerFunctions(false)) await sql.raw(statement).execute(db);
}
