import type { Database } from '../../db/database.ts';
import type { Tenant } from '../../context.ts';

export function createTenantRepository(db: Database) {
  return {
    async findByHost(host: string): Promise<Tenant | undefined> {
      return db
        .selectFrom('tenant_hosts')
        .innerJoin('tenants', 'tenants.id', 'tenant_hosts.tenant_id')
        .select(['tenants.id', 'tenants.slug'])
        .where('tenant_hosts.host', '=', host)
        .executeTakeFirst();
    },

    async findBySlug(slug: string): Promise<Tenant | undefined> {
      return db.selectFrom('tenants').select(['id', 'slug']).where('slug', '=', slug).executeTakeFirst();
    },

    async findById(id: number): Promise<Tenant | undefined> {
      return db.selectFrom('tenants').select(['id', 'slug']).where('id', '=', id).executeTakeFirst();
    },

    /** Whether the database holds any tenant yet (an empty one gets the demo data on the first start). */
    async hasAny(): Promise<boolean> {
      return (await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst()) !== undefined;
    },
  };
}
