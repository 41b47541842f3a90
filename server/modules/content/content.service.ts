import type { RequestContext } from '../../context.ts';
import { sanitizeSettingsHtml } from '../settings/sanitize-html.ts';
import type { ContentRepository } from './content.repository.ts';

export function createContentService(repository: ContentRepository) {
  return {
    async listPages(ctx: Pick<RequestContext, 'tenant' | 'locale'>) {
      const rows = await repository.listActive(ctx.tenant.id);
      return rows.map((row) => ({ slug: row.slug, title: ctx.locale === 'en' ? row.title_en : row.title_de }));
    },

    /** A content page in the reader's language, its HTML sanitised; undefined when there is none. */
    async findPage(ctx: Pick<RequestContext, 'tenant' | 'locale'>, slug: string) {
      const row = await repository.findActiveBySlug(ctx.tenant.id, slug);
      if (!row) return undefined;
      const english = ctx.locale === 'en';
      return {
        slug: row.slug,
        title: english ? row.title_en : row.title_de,
        html: await sanitizeSettingsHtml(english ? row.html_en : row.html_de),
      };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
