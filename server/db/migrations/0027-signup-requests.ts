import { sql, type Kysely } from 'kysely';
import { createIndex, engineOf, id, notNull, oneOf, tenantRef, textDefault, timestampNow } from '../migration-helpers.ts';

// Signup requests from /signup and POST /api/user/requestAccount, kept for the back
// office with status 'new' until it accepts or rejects them. Migration 0001 created the table with every
// address field optional and no rule against a second open request, and no code ever wrote it: it is made
// anew, empty, with
//  - the fields the request requires as not null (street, zip, city, country, locale, ip);
//  - email_key, the address in small letters (server/modules/signup/signup.repository.ts writes it), and a
//    unique index on it over the open requests ('new') of a tenant: two requests for one address that
//    arrive at once cannot both be taken, whichever process they reach;
//  - status checked to be 'new', 'accepted' or 'rejected'.

const statuses = ['new', 'accepted', 'rejected'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema.dropTable('signup_requests').execute();
  await db.schema
    .createTable('signup_requests')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('company_name', 'text', notNull)
    .addColumn('vat_id', 'text')
    .addColumn('customer_no', 'text')
    .addColumn('street', 'text', notNull)
    .addColumn('zip_code', 'text', notNull)
    .addColumn('city', 'text', notNull)
    .addColumn('country_code', 'text', notNull)
    .addColumn('first_name', 'text', notNull)
    .addColumn('last_name', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('email_key', 'text', notNull)
    .addColumn('phone', 'text')
    .addColumn('message', 'text')
    .addColumn('locale', 'text', notNull)
    .addColumn('ip', 'text', notNull)
    .addColumn('status', 'text', (col) => oneOf('status', statuses)(textDefault('new')(col)))
    .addColumn('created_at', 'text', timestampNow(e))
    .execute();
  await createIndex(db, 'signup_requests', ['tenant_id', 'created_at']);
  // The predicate is a literal, so PostgreSQL can match an insert's ON CONFLICT … WHERE status = 'new' to it.
  await sql`create unique index signup_requests_open_email_uq on signup_requests (tenant_id, email_key) where status = 'new'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema.dropTable('signup_requests').execute();
  // The table as migration 0001 made it.
  await db.schema
    .createTable('signup_requests')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('company_name', 'text', notNull)
    .addColumn('customer_no', 'text')
    .addColumn('vat_id', 'text')
    .addColumn('first_name', 'text', notNull)
    .addColumn('last_name', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('phone', 'text')
    .addColumn('street', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('city', 'text')
    .addColumn('country_code', 'text')
    .addColumn('message', 'text')
    .addColumn('locale', 'text')
    .addColumn('ip', 'text')
    .addColumn('status', 'text', textDefault('new'))
    .addColumn('created_at', 'text', timestampNow(e))
    .execute();
  await createIndex(db, 'signup_requests', ['tenant_id', 'created_at']);
  await createIndex(db, 'signup_requests', ['tenant_id', 'email']);
}
