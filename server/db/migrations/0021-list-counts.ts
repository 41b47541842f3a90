import { sql, type Kysely } from 'kysely';
import { engineOf } from '../migration-helpers.ts';

// The totals of the account lists without counting: a company's order history and finance list
// answer "how many" on every page, and counting 20,000 index entries was the largest share of a page's
// cost on both engines. Two small tables hold the counts by the keys the lists filter on, kept in step by
// triggers like the catalogue's derived data (ADR 0007), so every writer (checkout, seed, ERP import,
// status updates) keeps them right without knowing:
//  - company_order_counts: orders per company, user (0 for none), status and order type; the list sums a
//    handful of rows for "all", a user's own orders, a status and a type.
//  - company_finance_counts: invoices and credits per company, type and whether something is open; "paid"
//    is the settled ones. Open, overdue and partly paid depend on the day and read the open-items index.
// A search or a date range still counts the matching entries (order-history.repository.ts,
// finance.repository.ts).

interface CountedTable {
  counts: string;
  source: string;
  /** The count table's key columns and the source row's expressions for them (`r` is the row). */
  keys: { column: string; value: (r: string) => string }[];
  /** The source's columns a change of which moves a row to another count. */
  watched: string[];
  total: string;
}

const counted: CountedTable[] = [
  {
    counts: 'company_order_counts',
    source: 'orders',
    keys: [
      { column: 'tenant_id', value: (r) => `${r}.tenant_id` },
      { column: 'company_id', value: (r) => `${r}.company_id` },
      { column: 'user_id', value: (r) => `coalesce(${r}.user_id, 0)` },
      { column: 'status_id', value: (r) => `${r}.status_id` },
      { column: 'order_type', value: (r) => `${r}.order_type` },
    ],
    watched: ['tenant_id', 'company_id', 'user_id', 'status_id', 'order_type'],
    total: 'orders',
  },
  {
    counts: 'company_finance_counts',
    source: 'finance_documents',
    keys: [
      { column: 'tenant_id', value: (r) => `${r}.tenant_id` },
      { column: 'company_id', value: (r) => `${r}.company_id` },
      { column: 'type', value: (r) => `${r}.type` },
      { column: 'is_open', value: (r) => `case when ${r}.open_amount_cents <> 0 then 1 else 0 end` },
    ],
    watched: ['tenant_id', 'company_id', 'type', 'open_amount_cents'],
    total: 'documents',
  },
];

const keyColumns = (table: CountedTable) => table.keys.map((key) => key.column).join(', ');

/** Adds `delta` to the count of the row `r` (NEW or OLD), creating the count at its first row. */
function addTo(table: CountedTable, r: string, delta: 1 | -1): string {
  return `insert into ${table.counts} (${keyColumns(table)}, ${table.total}) values (${table.keys.map((key) => key.value(r)).join(', ')}, ${delta})
      on conflict (${keyColumns(table)}) do update set ${table.total} = ${table.counts}.${table.total} + ${delta}`;
}

async function createCounts(db: Kysely<any>, table: CountedTable): Promise<void> {
  const textKeys = new Set(['status_id', 'order_type', 'type']);
  let create = db.schema.createTable(table.counts);
  for (const key of table.keys) create = create.addColumn(key.column, textKeys.has(key.column) ? 'text' : 'integer', (col) => col.notNull());
  await create
    .addColumn(table.total, 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint(`${table.counts}_pk`, table.keys.map((key) => key.column) as never)
    .execute();
  await sql
    .raw(`insert into ${table.counts} (${keyColumns(table)}, ${table.total})
      select ${table.keys.map((key) => key.value('r')).join(', ')}, count(*) from ${table.source} r group by ${table.keys.map((key) => key.value('r')).join(', ')}`)
    .execute(db);
}

async function createSqliteTriggers(db: Kysely<any>, table: CountedTable): Promise<void> {
  await sql.raw(`create trigger ${table.counts}_insert after insert on ${table.source} begin ${addTo(table, 'new', 1)}; end`).execute(db);
  await sql.raw(`create trigger ${table.counts}_delete after delete on ${table.source} begin ${addTo(table, 'old', -1)}; end`).execute(db);
  await sql
    .raw(`create trigger ${table.counts}_update after update of ${table.watched.join(', ')} on ${table.source} begin ${addTo(table, 'old', -1)}; ${addTo(table, 'new', 1)}; end`)
    .execute(db);
}

async function createPostgresTriggers(db: Kysely<any>, table: CountedTable): Promise<void> {
  const fn = `${table.counts}_changed`;
  // Row triggers: placing an order adds one row, and a plpgsql function keeps its plans per connection.
  await sql
    .raw(`create function ${fn}() returns trigger language plpgsql as $$
     begin
       if tg_op in ('UPDATE', 'DELETE') then ${addTo(table, 'old', -1)}; end if;
       if tg_op in ('INSERT', 'UPDATE') then ${addTo(table, 'new', 1)}; end if;
       return null;
     end $$`)
    .execute(db);
  await sql.raw(`create trigger ${table.counts}_changed after insert or delete or update of ${table.watched.join(', ')} on ${table.source} for each row execute function ${fn}()`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of counted) {
    await createCounts(db, table);
    if (engineOf(db) === 'postgres') await createPostgresTriggers(db, table);
    else await createSqliteTriggers(db, table);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of counted) {
    if (engineOf(db) === 'postgres') {
      await sql.raw(`drop trigger ${table.counts}_changed on ${table.source}`).execute(db);
      await sql.raw(`drop function ${table.counts}_changed()`).execute(db);
    } else {
      for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger ${table.counts}_${event}`).execute(db);
    }
    await db.schema.dropTable(table.counts).execute();
  }
}
