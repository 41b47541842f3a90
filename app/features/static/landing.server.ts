import { createTranslator } from '../../../core/translate';
import { sanitizeSettingsHtml } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import type { SearchEngineMeta } from '../../lib/search-engine-meta';

// /landing (docs/product.md, Landing page): where a visitor who is not signed in arrives, also from a
// search engine. Its title, description and canonical address are the page's own (the address without
// the query a link may carry), and the seller's "about us" text is its welcome.

export interface LandingPage extends SearchEngineMeta {
  /** The seller's about-us text, sanitised; '' when there is none. */
  welcomeHtml: string;
}

export async function loadLandingPage(app: AppLoadContext, request: Request): Promise<LandingPage> {
  const { services, ctx, translations } = app;
  const configuration = await services.settings.getConfiguration(ctx);
  const t = createTranslator(ctx.locale, translations);
  const company = configuration.company.name;
  return {
    title: t('landing.meta_title', { company }),
    description: t('landing.meta_description', { company }),
    canonicalUrl: `${new URL(request.url).origin}/landing`,
    welcomeHtml: configuration.aboutUs.trim() ? await sanitizeSettingsHtml(configuration.aboutUs) : '',
  };
}
