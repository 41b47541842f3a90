import { sql, type Kysely } from 'kysely';
import { createStatementTriggers, dropStatementTriggers, engineOf, id, type StatementTrigger } from '../migration-helpers.ts';

// The external search engine's outbox (ADR 0009): triggers note the id of every product whose search
// document changed, in the writer's own transaction, and the shop sends those documents to the engine
// afterwards. A document changes with its texts (sku, names, active variant skus), its category, its
// active state, its stock crossing zero and its pre-order stock; a plain stock or price change does not.
// The triggers write only while `search_engine_sync` has a row, which the shop keeps there while an
// engine is configured: a shop without one collects nothing.

const gateOpen = 'EXISTS (SELECT 1 FROM search_engine_sync)';

const productChanged = (o: string, n: string) =>
  `(${o}.sku <> ${n}.sku OR ${o}.name <> ${n}.name OR ${o}.name_en IS DISTINCT FROM ${n}.name_en OR ${o}.category_id <> ${n}.category_id
    OR ${o}.is_active <> ${n}.is_active OR (${o}.stock > 0) <> (${n}.stock > 0) OR ${o}.has_pre_stock <> ${n}.has_pre_stock)`;
const variantChanged = (o: string, n: string) => `(${o}.variant_sku <> ${n}.variant_sku OR ${o}.is_active <> ${n}.is_active OR ${o}.product_id <> ${n}.product_id)`;

const sqliteTriggers = [
  `CREATE TRIGGER search_engine_products_insert AFTER INSERT ON products WHEN ${gateOpen} BEGIN
     INSERT INTO search_engine_outbox (product_id) VALUES (NEW.id);
   END`,
  `CREATE TRIGGER search_engine_products_update AFTER UPDATE ON products WHEN ${gateOpen} AND ${productChanged('OLD', 'NEW')} BEGIN
     INSERT INTO search_engine_outbox (product_id) VALUES (NEW.id);
   END`,
  `CREATE TRIGGER search_engine_products_delete AFTER DELETE ON products WHEN ${gateOpen} BEGIN
     INSERT INTO search_engine_outbox (product_id) VALUES (OLD.id);
   END`,
  `CREATE TRIGGER search_engine_variants_insert AFTER INSERT ON product_variants WHEN ${gateOpen} BEGIN
     INSERT INTO search_engine_outbox (product_id) VALUES (NEW.product_id);
   END`,
  `CREATE TRIGGER search_engine_variants_update AFTER UPDATE ON product_variants WHEN ${gateOpen} AND ${variantChanged('OLD', 'NEW')} BEGIN
     INSERT INTO search_engine_outbox (product_id) VALUES (NEW.product_id);
     INSERT INTO search_engine_outbox (product_id) SELECT OLD.product_id WHERE OLD.product_id <> NEW.product_id;
   END`,
  `CREATE TRIGGER search_engine_variants_delete AFTER DELETE ON product_variants WHEN ${gateOpen} BEGIN
     INSERT INTO search_engine_outbox (product_id) VALUES (OLD.product_id);
   END`,
];

/** A statement trigger function noting the product ids (`productId`: a column of the changed rows) of changed rows. */
const postgresFunction = (name: string, productId: string, changed: string, alsoUpdated = '') =>
  `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NOT ${gateOpen} THEN RETURN NULL; END IF;
     IF TG_OP = 'INSERT' THEN
       INSERT INTO search_engine_outbox (product_id) SELECT ${productId} FROM new_rows;
     ELSIF TG_OP = 'DELETE' THEN
       INSERT INTO search_engine_outbox (product_id) SELECT ${productId} FROM old_rows;
     ELSE
       INSERT INTO search_engine_outbox (product_id)
       SELECT n.${productId} FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ${changed} ${alsoUpdated};
     END IF;
     RETURN NULL;
   END $$`;

const postgresFunctions = [
  postgresFunction('search_engine_products_changed', 'id', productChanged('o', 'n')),
  // A variant moved to another product changes both products' documents.
  postgresFunction(
    'search_engine_variants_changed',
    'product_id',
    variantChanged('o', 'n'),
    'UNION SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.product_id <> o.product_id',
  ),
];

const postgresTriggers = [
  ['search_engine_products_insert', 'INSERT', 'products', 'NEW TABLE AS new_rows', 'search_engine_products_changed'],
  ['search_engine_products_update', 'UPDATE', 'products', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'search_engine_products_changed'],
  ['search_engine_products_delete', 'DELETE', 'products', 'OLD TABLE AS old_rows', 'search_engine_products_changed'],
  ['search_engine_variants_insert', 'INSERT', 'product_variants', 'NEW TABLE AS new_rows', 'search_engine_variants_changed'],
  ['search_engine_variants_update', 'UPDATE', 'product_variants', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'search_engine_variants_changed'],
  ['search_engine_variants_delete', 'DELETE', 'product_variants', 'OLD TABLE AS old_rows', 'search_engine_variants_changed'],
] as const satisfies readonly StatementTrigger[];

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  // No foreign key: the id of a deleted product must stay, so its document is deleted from the engine.
  await db.schema
    .createTable('search_engine_outbox')
    .addColumn('id', engine === 'postgres' ? 'bigint' : 'integer', id(engine))
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .execute();
  // The index the shop keeps in step; while a row is here, the triggers note changes.
  await db.schema.createTable('search_engine_sync').addColumn('index_uid', 'text', (col) => col.primaryKey()).execute();
  if (engine === 'sqlite') {
    for (const statement of sqliteTriggers) await sql.raw(statement).execute(db);
    return;
  }
  for (const statement of postgresFunctions) await sql.raw(statement).execute(db);
  await createStatementTriggers(db, postgresTriggers);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    for (const statement of sqliteTriggers) {
      const name = /CREATE TRIGGER (\w+)/.exec(statement)?.[1];
      if (name) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
    }
  } else {
    await dropStatementTriggers(db, postgresTriggers);
    await sql`DROP FUNCTION IF EXISTS search_engine_products_changed()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS search_engine_variants_changed()`.execute(db);
  }
  await db.schema.dropTable('search_engine_sync').ifExists().execute();
  await db.schema.dropTable('search_engine_outbox').ifExists().execute();
}
