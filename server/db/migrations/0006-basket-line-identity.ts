import { sql, type Kysely } from 'kysely';

// One line per basket, order type and item identity (variant sku, else sku; docs/product.md, Cart).
// The basket service already replaces lines inside a locked transaction; this index makes a
// duplicate line impossible even if two saves ever slipped past that lock (another process,
// a future code path). An expression index needs no extra column and works on both engines.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('basket_lines_basket_id_order_type_identity_uq')
    .on('basket_lines')
    .columns(['basket_id', 'order_type'])
    .expression(sql`(coalesce(variant_sku, sku))`)
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('basket_lines_basket_id_order_type_identity_uq').execute();
}
