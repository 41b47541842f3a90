import type { Locale } from '../../../core/locale';
import { sanitizeSettingsHtml, type Configuration } from '../../../server/page-surface.server';

/**
 * The privacy policy of the site settings as the forms that ask for consent to it show it (/signup,
 * /static/contact-us): in the page's language, the other one where a tenant wrote only one, sanitised;
 * '' when there is none.
 */
export async function privacyPolicyHtml(configuration: Pick<Configuration, 'privacyPolicy' | 'privacyPolicyDE'>, locale: Locale): Promise<string> {
  const policy = locale === 'de' ? configuration.privacyPolicyDE || configuration.privacyPolicy : configuration.privacyPolicy || configuration.privacyPolicyDE;
  return policy ? sanitizeSettingsHtml(policy) : '';
}
