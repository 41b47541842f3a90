import { sql, type Kysely } from 'kysely';
import { createStatementTriggers, dropStatementTriggers, engineOf, type StatementTrigger } from '../migration-helpers.ts';

// What a sales person's customer search remembers, and how it knows it is still right (ADR 0015).
// The search keeps the tenant's companies, folded and ordered, and each sales person's share of them in
// memory; rebuilding them costs tens of milliseconds, reading one row costs a few microseconds. Two counters
// per tenant, kept by triggers like the catalogue's derived data (ADR 0007) so every writer (seed, ERP
// import, admin tools) moves them without knowing:
//  - companies: a company added, removed, renamed or given another customer number;
//  - assignments: a company given to or taken from a sales person (sales_person_companies).
// Every search reads the row and rebuilds what it remembers when a counter moved: every app process sees a
// change with its next search, not after a delay.

/** Counts one change of `column` for each tenant `tenants` (a SELECT of tenant ids, or one id) names. */
const countChange = (column: 'companies' | 'assignments', tenants: string) =>
  `insert into customer_directory_versions (tenant_id, ${column}) ${tenants}
     on conflict (tenant_id) do update set ${column} = customer_directory_versions.${column} + 1`;

// An ERP sync writes every company's name again; only a real change counts.
const namesChanged = (o: string, n: string) => `${o}.name is distinct from ${n}.name or ${o}.customer_no is distinct from ${n}.customer_no`;

// An assignment row has no tenant: its sales person's. When the sales person is deleted with their rows
// (on delete cascade), no tenant is found and nothing is counted: nobody searches as them any more.
const sqliteTenantOf = (row: string) => `select tenant_id, 1 from users where id = ${row}.user_id`;

// SQLite: row triggers (the only kind it has); the row of counters is updated in place.
const sqliteTriggers = [
  `create trigger customer_directory_companies_insert after insert on companies begin ${countChange('companies', 'select new.tenant_id, 1 where true')}; end`,
  `create trigger customer_directory_companies_delete after delete on companies begin ${countChange('companies', 'select old.tenant_id, 1 where true')}; end`,
  `create trigger customer_directory_companies_update after update of name, customer_no on companies when ${namesChanged('old', 'new')}
     begin ${countChange('companies', 'select new.tenant_id, 1 where true')}; end`,
  `create trigger customer_directory_assignments_insert after insert on sales_person_companies begin ${countChange('assignments', sqliteTenantOf('new'))}; end`,
  `create trigger customer_directory_assignments_delete after delete on sales_person_companies begin ${countChange('assignments', sqliteTenantOf('old'))}; end`,
  `create trigger customer_directory_assignments_update after update on sales_person_companies begin ${countChange('assignments', sqliteTenantOf('new'))}; end`,
];

// PostgreSQL: statement triggers, one count per tenant and statement. Row triggers would update the one
// row of counters once per row written, and a bulk insert of a million assignments in one transaction then
// walks an ever longer chain of that row's versions (it ran for over nine minutes before it was stopped).
const postgresFunctions = [
  `create function customer_directory_companies_changed() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then ${countChange('companies', 'select distinct tenant_id, 1 from new_rows')};
     elsif tg_op = 'DELETE' then ${countChange('companies', 'select distinct tenant_id, 1 from old_rows')};
     else ${countChange('companies', `select distinct n.tenant_id, 1 from new_rows n join old_rows o on o.id = n.id where ${namesChanged('o', 'n')}`)};
     end if;
     return null;
   end $$`,
  `create function customer_directory_assignments_changed() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then ${countChange('assignments', 'select distinct u.tenant_id, 1 from new_rows r join users u on u.id = r.user_id')};
     elsif tg_op = 'DELETE' then ${countChange('assignments', 'select distinct u.tenant_id, 1 from old_rows r join users u on u.id = r.user_id')};
     else ${countChange('assignments', 'select distinct u.tenant_id, 1 from (select user_id from new_rows union select user_id from old_rows) r join users u on u.id = r.user_id')};
     end if;
     return null;
   end $$`,
];

const postgresTriggers: StatementTrigger[] = [
  ['customer_directory_companies_insert', 'INSERT', 'companies', 'NEW TABLE AS new_rows', 'customer_directory_companies_changed'],
  ['customer_directory_companies_update', 'UPDATE', 'companies', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'customer_directory_companies_changed'],
  ['customer_directory_companies_delete', 'DELETE', 'companies', 'OLD TABLE AS old_rows', 'customer_directory_companies_changed'],
  ['customer_directory_assignments_insert', 'INSERT', 'sales_person_companies', 'NEW TABLE AS new_rows', 'customer_directory_assignments_changed'],
  ['customer_directory_assignments_update', 'UPDATE', 'sales_person_companies', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'customer_directory_assignments_changed'],
  ['customer_directory_assignments_delete', 'DELETE', 'sales_person_companies', 'OLD TABLE AS old_rows', 'customer_directory_assignments_changed'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('customer_directory_versions')
    // No reference to tenants: deleting a tenant deletes its companies, whose triggers count here once more.
    .addColumn('tenant_id', 'integer', (col) => col.primaryKey())
    .addColumn('companies', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('assignments', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  if (engineOf(db) === 'postgres') {
    for (const fn of postgresFunctions) await sql.raw(fn).execute(db);
    await createStatementTriggers(db, postgresTriggers);
  } else {
    for (const trigger of sqliteTriggers) await sql.raw(trigger).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await dropStatementTriggers(db, postgresTriggers);
    await sql.raw('drop function customer_directory_companies_changed()').execute(db);
    await sql.raw('drop function customer_directory_assignments_changed()').execute(db);
  } else {
    for (const table of ['companies', 'assignments']) {
      for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger customer_directory_${table}_${event}`).execute(db);
    }
  }
  await db.schema.dropTable('customer_directory_versions').execute();
}
