import type { Caches } from '../../cache.ts';
import type { Tenant } from '../../context.ts';
import type { createTenantRepository } from './tenant.repository.ts';

type TenantRepository = ReturnType<typeof createTenantRepository>;

export function createTenantService(repository: TenantRepository, defaultTenantSlug: string, caches: Caches) {
  const byHost = caches.shared<Tenant | undefined>();
  const bySlug = caches.shared<Tenant | undefined>();
  const byId = caches.shared<Tenant | undefined>();

  return {
    /** The tenant a host name is mapped to, else the configured default tenant. */
    async resolve(host: string | undefined): Promise<Tenant | undefined> {
      const hostname = (host ?? '').replace(/:\d+$/, '').toLowerCase();
      const mapped = hostname ? await byHost.get(hostname, () => repository.findByHost(hostname)) : undefined;
      return mapped ?? (await this.findBySlug(defaultTenantSlug));
    },

    findBySlug(slug: string): Promise<Tenant | undefined> {
      return bySlug.get(slug, () => repository.findBySlug(slug));
    },

    /** The slug of a tenant the caller knows exists (an API client's). */
    async slugOf(id: number): Promise<string> {
      return (await byId.get(String(id), () => repository.findById(id)))?.slug ?? '';
    },
  };
}

export type TenantService = ReturnType<typeof createTenantService>;
