import { sql, type Kysely } from 'kysely';
import { engineOf } from '../migration-helpers.ts';

// What a sales person's customer search remembers, and how it knows it is still right (issue 12, ADR 0015).
// The search keeps the tenant's companies, folded and ordered, and each sales person's share of them in
// memory; rebuilding them costs tens of milliseconds, reading one row costs a few microseconds. Two counters
// per tenant, kept by triggers like the catalogue's derived data (ADR 0007) so every writer (seed, ERP
// import, admin tools) moves them without knowing:
//  - companies: a company added, removed, renamed or given another customer number;
//  - assignments: a company given to or taken from a sales person (sales_person_companies).
// Every search reads the row and rebuilds what it remembers when a counter moved: every app process sees a
// change with its next search, not after a delay.

const counterUpsert = (tenant: string, column: 'companies' | 'assignments') =>
  `insert into customer_directory_versions (tenant_id, companies, assignments)
     select ${tenant}, ${column === 'companies' ? 1 : 0}, ${column === 'assignments' ? 1 : 0} where ${tenant} is not null
     on conflict (tenant_id) do update set ${column} = customer_directory_versions.${column} + 1`;

// An assignment row has no tenant: its sales person's. When the sales person is deleted with their rows
// (on delete cascade), no tenant is found and nothing is counted: nobody searches as them any more.
const tenantOfSalesPerson = (row: string) => `(select tenant_id from users where id = ${row}.user_id)`;

// An ERP sync writes every company's name again; only a real change counts.
const namesChanged = 'old.name is distinct from new.name or old.customer_no is distinct from new.customer_no';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('customer_directory_versions')
    .addColumn('tenant_id', 'integer', (col) => col.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('companies', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('assignments', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  if (engineOf(db) === 'postgres') {
    // Row triggers, as in migration 0021: companies and assignments change a few rows at a time.
    await sql
      .raw(`create function customer_directory_companies_changed() returns trigger language plpgsql as $$
       begin
         if tg_op = 'DELETE' then ${counterUpsert('old.tenant_id', 'companies')};
         else ${counterUpsert('new.tenant_id', 'companies')}; end if;
         return null;
       end $$`)
      .execute(db);
    await sql
      .raw(`create function customer_directory_assignments_changed() returns trigger language plpgsql as $$
       begin
         if tg_op = 'DELETE' then ${counterUpsert(tenantOfSalesPerson('old'), 'assignments')};
         else ${counterUpsert(tenantOfSalesPerson('new'), 'assignments')}; end if;
         return null;
       end $$`)
      .execute(db);
    await sql.raw(`create trigger customer_directory_companies after insert or delete on companies for each row execute function customer_directory_companies_changed()`).execute(db);
    await sql
      .raw(
        `create trigger customer_directory_companies_update after update of name, customer_no on companies
         for each row when (${namesChanged}) execute function customer_directory_companies_changed()`,
      )
      .execute(db);
    await sql
      .raw(`create trigger customer_directory_assignments after insert or delete or update on sales_person_companies for each row execute function customer_directory_assignments_changed()`)
      .execute(db);
    return;
  }

  const sqliteTriggers = [
    `create trigger customer_directory_companies_insert after insert on companies begin ${counterUpsert('new.tenant_id', 'companies')}; end`,
    `create trigger customer_directory_companies_delete after delete on companies begin ${counterUpsert('old.tenant_id', 'companies')}; end`,
    `create trigger customer_directory_companies_update after update of name, customer_no on companies when ${namesChanged} begin ${counterUpsert('new.tenant_id', 'companies')}; end`,
    `create trigger customer_directory_assignments_insert after insert on sales_person_companies begin ${counterUpsert(tenantOfSalesPerson('new'), 'assignments')}; end`,
    `create trigger customer_directory_assignments_delete after delete on sales_person_companies begin ${counterUpsert(tenantOfSalesPerson('old'), 'assignments')}; end`,
    `create trigger customer_directory_assignments_update after update on sales_person_companies begin ${counterUpsert(tenantOfSalesPerson('new'), 'assignments')}; end`,
  ];
  for (const trigger of sqliteTriggers) await sql.raw(trigger).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql.raw('drop trigger customer_directory_companies on companies').execute(db);
    await sql.raw('drop trigger customer_directory_companies_update on companies').execute(db);
    await sql.raw('drop trigger customer_directory_assignments on sales_person_companies').execute(db);
    await sql.raw('drop function customer_directory_companies_changed()').execute(db);
    await sql.raw('drop function customer_directory_assignments_changed()').execute(db);
  } else {
    for (const table of ['companies', 'assignments']) {
      for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger customer_directory_${table}_${event}`).execute(db);
    }
  }
  await db.schema.dropTable('customer_directory_versions').execute();
}
