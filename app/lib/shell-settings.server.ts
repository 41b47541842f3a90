import type { Configuration } from '../../server/page-surface.server';

// What every page needs of the site settings: sent with every document and navigation, so it leaves
// out what only single screens need (shipping and payment methods, long legal texts, the home page's
// heroes and banners: its own loader sends those).
const omitted = [
  'shippingMethods',
  'shippingCountries',
  'paymentMethods',
  'contactUs',
  'privacyPolicy',
  'privacyPolicyDE',
  'returnPolicy',
  'aboutUs',
  'maintenanceModeHtml',
  'heroes',
  'banners',
] as const;

export type ShellSettings = Omit<Configuration, (typeof omitted)[number]>;

export function toShellSettings(configuration: Configuration): ShellSettings {
  const shell: Partial<Configuration> = { ...configuration };
  for (const key of omitted) delete shell[key];
  return shell as ShellSettings;
}
