import type { Database } from '../../db/database.ts';

export function createContentRepository(db: Database) {
  return {
    listActive(tenantId: number) {
      return db
        .selectFrom('content_pages')
        .select(['slug', 'title_de', 'title_en'])
        .where('tenant_id', '=', tenantId)
        .where('is_active', '=', 1)
        .orderBy('sort_order')
        .orderBy('slug')
        .execute();
    },

    findActiveBySlug(tenantId: number, slug: string) {
      return db
        .selectFrom('content_pages')
        .select(['slug', 'title_de', 'title_en', 'html_de', 'html_en'])
        .where('tenant_id', '=', tenantId)
        .where('slug', '=', slug)
        .where('is_active', '=', 1)
        .executeTakeFirst();
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
