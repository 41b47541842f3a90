import { sql, type Kysely } from 'kysely';

// An order a sales person places for a customer company is confirmed to the sales person and to each
// active customer admin of that company. The outbox kept at most one confirmation per
// order (order_id, kind); it now keeps at most one per order and recipient, which still stops a retried
// commit from mailing anyone twice.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_order_kind_uq').execute();
  await db.schema.createIndex('mail_outbox_order_kind_recipient_uq').on('mail_outbox').columns(['order_id', 'kind', 'recipient']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_order_kind_recipient_uq').execute();
  // Copies to customer admins cannot stay under the narrower rule: the first confirmation of each order stays.
  await sql`
    delete from mail_outbox where kind = 'order_confirmation'
      and id not in (select min(id) from mail_outbox where kind = 'order_confirmation' group by order_id)
  `.execute(db);
  await db.schema.createIndex('mail_outbox_order_kind_uq').on('mail_outbox').columns(['order_id', 'kind']).unique().execute();
}
