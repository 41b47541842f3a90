import { sql, type Kysely } from 'kysely';
import { engineOf } from '../migration-helpers.ts';

// A company's open items by due day (ADR 0014): the finance view shows on every page what the
// company owes, by age, and counts its open, overdue and partly paid documents. Read from the documents,
// that summed every open item (1,500 of a company with 20,000 documents: the largest share of a page).
// company_open_items keeps, per company, type, currency, due day ('' for none) and whether part is paid,
// the open amount and the number of documents, kept by triggers like migration 0021's counts, so every
// writer (seed, ERP import, payments) keeps it right without knowing. A row that reaches zero documents
// is removed: the table holds the days with something open, not every day ever due.
// finance_documents_open_idx, which the summary read in due-date order, now holds the open documents in
// list order (doc date, id), with what the open, overdue and partly paid filters test: a page of those
// walks the open documents only, not all of the company's. finance_documents_type_idx does the same for
// a type: a page of credit notes walks the credit notes.

const keys = ['tenant_id', 'company_id', 'type', 'currency', 'due_day', 'partly_paid'] as const;
const keyValues = (r: string) => [`${r}.tenant_id`, `${r}.company_id`, `${r}.type`, `${r}.currency`, `coalesce(${r}.due_date, '')`, `case when ${r}.payment_status = 'partiallyPaid' then 1 else 0 end`];
const watched = ['tenant_id', 'company_id', 'type', 'currency', 'due_date', 'payment_status', 'open_amount_cents'];

/** Adds (or takes away) the document `r` (NEW or OLD) to its row, if it has something open, and drops a row left empty. */
function addTo(r: string, sign: 1 | -1): string[] {
  const values = keyValues(r);
  return [
    `insert into company_open_items (${keys.join(', ')}, open_cents, documents)
       select ${values.join(', ')}, ${sign} * ${r}.open_amount_cents, ${sign} where ${r}.open_amount_cents <> 0
       on conflict (${keys.join(', ')}) do update set open_cents = company_open_items.open_cents + excluded.open_cents, documents = company_open_items.documents + excluded.documents`,
    ...(sign === -1 ? [`delete from company_open_items where ${keys.map((key, i) => `${key} = ${values[i]}`).join(' and ')} and documents = 0`] : []),
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company_open_items')
    .addColumn('tenant_id', 'integer', (col) => col.notNull())
    .addColumn('company_id', 'integer', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('due_day', 'text', (col) => col.notNull())
    .addColumn('partly_paid', 'integer', (col) => col.notNull())
    .addColumn('open_cents', 'bigint', (col) => col.notNull())
    .addColumn('documents', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('company_open_items_pk', [...keys])
    .execute();
  await sql
    .raw(`insert into company_open_items (${keys.join(', ')}, open_cents, documents)
      select ${keyValues('r').join(', ')}, sum(r.open_amount_cents), count(*) from finance_documents r where r.open_amount_cents <> 0
      group by ${keyValues('r').join(', ')}`)
    .execute(db);
  await db.schema.dropIndex('finance_documents_open_idx').execute();
  if (engineOf(db) === 'postgres') {
    await sql`create index finance_documents_open_idx on finance_documents (tenant_id, company_id, doc_date, id) include (type, due_date, payment_status, open_amount_cents, amount_cents, fin_doc_number, external_number) where open_amount_cents <> 0`.execute(db);
    await sql`create index finance_documents_type_idx on finance_documents (tenant_id, company_id, type, doc_date, id) include (due_date, payment_status, open_amount_cents, amount_cents, fin_doc_number, external_number)`.execute(db);
    await sql
      .raw(`create function company_open_items_changed() returns trigger language plpgsql as $$
       begin
         if tg_op in ('UPDATE', 'DELETE') then ${addTo('old', -1).join('; ')}; end if;
         if tg_op in ('INSERT', 'UPDATE') then ${addTo('new', 1).join('; ')}; end if;
         return null;
       end $$`)
      .execute(db);
    await sql.raw(`create trigger company_open_items_changed after insert or delete or update of ${watched.join(', ')} on finance_documents for each row execute function company_open_items_changed()`).execute(db);
    return;
  }
  await sql`create index finance_documents_open_idx on finance_documents (tenant_id, company_id, doc_date, id, type, due_date, payment_status, open_amount_cents, amount_cents, fin_doc_number, external_number) where open_amount_cents <> 0`.execute(db);
  await sql`create index finance_documents_type_idx on finance_documents (tenant_id, company_id, type, doc_date, id, due_date, payment_status, open_amount_cents, amount_cents, fin_doc_number, external_number)`.execute(db);
  await sql.raw(`create trigger company_open_items_insert after insert on finance_documents begin ${addTo('new', 1).join('; ')}; end`).execute(db);
  await sql.raw(`create trigger company_open_items_delete after delete on finance_documents begin ${addTo('old', -1).join('; ')}; end`).execute(db);
  await sql.raw(`create trigger company_open_items_update after update of ${watched.join(', ')} on finance_documents begin ${[...addTo('old', -1), ...addTo('new', 1)].join('; ')}; end`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['finance_documents_open_idx', 'finance_documents_type_idx']) await db.schema.dropIndex(index).execute();
  if (engineOf(db) === 'postgres') {
    await sql`create index finance_documents_open_idx on finance_documents (tenant_id, company_id, due_date) include (type, currency, open_amount_cents, payment_status, doc_date) where open_amount_cents <> 0`.execute(db);
    await sql`drop trigger company_open_items_changed on finance_documents`.execute(db);
    await sql`drop function company_open_items_changed()`.execute(db);
  } else {
    await sql`create index finance_documents_open_idx on finance_documents (tenant_id, company_id, due_date, type, currency, open_amount_cents, payment_status, doc_date) where open_amount_cents <> 0`.execute(db);
    for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger company_open_items_${event}`).execute(db);
  }
  await db.schema.dropTable('company_open_items').execute();
}
