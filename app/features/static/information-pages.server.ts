import { sanitizeSettingsHtml } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { privacyPolicyHtml } from '../signup/privacy-policy.server';

// /static (docs/product.md, Information pages): the seller's texts of the site settings in the reader's
// language (about us, returns, privacy), where the terms are, and the content pages (imprint, shipping …).
// Each text is sanitised like every HTML the seller writes; a text the seller left empty is no section.

export type InformationSectionId = 'about-us' | 'returns' | 'privacy';

export interface InformationSection {
  id: InformationSectionId;
  html: string;
}

export interface InformationPages {
  sections: InformationSection[];
  /** The terms and conditions: the seller's own address if set, else the content page `agb`, if there is one. */
  termsUrl: string | null;
  contentPages: { slug: string; title: string }[];
}

/** The seller's content page of the terms, as checkout links to it when no address of their own is set. */
const termsPageSlug = 'agb';

export async function loadInformationPages(app: AppLoadContext): Promise<InformationPages> {
  const { services, ctx } = app;
  const [configuration, contentPages] = await Promise.all([services.settings.getConfiguration(ctx), services.content.listPages(ctx)]);
  const sanitised = (text: string) => (text.trim() ? sanitizeSettingsHtml(text) : Promise.resolve(''));
  // The privacy text as the forms that ask for consent to it show it.
  const texts: [InformationSectionId, string][] = [
    ['about-us', await sanitised(configuration.aboutUs)],
    ['returns', await sanitised(configuration.returnPolicy)],
    ['privacy', await privacyPolicyHtml(configuration, ctx.locale)],
  ];
  const sections: InformationSection[] = texts.filter(([, html]) => html.trim() !== '').map(([id, html]) => ({ id, html }));
  const termsUrl = configuration.customCheckoutTermsAndConditionsUrl || (contentPages.some((page) => page.slug === termsPageSlug) ? `/content/${termsPageSlug}` : null);
  return { sections, termsUrl, contentPages };
}
