import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { createIndex, engineOf, flag, id, intDefault, notNull, oneOf, ref, tenantRef, textDefault, timestampNow, type Engine } from '../migration-helpers.ts';

// Product reviews by verified buyers (docs/product.md, Reviews; ADR 0029).
//  - reviews (migration 0003) gain the company the author bought for (its name is shown when the author
//    chooses: show_company), the author's language, a status ('published', 'pending' while the seller's
//    approval is due, 'hidden' by the seller), the seller's reply, when the author last changed it, and
//    feed_seq, its place in the ERP's review feed (GET /erp/v1/reviews?after=): every write of a review
//    takes the tenant's next one in its transaction. One review per user and product. Existing reviews
//    keep the newest per user and product, take the user's company (reviews of users without one go:
//    nobody could tell whose they are) and are published.
//  - product_review_stats: the kept summary of a product's published reviews (count, sum of ratings,
//    count per star), moved by every write that changes what is published, in its transaction.
//  - review_feed_positions: the last feed_seq given per tenant.
//  - The product's list reads published reviews newest first or by rating through the two indexes on
//    (product_id, status, …); they also serve the foreign key when a product goes.
// SQLite cannot add a not-null column with a reference to an existing table: reviews is rebuilt there.

const statuses = ['published', 'pending', 'hidden'];
const languages = ['de', 'en'];
const originalColumns = 'id, tenant_id, product_id, user_id, rating, title, text, name, created_at';
const stars = [1, 2, 3, 4, 5] as const;

/** The newest review of each user and product: the one kept under the new unique key. */
const newestPerUserAndProduct = 'select max(id) from reviews group by user_id, product_id';
/** The author's language as the review takes it: 'en' for English readers, else German. */
const languageOfUser = (user: string) => `case when ${user}.locale = 'en' then 'en' else 'de' end`;

async function createReviewIndexes(db: Kysely<any>) {
  await createIndex(db, 'reviews', ['user_id', 'product_id'], { unique: true });
  await createIndex(db, 'reviews', ['product_id', 'status', 'created_at', 'id']);
  await createIndex(db, 'reviews', ['product_id', 'status', 'rating', 'created_at', 'id']);
  await createIndex(db, 'reviews', ['tenant_id', 'feed_seq'], { unique: true });
  await createIndex(db, 'reviews', ['company_id']);
}

async function rebuildSqliteReviews(db: Kysely<any>, engine: Engine) {
  await db.schema
    .createTable('reviews_new')
    .addColumn('id', 'integer', id(engine))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn('title', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('name', 'text')
    .addColumn('created_at', 'text', timestampNow(engine))
    .addColumn('company_id', 'integer', ref('companies.id', 'cascade'))
    .addColumn('show_company', 'integer', flag(0))
    .addColumn('language', 'text', (col) => textDefault('de')(oneOf('language', languages)(col)))
    .addColumn('status', 'text', (col) => textDefault('published')(oneOf('status', statuses)(col)))
    .addColumn('reply_text', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('updated_at', 'text')
    .addColumn('feed_seq', 'integer')
    .execute();
  await sql
    .raw(
      `insert into reviews_new (${originalColumns}, company_id, language, feed_seq)
       select ${originalColumns.replace(/(\w+)/g, 'r.$1')}, u.company_id, ${languageOfUser('u')}, row_number() over (partition by r.tenant_id order by r.id)
       from reviews r join users u on u.id = r.user_id
       where u.company_id is not null and r.id in (${newestPerUserAndProduct})`,
    )
    .execute(db);
  await db.schema.dropTable('reviews').execute();
  await sql`alter table reviews_new rename to reviews`.execute(db);
}

async function alterPostgresReviews(db: Kysely<any>) {
  await sql.raw(`delete from reviews where id not in (${newestPerUserAndProduct})`).execute(db);
  await sql`delete from reviews r where not exists (select 1 from users u where u.id = r.user_id and u.company_id is not null)`.execute(db);
  await db.schema
    .alterTable('reviews')
    .addColumn('company_id', 'integer', (col) => col.references('companies.id').onDelete('cascade'))
    .addColumn('show_company', 'integer', flag(0))
    .addColumn('language', 'text', (col) => textDefault('de')(oneOf('language', languages)(col)))
    .addColumn('status', 'text', (col) => textDefault('published')(oneOf('status', statuses)(col)))
    .addColumn('reply_text', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('updated_at', 'text')
    .addColumn('feed_seq', 'integer')
    .execute();
  await sql
    .raw(
      `update reviews set company_id = u.company_id, language = ${languageOfUser('u')}, feed_seq = numbered.seq
       from users u, (select id, row_number() over (partition by tenant_id order by id) as seq from reviews) numbered
       where u.id = reviews.user_id and numbered.id = reviews.id`,
    )
    .execute(db);
  await sql`alter table reviews alter column company_id set not null`.execute(db);
  await db.schema.dropIndex('reviews_tenant_id_product_id_created_at_idx').execute();
  await db.schema.dropIndex('reviews_user_id_idx').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  if (engine === 'postgres') await alterPostgresReviews(db);
  else await rebuildSqliteReviews(db, engine);
  await createReviewIndexes(db);

  await db.schema
    .createTable('product_review_stats')
    .addColumn('product_id', 'integer', (col) => col.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('published_count', 'integer', intDefault(0))
    .addColumn('rating_sum', 'integer', intDefault(0))
    .addColumn('stars_1', 'integer', intDefault(0))
    .addColumn('stars_2', 'integer', intDefault(0))
    .addColumn('stars_3', 'integer', intDefault(0))
    .addColumn('stars_4', 'integer', intDefault(0))
    .addColumn('stars_5', 'integer', intDefault(0))
    .execute();
  const starColumns = stars.map((star) => `stars_${star}`).join(', ');
  const starCounts = stars.map((star) => `sum(case when rating = ${star} then 1 else 0 end)`).join(', ');
  await sql
    .raw(
      `insert into product_review_stats (product_id, tenant_id, published_count, rating_sum, ${starColumns})
       select product_id, min(tenant_id), count(*), sum(rating), ${starCounts} from reviews where status = 'published' group by product_id`,
    )
    .execute(db);

  await db.schema
    .createTable('review_feed_positions')
    .addColumn('tenant_id', 'integer', (col) => col.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('last_seq', 'integer', intDefault(0))
    .execute();
  await sql`insert into review_feed_positions (tenant_id, last_seq) select tenant_id, max(feed_seq) from reviews group by tenant_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema.dropTable('review_feed_positions').execute();
  await db.schema.dropTable('product_review_stats').execute();
  // Back to reviews without status: what was not published goes.
  await sql`delete from reviews where status <> 'published'`.execute(db);
  if (engine === 'postgres') {
    for (const index of ['reviews_user_id_product_id_uq', 'reviews_product_id_status_created_at_id_idx', 'reviews_product_id_status_rating_created_at_id_idx', 'reviews_tenant_id_feed_seq_uq', 'reviews_company_id_idx']) {
      await db.schema.dropIndex(index).execute();
    }
    await sql`alter table reviews drop column company_id, drop column show_company, drop column language, drop column status, drop column reply_text, drop column replied_at, drop column updated_at, drop column feed_seq`.execute(db);
  } else {
    await rebuildSqliteTable(db, 'reviews', originalColumns, (table) =>
      table
        .addColumn('id', 'integer', id(engine))
        .addColumn('tenant_id', 'integer', tenantRef)
        .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
        .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
        .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
        .addColumn('title', 'text', notNull)
        .addColumn('text', 'text', notNull)
        .addColumn('name', 'text')
        .addColumn('created_at', 'text', timestampNow(engine)),
    );
  }
  await createIndex(db, 'reviews', ['tenant_id', 'product_id', 'created_at']);
  await createIndex(db, 'reviews', ['user_id']);
}

/** SQLite: replaces `table` by one `define` builds, keeping `columns` of every row. */
async function rebuildSqliteTable(db: Kysely<any>, table: string, columns: string, define: (builder: CreateTableBuilder<string>) => CreateTableBuilder<string>) {
  await define(db.schema.createTable(`${table}_old`)).execute();
  await sql.raw(`insert into ${table}_old (${columns}) select ${columns} from ${table}`).execute(db);
  await db.schema.dropTable(table).execute();
  await sql.raw(`alter table ${table}_old rename to ${table}`).execute(db);
}
