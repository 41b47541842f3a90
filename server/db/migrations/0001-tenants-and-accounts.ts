import { sql, type Kysely } from 'kysely';
import {
  createIndex,
  dropTables,
  engineOf,
  flag,
  id,
  intDefault,
  notNull,
  oneOf,
  optionalRef,
  ref,
  tenantRef,
  textDefault,
  timestampNow,
} from '../migration-helpers.ts';

// Tenants, the seller's own data and settings, customer companies, users and everything about signing in.

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  const now = timestampNow(e);

  await db.schema
    .createTable('tenants')
    .addColumn('id', 'integer', id(e))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('created_at', 'text', now)
    .execute();

  await db.schema
    .createTable('tenant_hosts')
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', tenantRef)
    .execute();
  await createIndex(db, 'tenant_hosts', ['tenant_id']);

  await db.schema
    .createTable('seller_companies')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('address', 'text', notNull)
    .addColumn('city', 'text', notNull)
    .addColumn('post_code', 'text', notNull)
    .addColumn('phone', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('country_code', 'text', notNull)
    .addColumn('country_name', 'text', notNull)
    .addColumn('logo_url', 'text')
    .addColumn('maintenance_mode_active', 'integer', flag(0))
    .addColumn('company_info_text', 'text')
    .execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('settings', 'text', textDefault('{}'))
    .addColumn('updated_at', 'text', now)
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('customer_no', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('vat_country_code', 'text', notNull)
    .addColumn('show_net_prices', 'integer', flag(1))
    .addColumn('freight_expense_cents', 'integer')
    .addColumn('freight_expense_until_cents', 'integer')
    .addColumn('blocked_delivery', 'integer', flag(0))
    .addColumn('discount_type', 'text')
    .addColumn('discount_percent_bp', 'integer', intDefault(0))
    .addColumn('min_cart_amount_cents', 'integer', intDefault(0))
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('maintenance_mode_active', 'integer', flag(0))
    .addColumn('created_at', 'text', now)
    .execute();
  await createIndex(db, 'companies', ['tenant_id', 'customer_no'], { unique: true });
  await createIndex(db, 'companies', ['tenant_id', 'name']);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('company_id', 'integer', optionalRef('companies.id'))
    .addColumn('current_company_id', 'integer', optionalRef('companies.id'))
    .addColumn('username', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('first_name', 'text', textDefault(''))
    .addColumn('last_name', 'text', textDefault(''))
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text', notNull)
    .addColumn('role', 'text', (c) =>
      oneOf('role', ['guest', 'customer', 'customer_admin', 'sales', 'admin'])(c.notNull()),
    )
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('is_locked', 'integer', flag(0))
    .addColumn('is_deal', 'integer', flag(0))
    .addColumn('block_users_to_add_new_address', 'integer', flag(0))
    .addColumn('min_cart_amount_cents', 'integer', intDefault(0))
    .addColumn('locale', 'text')
    .addColumn('password_changed_at', 'text', now)
    .addColumn('created_at', 'text', now)
    .execute();
  await createIndex(db, 'users', ['tenant_id', 'username'], { unique: true });
  await createIndex(db, 'users', ['tenant_id', 'email']);
  await createIndex(db, 'users', ['tenant_id', 'company_id']);

  await db.schema
    .createTable('sales_person_companies')
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('company_id', 'integer', ref('companies.id', 'cascade'))
    .addPrimaryKeyConstraint('sales_person_companies_pk', ['user_id', 'company_id'])
    .execute();
  await createIndex(db, 'sales_person_companies', ['company_id']);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('token_hash', 'text', notNull)
    .addColumn('created_at', 'text', now)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('last_seen_at', 'text', now)
    .execute();
  await createIndex(db, 'sessions', ['token_hash'], { unique: true });
  await createIndex(db, 'sessions', ['user_id']);
  await createIndex(db, 'sessions', ['expires_at']);

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('username', 'text', notNull)
    .addColumn('ip', 'text', notNull)
    .addColumn('attempted_at', 'text', now)
    .addColumn('succeeded', 'integer', flag(0))
    .execute();
  await createIndex(db, 'login_attempts', ['tenant_id', 'username', 'attempted_at']);
  await createIndex(db, 'login_attempts', ['tenant_id', 'ip', 'attempted_at']);
  await createIndex(db, 'login_attempts', ['attempted_at']);

  await db.schema
    .createTable('statistics_events')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('user_id', 'integer', optionalRef('users.id'))
    .addColumn('type', 'text', notNull)
    .addColumn('path', 'text', notNull)
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', now)
    .execute();
  await createIndex(db, 'statistics_events', ['tenant_id', 'created_at']);
  await createIndex(db, 'statistics_events', ['tenant_id', 'type', 'created_at']);

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('token_hash', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', now)
    .execute();
  await createIndex(db, 'password_reset_tokens', ['token_hash'], { unique: true });
  await createIndex(db, 'password_reset_tokens', ['user_id']);

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
    .addColumn('created_at', 'text', now)
    .execute();
  await createIndex(db, 'signup_requests', ['tenant_id', 'created_at']);
  await createIndex(db, 'signup_requests', ['tenant_id', 'email']);

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('company_id', 'integer', ref('companies.id', 'cascade'))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0).check(sql`type between 0 and 3`))
    .addColumn('is_default', 'integer', flag(0))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('street', 'text')
    .addColumn('street2', 'text')
    .addColumn('addressline2', 'text')
    .addColumn('apartment', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('country_code', 'text')
    .addColumn('country_name', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('created_at', 'text', now)
    .execute();
  await createIndex(db, 'addresses', ['tenant_id', 'company_id', 'type']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'addresses',
    'signup_requests',
    'password_reset_tokens',
    'statistics_events',
    'login_attempts',
    'sessions',
    'sales_person_companies',
    'users',
    'companies',
    'site_settings',
    'seller_companies',
    'tenant_hosts',
    'tenants',
  ]);
}
