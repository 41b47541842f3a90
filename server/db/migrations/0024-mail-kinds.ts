import { sql, type Kysely } from 'kysely';
import { engineOf, id, intDefault, notNull, tenantRef, timestampNow } from '../migration-helpers.ts';

// The mail outbox carries more than order confirmations (the notice of a changed e-mail address,
// invitations, password resets, signup mails). A mail that is not about an order keeps what it
// says in `payload` (JSON, written with the row in the change's transaction, so the mail says what was
// true then); its order_id is empty, so the column may be. The kinds are the code's (mail-outbox.repository.ts MailKind): the
// worker refuses a kind it cannot render, so the check on the column goes (SQLite rebuilds the table to
// drop it).

const columns = 'id, tenant_id, kind, order_id, recipient, locale, attempts, next_attempt_at, claimed_until, sent_at, last_error, created_at';

async function createIndexes(db: Kysely<any>) {
  // One confirmation per order, whatever retries the checkout sees; mails without an order are not limited.
  await db.schema.createIndex('mail_outbox_order_kind_uq').on('mail_outbox').columns(['order_id', 'kind']).unique().execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['sent_at', 'next_attempt_at']).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  if (engine === 'postgres') {
    await sql`alter table mail_outbox drop constraint mail_outbox_kind_check`.execute(db);
    await sql`alter table mail_outbox alter column order_id drop not null`.execute(db);
    await sql`alter table mail_outbox add column payload text`.execute(db);
    return;
  }
  await db.schema
    .createTable('mail_outbox_new')
    .addColumn('id', 'integer', id(engine))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('kind', 'text', notNull)
    // An order's mail goes with the order; other mails have none.
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('cascade'))
    .addColumn('recipient', 'text', notNull)
    .addColumn('locale', 'text', notNull)
    .addColumn('attempts', 'integer', intDefault(0))
    .addColumn('next_attempt_at', 'text', notNull)
    .addColumn('claimed_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', timestampNow(engine))
    .addColumn('payload', 'text')
    .execute();
  await sql.raw(`insert into mail_outbox_new (${columns}) select ${columns} from mail_outbox`).execute(db);
  await db.schema.dropTable('mail_outbox').execute();
  await sql`alter table mail_outbox_new rename to mail_outbox`.execute(db);
  await createIndexes(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('mail_outbox').where('kind', '<>', 'order_confirmation').execute();
  if (engineOf(db) === 'postgres') {
    await sql`alter table mail_outbox drop column payload`.execute(db);
    await sql`alter table mail_outbox alter column order_id set not null`.execute(db);
    await sql`alter table mail_outbox add constraint mail_outbox_kind_check check (kind in ('order_confirmation'))`.execute(db);
    return;
  }
  // SQLite keeps the table without the check on kind: putting it back would rebuild the table again.
  await sql`alter table mail_outbox drop column payload`.execute(db);
}
