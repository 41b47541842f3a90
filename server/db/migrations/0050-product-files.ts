import { sql, type Kysely } from 'kysely';
import { createIndex, engineOf, id, intDefault, notNull, oneOf, ref, tenantRef, timestampNow } from '../migration-helpers.ts';

// Product documents and downloadable products' files (docs/product.md, Product documents and downloads; ADR 0030).
//  - product_files: one row per file the ERP loads for a product or one of its variants, keyed by the ERP's
//    external id per purpose: 'document' (data sheet, manual, certificate, safety data sheet, other; seen by
//    everyone who sees the product, by signed-in customers or by named companies) or 'download' (the file a
//    downloadable product delivers: only companies that bought it). The bytes live in the file store under
//    their SHA-256 (server/modules/product-files/file-store.ts); sha256 is null until the file came.
//    file_version is the version the stored file has (the metadata's version when it was stored).
//  - product_file_companies: the named companies of a document with visibility 'companies'.
//  - safety_sheet_deliveries: which version of a safety data sheet went to which company, once each.
//  - file_downloads: every download of a downloadable product's file, per user (the count shown, the log).
//  - notifications.type gains 'safetyDataSheet' (a new version of a safety data sheet of a product the
//    company bought), with the file and its version. A file that goes with its product or variant leaves
//    its notifications (file_id null), as a product leaves its stock notifications: the unread counts kept
//    beside them stay right; the ERP's delete of a document takes its notifications with their counts. SQLite cannot change a CHECK: notifications is rebuilt
//    there, with its indexes as they stand.
//  - downloads (migration 0003) goes: it only ever held links to the demo seed's PDFs under /media, which
//    the seed now loads as documents; the product answer's `downloads` lists the documents for everyone.

const notificationTypes = ['backInStock', 'lowStock'];
const withSafetyDataSheet = [...notificationTypes, 'safetyDataSheet'];

async function rebuildSqliteNotifications(db: Kysely<any>, types: readonly string[], withFileColumns: boolean) {
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where tbl_name = 'notifications' and type in ('index', 'trigger') and sql is not null`.execute(db);
  const current = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'notifications'`.execute(db);
  let definition = current.rows[0]!.sql.replace(/^create table "?notifications"?/i, 'create table notifications_new');
  const typeCheck = /check\s*\(\s*"type" in \([^)]*\)\s*\)/i;
  if (!typeCheck.test(definition)) throw new Error('notifications.type has no CHECK to change');
  definition = definition.replace(typeCheck, `check ("type" in (${types.map((type) => `'${type}'`).join(', ')}))`);
  if (withFileColumns) {
    definition = definition.replace(/\)\s*$/, ', "file_id" integer references "product_files" ("id") on delete set null, "file_version" text)');
  } else {
    definition = definition.replace(/,\s*"file_id" integer references "product_files" \("id"\) on delete set null, "file_version" text\)\s*$/, ')');
  }
  const columns = (await sql<{ name: string }>`select name from pragma_table_info('notifications')`.execute(db)).rows.map((row) => `"${row.name}"`);
  const kept = withFileColumns ? columns : columns.filter((column) => column !== '"file_id"' && column !== '"file_version"');
  await sql.raw(definition).execute(db);
  await sql.raw(`insert into notifications_new (${kept.join(', ')}) select ${kept.join(', ')} from notifications where "type" in (${types.map((type) => `'${type}'`).join(', ')})`).execute(db);
  await sql`drop table notifications`.execute(db);
  await sql`alter table notifications_new rename to notifications`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable('product_files')
    .addColumn('id', 'integer', id(engine))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('variant_id', 'integer', (col) => col.references('product_variants.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => oneOf('purpose', ['document', 'download'])(col.notNull()))
    .addColumn('external_id', 'text', notNull)
    .addColumn('kind', 'text', oneOf('kind', ['data_sheet', 'manual', 'certificate', 'safety_data_sheet', 'other']))
    .addColumn('visibility', 'text', oneOf('visibility', ['everyone', 'signed_in', 'companies']))
    .addColumn('language', 'text', oneOf('language', ['de', 'en']))
    .addColumn('title', 'text', notNull)
    .addColumn('version', 'text', notNull)
    .addColumn('file_name', 'text', notNull)
    .addColumn('sort_order', 'integer', intDefault(0))
    .addColumn('content_type', 'text')
    .addColumn('bytes', 'bigint')
    .addColumn('sha256', 'text')
    .addColumn('file_version', 'text')
    .addColumn('file_at', 'text')
    .addColumn('created_at', 'text', timestampNow(engine))
    .addColumn('updated_at', 'text', timestampNow(engine))
    // A document has its kind and visibility, a download neither: access to it is having bought it.
    .addCheckConstraint('product_files_purpose_fields', sql`(purpose = 'document') = (kind is not null and visibility is not null)`)
    .execute();
  await createIndex(db, 'product_files', ['tenant_id', 'purpose', 'external_id'], { unique: true });
  await createIndex(db, 'product_files', ['product_id', 'purpose']);
  await createIndex(db, 'product_files', ['variant_id']);
  await createIndex(db, 'product_files', ['sha256']);

  await db.schema
    .createTable('product_file_companies')
    .addColumn('file_id', 'integer', ref('product_files.id', 'cascade'))
    .addColumn('company_id', 'integer', ref('companies.id', 'cascade'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addPrimaryKeyConstraint('product_file_companies_pk', ['file_id', 'company_id'])
    .execute();
  await createIndex(db, 'product_file_companies', ['company_id']);

  await db.schema
    .createTable('safety_sheet_deliveries')
    .addColumn('id', 'integer', id(engine))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('file_id', 'integer', ref('product_files.id', 'cascade'))
    .addColumn('company_id', 'integer', ref('companies.id', 'cascade'))
    .addColumn('version', 'text', notNull)
    .addColumn('delivered_at', 'text', timestampNow(engine))
    .execute();
  await createIndex(db, 'safety_sheet_deliveries', ['file_id', 'company_id', 'version'], { unique: true });
  await createIndex(db, 'safety_sheet_deliveries', ['company_id', 'delivered_at']);

  await db.schema
    .createTable('file_downloads')
    .addColumn('id', 'integer', id(engine))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('file_id', 'integer', ref('product_files.id', 'cascade'))
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('company_id', 'integer', ref('companies.id', 'cascade'))
    .addColumn('file_version', 'text', notNull)
    .addColumn('downloaded_at', 'text', timestampNow(engine))
    .execute();
  await createIndex(db, 'file_downloads', ['file_id', 'user_id']);
  await createIndex(db, 'file_downloads', ['company_id', 'file_id']);
  await createIndex(db, 'file_downloads', ['user_id']);

  if (engine === 'postgres') {
    await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
    await sql.raw(`alter table notifications add constraint notifications_type_check check (type in (${withSafetyDataSheet.map((type) => `'${type}'`).join(', ')}))`).execute(db);
    await db.schema
      .alterTable('notifications')
      .addColumn('file_id', 'integer', (col) => col.references('product_files.id').onDelete('set null'))
      .addColumn('file_version', 'text')
      .execute();
  } else {
    await rebuildSqliteNotifications(db, withSafetyDataSheet, true);
  }
  await createIndex(db, 'notifications', ['file_id']);
  await db.schema.dropTable('downloads').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable('downloads')
    .addColumn('id', 'integer', id(engine))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('title', 'text', notNull)
    .addColumn('url', 'text', notNull)
    .addColumn('sort_order', 'integer', intDefault(0))
    .execute();
  await createIndex(db, 'downloads', ['tenant_id', 'product_id']);
  await db.schema.dropIndex('notifications_file_id_idx').execute();
  if (engine === 'postgres') {
    await sql`delete from notifications where type = 'safetyDataSheet'`.execute(db);
    await db.schema.alterTable('notifications').dropColumn('file_id').dropColumn('file_version').execute();
    await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
    await sql.raw(`alter table notifications add constraint notifications_type_check check (type in (${notificationTypes.map((type) => `'${type}'`).join(', ')}))`).execute(db);
  } else {
    await rebuildSqliteNotifications(db, notificationTypes, false);
  }
  for (const table of ['file_downloads', 'safety_sheet_deliveries', 'product_file_companies', 'product_files']) await db.schema.dropTable(table).execute();
}
