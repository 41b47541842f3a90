import { sql, type Kysely } from 'kysely';
import { createStatementTriggers, dropStatementTriggers, engineOf, type Engine, type StatementTrigger } from '../migration-helpers.ts';

// The built-in product search (ADR 0008): one search document per product — its sku, the skus of its
// active variants, its German and English names, and the name with umlauts written out (ä → ae,
// ß → ss) — in a trigram index, so any part of a word of 3 or more letters is found: a sku prefix,
// "schraube" in "Holzschraube", "bohr" in "Akku-Bohrschrauber".
// - SQLite: an FTS5 table with the trigram tokenizer (case and diacritics folded by the tokenizer);
//   the row id is the product id.
// - PostgreSQL: a table of folded documents with a pg_trgm GIN index that answers LIKE '%…%'.
// Triggers keep the documents in step with every writer, in the writer's transaction.

const umlautsWrittenOut = (column: string) =>
  `replace(replace(replace(replace(replace(replace(replace(${column}, 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue'), 'ß', 'ss')`;

/** The search document of product `p` (a table alias, or NEW in a SQLite row trigger), unfolded. */
function documentOf(engine: Engine, p: string): string {
  const variantSkus =
    engine === 'sqlite'
      ? `(SELECT group_concat(v.variant_sku, ' ') FROM product_variants v WHERE v.product_id = ${p}.id AND v.is_active = 1)`
      : `(SELECT string_agg(v.variant_sku, ' ') FROM product_variants v WHERE v.product_id = ${p}.id AND v.is_active = 1)`;
  const writtenOut = umlautsWrittenOut(`${p}.name`);
  return `${p}.sku || ' ' || coalesce(${variantSkus}, '') || ' ' || ${p}.name || ' ' || coalesce(${p}.name_en, '')
          || CASE WHEN ${writtenOut} <> ${p}.name THEN ' ' || ${writtenOut} ELSE '' END`;
}

// PostgreSQL has no tokenizer to fold for it: the document is stored folded, the way the shop folds a
// search key (core/search-text.ts): lower case, diacritics removed, ß → ss.
const foldedAccents = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ';
const plainLetters = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy';
const postgresFold = (text: string) => `lower(replace(translate(${text}, '${foldedAccents}', '${plainLetters}'), 'ß', 'ss'))`;

const sqliteTriggers = [
  `CREATE TRIGGER product_search_insert AFTER INSERT ON products BEGIN
     INSERT INTO product_search (rowid, doc) VALUES (NEW.id, ${documentOf('sqlite', 'NEW')});
   END`,
  `CREATE TRIGGER product_search_update AFTER UPDATE OF sku, name, name_en ON products BEGIN
     UPDATE product_search SET doc = ${documentOf('sqlite', 'NEW')} WHERE rowid = NEW.id;
   END`,
  `CREATE TRIGGER product_search_delete AFTER DELETE ON products BEGIN
     DELETE FROM product_search WHERE rowid = OLD.id;
   END`,
  ...['INSERT', 'UPDATE OF variant_sku, is_active, product_id', 'DELETE'].map(
    (event, index) => `CREATE TRIGGER product_search_variants_${['insert', 'update', 'delete'][index]} AFTER ${event} ON product_variants BEGIN
     ${event === 'INSERT' ? '' : `UPDATE product_search SET doc = (SELECT ${documentOf('sqlite', 'p')} FROM products p WHERE p.id = OLD.product_id) WHERE rowid = OLD.product_id;`}
     ${event === 'DELETE' ? '' : `UPDATE product_search SET doc = (SELECT ${documentOf('sqlite', 'p')} FROM products p WHERE p.id = NEW.product_id) WHERE rowid = NEW.product_id;`}
   END`,
  ),
];

const postgresFunctions = [
  `CREATE FUNCTION product_search_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
     DELETE FROM product_search WHERE product_id = ANY(ids);
     INSERT INTO product_search (product_id, doc)
     SELECT p.id, ${postgresFold(documentOf('postgres', 'p'))} FROM products p WHERE p.id = ANY(ids);
   $$`,
  `CREATE FUNCTION product_search_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       PERFORM product_search_refresh(ARRAY(SELECT id FROM new_rows));
     ELSE
       -- Stock and price updates are the common case; only a change of the searched texts refreshes.
       PERFORM product_search_refresh(ARRAY(
         SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE n.sku <> o.sku OR n.name <> o.name OR n.name_en IS DISTINCT FROM o.name_en));
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION product_search_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM new_rows));
     ELSIF TG_OP = 'DELETE' THEN
       PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM old_rows));
     ELSE
       PERFORM product_search_refresh(ARRAY(
         SELECT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE n.variant_sku <> o.variant_sku OR n.is_active <> o.is_active OR n.product_id <> o.product_id
         UNION
         SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.product_id <> o.product_id));
     END IF;
     RETURN NULL;
   END $$`,
];

const postgresTriggers = [
  ['product_search_products_insert', 'INSERT', 'products', 'NEW TABLE AS new_rows', 'product_search_products_changed'],
  ['product_search_products_update', 'UPDATE', 'products', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'product_search_products_changed'],
  ['product_search_variants_insert', 'INSERT', 'product_variants', 'NEW TABLE AS new_rows', 'product_search_variants_changed'],
  ['product_search_variants_update', 'UPDATE', 'product_variants', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'product_search_variants_changed'],
  ['product_search_variants_delete', 'DELETE', 'product_variants', 'OLD TABLE AS old_rows', 'product_search_variants_changed'],
] as const satisfies readonly StatementTrigger[];

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  if (engine === 'sqlite') {
    await sql.raw(`CREATE VIRTUAL TABLE product_search USING fts5(doc, tokenize = 'trigram remove_diacritics 1')`).execute(db);
    await sql.raw(`INSERT INTO product_search (rowid, doc) SELECT p.id, ${documentOf('sqlite', 'p')} FROM products p`).execute(db);
    for (const statement of sqliteTriggers) await sql.raw(statement).execute(db);
    // The matches of a key are looked up by id to apply tenant, visibility and stock filters and to
    // sort by name; this narrow index answers that without reading the (wide) product rows.
    await sql`CREATE INDEX products_search_lookup_idx ON products (id, tenant_id, is_active, category_id, stock, has_pre_stock, name)`.execute(db);
    return;
  }
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE TABLE product_search (product_id integer PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE, doc text NOT NULL)`.execute(db);
  await sql.raw(`INSERT INTO product_search (product_id, doc) SELECT p.id, ${postgresFold(documentOf('postgres', 'p'))} FROM products p`).execute(db);
  await sql`CREATE INDEX product_search_doc_trgm_idx ON product_search USING gin (doc gin_trgm_ops)`.execute(db);
  for (const statement of postgresFunctions) await sql.raw(statement).execute(db);
  await createStatementTriggers(db, postgresTriggers);
  await sql`analyze product_search`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  if (engine === 'sqlite') {
    for (const statement of sqliteTriggers) {
      const name = /CREATE TRIGGER (\w+)/.exec(statement)?.[1];
      if (name) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
    }
    await sql`DROP INDEX IF EXISTS products_search_lookup_idx`.execute(db);
    await sql`DROP TABLE IF EXISTS product_search`.execute(db);
    return;
  }
  await dropStatementTriggers(db, postgresTriggers);
  await sql`DROP FUNCTION IF EXISTS product_search_products_changed()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS product_search_variants_changed()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS product_search_refresh(integer[])`.execute(db);
  await sql`DROP TABLE IF EXISTS product_search`.execute(db);
}
