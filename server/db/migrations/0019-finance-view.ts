import { sql, type Kysely } from 'kysely';
import { engineOf } from '../migration-helpers.ts';

// The finance view at 20,000 documents per company. A document row carries its JSON
// snapshots (seller, buyer, lines: a kilobyte and more), so a count or filter that reads the rows reads
// the whole table of the company. These indexes hold what the list filters, sorts and searches on, so
// page, count and summary read index entries only (finance.repository.ts):
//  - finance_documents_view_idx: the list order (doc_date, id) with the type, the open amount, the
//    settlement, the due date, the amount and both numbers; it replaces finance_documents_company_date_idx,
//    whose every use it serves. On PostgreSQL the extra columns are INCLUDEd (entries stay small: the
//    numbers are short).
//  - finance_documents_open_idx again, now also holding type, currency, open amount, settlement and date:
//    the summary of a company's open items and the open, overdue and partly paid filters read no document.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('finance_documents_open_idx').execute();
  if (engineOf(db) === 'postgres') {
    await sql`create index finance_documents_view_idx on finance_documents (tenant_id, company_id, doc_date, id) include (type, open_amount_cents, payment_status, due_date, amount_cents, fin_doc_number, external_number)`.execute(db);
    await sql`create index finance_documents_open_idx on finance_documents (tenant_id, company_id, due_date) include (type, currency, open_amount_cents, payment_status, doc_date) where open_amount_cents <> 0`.execute(db);
  } else {
    await sql`create index finance_documents_view_idx on finance_documents (tenant_id, company_id, doc_date, id, type, open_amount_cents, payment_status, due_date, amount_cents, fin_doc_number, external_number)`.execute(db);
    await sql`create index finance_documents_open_idx on finance_documents (tenant_id, company_id, due_date, type, currency, open_amount_cents, payment_status, doc_date) where open_amount_cents <> 0`.execute(db);
  }
  await db.schema.dropIndex('finance_documents_company_date_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('finance_documents_company_date_idx').on('finance_documents').columns(['tenant_id', 'company_id', 'doc_date', 'id']).execute();
  await db.schema.dropIndex('finance_documents_open_idx').execute();
  await sql`create index finance_documents_open_idx on finance_documents (tenant_id, company_id, due_date) where open_amount_cents <> 0`.execute(db);
  await db.schema.dropIndex('finance_documents_view_idx').execute();
}
