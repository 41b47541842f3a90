import { z } from 'zod';

// The shape of a tenant's site settings with their defaults (docs/product.md, Entities).
// Stored settings are parsed through this schema, so a missing flag always gets its default.

const activeItem = { isActive: z.boolean().default(true) };

export const heroSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().default(''),
  imageUrl: z.string().default(''),
  link: z.string().default('/'),
  buttonText: z.string().default(''),
  ...activeItem,
});

export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  buttonText: z.string().default(''),
  link: z.string().default('/'),
  background: z.string().default('#f4f4f5'),
  imageUrl: z.string().default(''),
  ...activeItem,
});

export const footerSchema = z.object({
  columns: z
    .array(
      z.object({
        title: z.string(),
        items: z.array(z.object({ title: z.string(), link: z.string(), isExternal: z.boolean().default(false) })).default([]),
      }),
    )
    .default([]),
  poweredBy: z.object({ text: z.string(), link: z.string() }).default({ text: 'Wholesale Shop', link: '/' }),
});

export const siteSettingsSchema = z.object({
  heroes: z.array(heroSchema).default([]),
  banners: z.array(bannerSchema).default([]),
  contactUs: z.string().default(''),
  privacyPolicy: z.string().default(''),
  privacyPolicyDE: z.string().default(''),
  returnPolicy: z.string().default(''),
  aboutUs: z.string().default(''),
  /** Stored in cents; GET /api/configuration sends it in major units with its currency (core/api-money.ts). */
  minimumOrderAmount: z.object({ price: z.number().int().min(0) }).default({ price: 0 }),
  logo: z.string().nullable().default(null),
  footer: footerSchema.default({ columns: [], poweredBy: { text: 'Wholesale Shop', link: '/' } }),
  contentPages: z.array(z.object({ slug: z.string(), title: z.string().default('') })).default([]),
  maintenanceModeActive: z.boolean().default(false),
  maintenanceModeHtml: z.string().default(''),
  isExternalOrderNumberFieldActive: z.boolean().default(false),
  isOrderNoteFieldActive: z.boolean().default(true),
  isBatchSizeActive: z.boolean().default(false),
  isSalesUnitActive: z.boolean().default(false),
  isCustomAttributesActive: z.boolean().default(false),
  isUserListActive: z.boolean().default(false),
  isPreOrderModeVisible: z.boolean().default(false),
  buyableWithoutStock: z.boolean().default(false),
  showCategoryFilters: z.boolean().default(false),
  allowNotifications: z.boolean().default(false),
  showRetailPrice: z.boolean().default(true),
  useSearchEngine: z.boolean().default(false),
  showGrossPrice: z.boolean().default(false),
  hidePricesForGuests: z.boolean().default(false),
  /** Whether /signup takes requests for a customer account; off, the page says so instead. */
  acceptSignupRequests: z.boolean().default(true),
  /** Whether a new or changed review waits for the seller's approval ('pending') instead of being published at once. */
  reviewsNeedApproval: z.boolean().default(false),
  defaultCurrency: z.string().length(3).default('EUR'),
  defaultCategoryView: z.enum(['list', 'grid']).default('list'),
  customCheckoutTermsAndConditionsUrl: z.string().nullable().default(null),
  defaultShippingMethodId: z.number().int().nullable().default(null),
  adminPanelUrl: z.string().nullable().default(null),
  brandColor: z.string().regex(/^#[0-9a-fA-F]{6}$/).default('#0f5fa6'),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** Reads stored settings; anything missing or malformed falls back to its default instead of breaking the shop. */
export function parseSiteSettings(stored: unknown): SiteSettings {
  const input = typeof stored === 'object' && stored !== null ? stored : {};
  const parsed = siteSettingsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  // Drop only the offending top-level fields so one bad value doesn't reset every other setting.
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const cleaned = Object.fromEntries(Object.entries(input).filter(([key]) => !bad.has(key)));
  return siteSettingsSchema.parse(cleaned);
}
