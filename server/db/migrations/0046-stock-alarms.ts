import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { createIndex, engineOf, flag, id, intDefault, notNull, oneOf, optionalRef, ref, tenantRef, textDefault, timestampNow, type Engine } from '../migration-helpers.ts';

// Stock alarms and notifications (docs/product.md, Stock alarms and notifications).
//  - stock_alarms and notifications belong to a user and the company they act for (a sales person's alarms
//    are the acting company's); existing rows take the user's company (a sales person's: the chosen one),
//    rows of a user without any are deleted: nobody could ever see them.
//  - stock_alarms.quantity is the wished quantity (snapped to the batch size), fired_at the moment it fired
//    (cleared when re-armed), last_fired_at the last firing whatever re-arming did (the 10-minute flap rule).
//  - notifications.type is 'backInStock' or 'lowStock'; mail_state null (no mail due), 'digest' (waits for
//    the daily digest) or 'sent'; alarm_id the alarm that fired it.
//  - notification_counts: the unread count and a version that moves with every change of a (user, company)'s
//    notifications, kept in the writer's transaction (server/modules/notifications/notification-counts.repository.ts).
//  - users.stock_mail: a mail for each back-in-stock notification, a daily digest, or none.
// SQLite cannot add a not-null column with a reference to an existing table: both tables are rebuilt.

const alarmColumns = 'id, tenant_id, user_id, product_id, name, domain_reference, created_at';
const notificationColumns = 'id, tenant_id, user_id, product_id, name, domain_reference, viewed, created_at';
/** The company an existing row goes to: the one a sales person acts for, else the user's own. */
const companyOfUser = (table: string) => `(select coalesce(u.current_company_id, u.company_id) from users u where u.id = ${table}.user_id)`;

async function createAlarmIndexes(db: Kysely<any>) {
  await createIndex(db, 'stock_alarms', ['tenant_id', 'user_id', 'created_at']);
  await createIndex(db, 'stock_alarms', ['user_id', 'company_id', 'domain_reference'], { unique: true });
  await createIndex(db, 'stock_alarms', ['product_id']);
  await createIndex(db, 'stock_alarms', ['tenant_id', 'domain_reference']);
}

async function createNotificationIndexes(db: Kysely<any>) {
  await createIndex(db, 'notifications', ['tenant_id', 'user_id', 'viewed', 'created_at']);
  await createIndex(db, 'notifications', ['user_id', 'company_id', 'viewed', 'created_at']);
  await createIndex(db, 'notifications', ['user_id', 'company_id', 'product_id', 'type', 'created_at']);
}

async function rebuildSqliteTables(db: Kysely<any>, engine: Engine) {
  await sql.raw(`delete from stock_alarms where ${companyOfUser('stock_alarms')} is null`).execute(db);
  await db.schema
    .createTable('stock_alarms_new')
    .addColumn('id', 'integer', id(engine))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('domain_reference', 'text', notNull)
    .addColumn('created_at', 'text', timestampNow(engine))
    .addColumn('company_id', 'integer', ref('companies.id', 'cascade'))
    .addColumn('variant_id', 'integer', (col) => col.references('product_variants.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', intDefault(1))
    .addColumn('fired_at', 'text')
    .addColumn('last_fired_at', 'text')
    .execute();
  await sql
    .raw(
      `insert into stock_alarms_new (${alarmColumns}, company_id, variant_id)
       select ${alarmColumns}, ${companyOfUser('stock_alarms')},
         (select v.id from product_variants v where v.product_id = stock_alarms.product_id and v.variant_sku = stock_alarms.domain_reference)
       from stock_alarms`,
    )
    .execute(db);
  await db.schema.dropTable('stock_alarms').execute();
  await sql`alter table stock_alarms_new rename to stock_alarms`.execute(db);
  await createAlarmIndexes(db);

  await sql.raw(`delete from notifications where ${companyOfUser('notifications')} is null`).execute(db);
  await db.schema
    .createTable('notifications_new')
    .addColumn('id', 'integer', id(engine))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('product_id', 'integer', optionalRef('products.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('domain_reference', 'text')
    .addColumn('viewed', 'integer', flag(0))
    .addColumn('created_at', 'text', timestampNow(engine))
    .addColumn('company_id', 'integer', ref('companies.id', 'cascade'))
    .addColumn('type', 'text', (col) => textDefault('backInStock')(oneOf('type', ['backInStock', 'lowStock'])(col)))
    .addColumn('variant_id', 'integer', (col) => col.references('product_variants.id').onDelete('cascade'))
    .addColumn('quantity', 'integer')
    .addColumn('alarm_id', 'integer', optionalRef('stock_alarms.id'))
    .addColumn('mail_state', 'text', oneOf('mail_state', ['digest', 'sent']))
    .execute();
  await sql
    .raw(
      `insert into notifications_new (${notificationColumns}, company_id, variant_id)
       select ${notificationColumns}, ${companyOfUser('notifications')},
         (select v.id from product_variants v where v.product_id = notifications.product_id and v.variant_sku = notifications.domain_reference)
       from notifications`,
    )
    .execute(db);
  await db.schema.dropTable('notifications').execute();
  await sql`alter table notifications_new rename to notifications`.execute(db);
  await createNotificationIndexes(db);
}

async function alterPostgresTables(db: Kysely<any>) {
  await sql.raw(`delete from stock_alarms where ${companyOfUser('stock_alarms')} is null`).execute(db);
  await sql`drop index stock_alarms_user_id_domain_reference_uq`.execute(db);
  await sql`drop index stock_alarms_tenant_id_product_id_idx`.execute(db);
  await db.schema
    .alterTable('stock_alarms')
    .addColumn('company_id', 'integer', (col) => col.references('companies.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (col) => col.references('product_variants.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', intDefault(1))
    .addColumn('fired_at', 'text')
    .addColumn('last_fired_at', 'text')
    .execute();
  await sql
    .raw(
      `update stock_alarms set company_id = ${companyOfUser('stock_alarms')},
         variant_id = (select v.id from product_variants v where v.product_id = stock_alarms.product_id and v.variant_sku = stock_alarms.domain_reference)`,
    )
    .execute(db);
  await sql`alter table stock_alarms alter column company_id set not null`.execute(db);
  await createIndex(db, 'stock_alarms', ['user_id', 'company_id', 'domain_reference'], { unique: true });
  await createIndex(db, 'stock_alarms', ['product_id']);
  await createIndex(db, 'stock_alarms', ['tenant_id', 'domain_reference']);

  await sql.raw(`delete from notifications where ${companyOfUser('notifications')} is null`).execute(db);
  await db.schema
    .alterTable('notifications')
    .addColumn('company_id', 'integer', (col) => col.references('companies.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => textDefault('backInStock')(oneOf('type', ['backInStock', 'lowStock'])(col)))
    .addColumn('variant_id', 'integer', (col) => col.references('product_variants.id').onDelete('cascade'))
    .addColumn('quantity', 'integer')
    .addColumn('alarm_id', 'integer', optionalRef('stock_alarms.id'))
    .addColumn('mail_state', 'text', oneOf('mail_state', ['digest', 'sent']))
    .execute();
  await sql
    .raw(
      `update notifications set company_id = ${companyOfUser('notifications')},
         variant_id = (select v.id from product_variants v where v.product_id = notifications.product_id and v.variant_sku = notifications.domain_reference)`,
    )
    .execute(db);
  await sql`alter table notifications alter column company_id set not null`.execute(db);
  await createIndex(db, 'notifications', ['user_id', 'company_id', 'viewed', 'created_at']);
  await createIndex(db, 'notifications', ['user_id', 'company_id', 'product_id', 'type', 'created_at']);
}

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  if (engine === 'postgres') await alterPostgresTables(db);
  else await rebuildSqliteTables(db, engine);

  await db.schema
    .createTable('notification_counts')
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('company_id', 'integer', ref('companies.id', 'cascade'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('unread', 'integer', intDefault(0))
    .addColumn('version', 'integer', intDefault(0))
    .addPrimaryKeyConstraint('notification_counts_pk', ['user_id', 'company_id'])
    .execute();
  await sql`insert into notification_counts (user_id, company_id, tenant_id, unread, version)
    select user_id, company_id, min(tenant_id), sum(case when viewed = 0 then 1 else 0 end), count(*)
    from notifications group by user_id, company_id`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('stock_mail', 'text', (col) => textDefault('each')(oneOf('stock_mail', ['each', 'digest', 'off'])(col)))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema.alterTable('users').dropColumn('stock_mail').execute();
  await db.schema.dropTable('notification_counts').execute();
  // Back to one alarm per user and domain reference: the newest of a user's companies' alarms stays.
  await sql`delete from stock_alarms where id not in (select max(id) from stock_alarms group by user_id, domain_reference)`.execute(db);
  if (engine === 'postgres') {
    await sql`alter table notifications drop column company_id, drop column type, drop column variant_id, drop column quantity, drop column alarm_id, drop column mail_state`.execute(db);
    await sql`drop index stock_alarms_user_id_company_id_domain_reference_uq`.execute(db);
    await sql`drop index stock_alarms_product_id_idx`.execute(db);
    await sql`drop index stock_alarms_tenant_id_domain_reference_idx`.execute(db);
    await sql`alter table stock_alarms drop column company_id, drop column variant_id, drop column quantity, drop column fired_at, drop column last_fired_at`.execute(db);
    await createIndex(db, 'stock_alarms', ['user_id', 'domain_reference'], { unique: true });
    await createIndex(db, 'stock_alarms', ['tenant_id', 'product_id']);
    return;
  }
  await rebuildSqliteTable(db, 'notifications', notificationColumns, (table) =>
    table
      .addColumn('id', 'integer', id(engine))
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
      .addColumn('product_id', 'integer', optionalRef('products.id'))
      .addColumn('name', 'text', notNull)
      .addColumn('domain_reference', 'text')
      .addColumn('viewed', 'integer', flag(0))
      .addColumn('created_at', 'text', timestampNow(engine)),
  );
  await createIndex(db, 'notifications', ['tenant_id', 'user_id', 'viewed', 'created_at']);
  await rebuildSqliteTable(db, 'stock_alarms', alarmColumns, (table) =>
    table
      .addColumn('id', 'integer', id(engine))
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
      .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
      .addColumn('name', 'text', notNull)
      .addColumn('domain_reference', 'text', notNull)
      .addColumn('created_at', 'text', timestampNow(engine)),
  );
  await createIndex(db, 'stock_alarms', ['tenant_id', 'user_id', 'created_at']);
  await createIndex(db, 'stock_alarms', ['user_id', 'domain_reference'], { unique: true });
  await createIndex(db, 'stock_alarms', ['tenant_id', 'product_id']);
}

/** SQLite: replaces `table` by one `define` builds, keeping `columns` of every row. */
async function rebuildSqliteTable(db: Kysely<any>, table: string, columns: string, define: (builder: CreateTableBuilder<string>) => CreateTableBuilder<string>) {
  await define(db.schema.createTable(`${table}_old`)).execute();
  await sql.raw(`insert into ${table}_old (${columns}) select ${columns} from ${table}`).execute(db);
  await db.schema.dropTable(table).execute();
  await sql.raw(`alter table ${table}_old rename to ${table}`).execute(db);
}
