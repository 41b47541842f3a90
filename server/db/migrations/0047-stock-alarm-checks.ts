import { sql, type Kysely } from 'kysely';
import { createStatementTriggers, dropStatementTriggers, engineOf, id, tenantRef, type StatementTrigger } from '../migration-helpers.ts';

// The stock alarms' outbox (ADR 0027, docs/product.md "Stock alarms and notifications"): triggers note a
// product whose sellable stock changed, in the writer's own transaction, and the firing worker of every app
// process judges its alarms and wishlist entries afterwards (server/modules/alarm-firing). A row is noted
// only when the product is watched (it has an alarm, or, for a change of the product's own stock, is on a
// wishlist): a stock write of an unwatched product costs one index lookup and writes nothing.
// What is noted: the product, the variant whose stock changed (null: the product's own stock), the stock
// before the change (so the worker can tell "fell below" for the low-stock notice) and the time. A product
// that becomes active again (is_active 0 → 1) is noted too, with its unchanged stock: it may fire now.
// The daily digest of alarm mails is claimed once per shop day across processes by its row in
// stock_alarm_digest_runs, written in the transaction that queues the digest mails.

const alarmed = (productId: string) => `EXISTS (SELECT 1 FROM stock_alarms a WHERE a.product_id = ${productId})`;
const wishlisted = (productId: string) => `EXISTS (SELECT 1 FROM wishlist_items w WHERE w.product_id = ${productId})`;
// Now as ISO-8601 UTC text with milliseconds, as migration-helpers.ts nowIso writes it.
const sqliteNow = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const postgresNow = `to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const sqliteTriggers = [
  `CREATE TRIGGER stock_alarm_checks_products_stock AFTER UPDATE OF stock ON products
     WHEN OLD.stock <> NEW.stock AND (${alarmed('NEW.id')} OR ${wishlisted('NEW.id')}) BEGIN
     INSERT INTO stock_alarm_checks (tenant_id, product_id, variant_id, previous_stock, noted_at) VALUES (NEW.tenant_id, NEW.id, NULL, OLD.stock, ${sqliteNow});
   END`,
  `CREATE TRIGGER stock_alarm_checks_products_active AFTER UPDATE OF is_active ON products
     WHEN OLD.is_active = 0 AND NEW.is_active = 1 AND ${alarmed('NEW.id')} BEGIN
     INSERT INTO stock_alarm_checks (tenant_id, product_id, variant_id, previous_stock, noted_at) VALUES (NEW.tenant_id, NEW.id, NULL, NEW.stock, ${sqliteNow});
   END`,
  `CREATE TRIGGER stock_alarm_checks_variants_stock AFTER UPDATE OF stock ON product_variants
     WHEN OLD.stock <> NEW.stock AND ${alarmed('NEW.product_id')} BEGIN
     INSERT INTO stock_alarm_checks (tenant_id, product_id, variant_id, previous_stock, noted_at) VALUES (NEW.tenant_id, NEW.product_id, NEW.id, OLD.stock, ${sqliteNow});
   END`,
];

// PostgreSQL: statement triggers see the changed rows as transition tables (one run per bulk statement);
// transition tables allow no column list, so the functions compare the columns themselves (migration 0016).
const postgresFunctions = [
  `CREATE FUNCTION stock_alarm_checks_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO stock_alarm_checks (tenant_id, product_id, variant_id, previous_stock, noted_at)
     SELECT n.tenant_id, n.id, NULL, o.stock, ${postgresNow}
       FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.stock <> o.stock AND (${alarmed('n.id')} OR ${wishlisted('n.id')}))
         OR (o.is_active = 0 AND n.is_active = 1 AND ${alarmed('n.id')});
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION stock_alarm_checks_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO stock_alarm_checks (tenant_id, product_id, variant_id, previous_stock, noted_at)
     SELECT n.tenant_id, n.product_id, n.id, o.stock, ${postgresNow}
       FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.stock <> o.stock AND ${alarmed('n.product_id')};
     RETURN NULL;
   END $$`,
];

const postgresTriggers = [
  ['stock_alarm_checks_products', 'UPDATE', 'products', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'stock_alarm_checks_products_changed'],
  ['stock_alarm_checks_variants', 'UPDATE', 'product_variants', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'stock_alarm_checks_variants_changed'],
] as const satisfies readonly StatementTrigger[];

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  // No foreign key to products: a check of a product deleted meanwhile is simply dropped by the worker.
  await db.schema
    .createTable('stock_alarm_checks')
    .addColumn('id', engine === 'postgres' ? 'bigint' : 'integer', id(engine))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('variant_id', 'integer')
    .addColumn('previous_stock', 'integer', (col) => col.notNull())
    .addColumn('noted_at', 'text', (col) => col.notNull())
    .addColumn('claimed_until', 'text')
    .execute();
  await db.schema.createTable('stock_alarm_digest_runs').addColumn('shop_day', 'text', (col) => col.primaryKey()).addColumn('ran_at', 'text', (col) => col.notNull()).execute();
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
    await sql`DROP FUNCTION IF EXISTS stock_alarm_checks_products_changed()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS stock_alarm_checks_variants_changed()`.execute(db);
  }
  await db.schema.dropTable('stock_alarm_digest_runs').ifExists().execute();
  await db.schema.dropTable('stock_alarm_checks').ifExists().execute();
}
