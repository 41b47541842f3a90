import { onlinePaymentCode } from '../payments/payment-provider.ts';
import { createHash } from 'node:crypto';
import { amountOut, moneyOut, type MoneyJson } from '../../../core/api-money.ts';
import type { ShippingMethodJson } from '../../../core/checkout-input.ts';
import { parseSiteSettings, type SiteSettings } from '../../../core/site-settings.ts';
import { bpToPercent } from '../../../core/basis-points.ts';
import type { Locale } from '../../../core/locale.ts';
import type { Caches } from '../../cache.ts';
import type { RequestContext } from '../../context.ts';
import { sanitizeSettingsHtml } from './sanitize-html.ts';
import type { SettingsRepository } from './settings.repository.ts';

export interface SellerCompany {
  name: string;
  address: string;
  city: string;
  postCode: string;
  phone: string;
  email: string;
  country: { code: string; name: string };
  logo: string | null;
  maintenanceModeActive: boolean;
  companyInfoText: string | null;
}

export interface Configuration extends Omit<SiteSettings, 'minimumOrderAmount'> {
  /** The site's minimum order amount (net): stored in cents, sent like every amount in major units with its currency. */
  minimumOrderAmount: { price: MoneyJson };
  company: SellerCompany;
  companyContactData: { countryCode: string };
  seasons: { _id: number; name: string; date: string }[];
  shippingMethods: ShippingMethodJson[];
  shippingCountries: string[];
  paymentMethods: { _id: number; code: string; translatedName: string }[];
  vatTable: { countryCode: string; taxCategory: string; rate: number }[];
}

function toSellerCompany(row: NonNullable<Awaited<ReturnType<SettingsRepository['findSellerCompany']>>>): SellerCompany {
  return {
    name: row.name,
    address: row.address,
    city: row.city,
    postCode: row.post_code,
    phone: row.phone,
    email: row.email,
    country: { code: row.country_code, name: row.country_name },
    logo: row.logo_url,
    maintenanceModeActive: row.maintenance_mode_active === 1,
    companyInfoText: row.company_info_text,
  };
}

/**
 * A payment method as every API answers it, the configuration and the lookup alike: `_id` is the one id
 * an order names as its paymentMethodId, `code` says what kind of payment it is.
 */
function toPaymentMethod(payment: { id: number; code: string; name_de: string; name_en: string }, locale: Locale): Configuration['paymentMethods'][number] {
  return { _id: payment.id, code: payment.code, translatedName: locale === 'en' ? payment.name_en : payment.name_de };
}

/** Runs the reads together, or one after another (a transaction's connection takes one statement at a time). */
async function readAll<T extends readonly unknown[]>(reads: { readonly [K in keyof T]: () => Promise<T[K]> }, inTurn: boolean): Promise<T> {
  if (!inTurn) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const values: unknown[] = [];
  for (const read of reads) values.push(await read());
  return values as unknown as T;
}

export function createSettingsService(repository: SettingsRepository, caches: Caches, options: { onlinePayment: boolean } = { onlinePayment: false }) {
  // The online method is offered only where its provider is configured.
  const offered = (payment: { code: string; is_active: number }) => payment.is_active === 1 && (options.onlinePayment || payment.code !== onlinePaymentCode);

  // Keyed by tenant and locale: payment method names are translated.
  const cache = caches.shared<{ configuration: Configuration; json: Buffer; etag: string }>();

  /** Read through `from`: the pool's connections at once, or a transaction's one connection statement by statement. */
  async function loadConfiguration(tenantId: number, locale: Locale, from: { repository: SettingsRepository; inTurn: boolean }): Promise<Configuration> {
    const stored = from.repository;
    const [settingsRow, seller, vatRates, seasons, methods, countries, payments] = await readAll(
      [
        () => stored.findSiteSettings(tenantId),
        () => stored.findSellerCompany(tenantId),
        () => stored.listVatRates(tenantId),
        () => stored.listSeasons(tenantId),
        () => stored.listShippingMethods(tenantId),
        () => stored.listShippingCountries(tenantId),
        () => stored.listPaymentMethods(tenantId),
      ],
      from.inTurn,
    );
    if (!seller) throw new Error(`Tenant ${tenantId} has no seller company data`);
    const settings = parseSiteSettings(settingsRow);
    const company = toSellerCompany(seller);
    return {
      ...settings,
      minimumOrderAmount: { price: moneyOut(settings.minimumOrderAmount.price, settings.defaultCurrency) },
      heroes: settings.heroes.filter((hero) => hero.isActive),
      banners: settings.banners.filter((banner) => banner.isActive),
      company,
      companyContactData: { countryCode: company.country.code },
      seasons: seasons.map((s) => ({ _id: s.id, name: s.name, date: s.date })),
      shippingMethods: methods.map((m) => ({
        _id: m.id,
        name: m.name,
        isActive: m.is_active === 1,
        isDefault: m.is_default === 1,
        countries: countries
          .filter((c) => c.shipping_method_id === m.id)
          .map((c) => ({
            code: c.country_code,
            price: moneyOut(c.price_cents, c.currency),
            limit:
              c.limit_type === 'fixed' || c.limit_type === 'percent'
                ? {
                    type: c.limit_type,
                    value: c.limit_type === 'fixed' ? amountOut(c.limit_value ?? 0) : bpToPercent(c.limit_value ?? 0),
                    cartAmount: amountOut(c.limit_cart_amount_cents ?? 0),
                  }
                : null,
          })),
      })),
      shippingCountries: [...new Set(countries.map((c) => c.country_code))].sort(),
      paymentMethods: payments
        .filter(offered)
        .map((p) => toPaymentMethod(p, locale)),
      vatTable: vatRates.map((v) => ({ countryCode: v.country_code, taxCategory: v.tax_category, rate: bpToPercent(v.rate_bp) })),
    };
  }

  function cached(ctx: Pick<RequestContext, 'tenant' | 'locale'>) {
    return cache.get(`${ctx.tenant.id}:${ctx.locale}`, async () => {
      const configuration = await loadConfiguration(ctx.tenant.id, ctx.locale, { repository, inTurn: false });
      const json = Buffer.from(JSON.stringify(configuration));
      return { configuration, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    });
  }

  return {
    async getConfiguration(ctx: Pick<RequestContext, 'tenant' | 'locale'>): Promise<Configuration> {
      return (await cached(ctx)).configuration;
    },

    /**
     * The configuration as stored now, read through `from` (an order's transaction) and never the copy this
     * process keeps: what an order charges (shipping, minimum amount, VAT table, seasons) is not a few
     * seconds old.
     */
    readConfiguration(ctx: Pick<RequestContext, 'tenant' | 'locale'>, transaction: SettingsRepository): Promise<Configuration> {
      return loadConfiguration(ctx.tenant.id, ctx.locale, { repository: transaction, inTurn: true });
    },

    /** The configuration as the API sends it, serialised once per cache period instead of per request. */
    async getConfigurationJson(ctx: Pick<RequestContext, 'tenant' | 'locale'>): Promise<{ json: Buffer; etag: string }> {
      const { json, etag } = await cached(ctx);
      return { json, etag };
    },

    /** The maintenance notice, safe to put into the page. */
    async getMaintenanceHtml(ctx: Pick<RequestContext, 'tenant' | 'locale'>): Promise<string> {
      const configuration = await this.getConfiguration(ctx);
      return sanitizeSettingsHtml(configuration.maintenanceModeHtml);
    },

    async getSellerCompany(tenantId: number): Promise<SellerCompany> {
      const seller = await repository.findSellerCompany(tenantId);
      if (!seller) throw new Error(`Tenant ${tenantId} has no seller company data`);
      return toSellerCompany(seller);
    },

    /** Forgets cached settings, after a change made outside this service. */
    clearCache(): void {
      cache.clear();
    },


    async listOrderStatuses(tenantId: number, locale: Locale) {
      const rows = await repository.listOrderStatuses(tenantId);
      return rows.map((row) => {
        const names = JSON.parse(row.localizations) as Partial<Record<Locale, string>>;
        return { id: row.id, name: names[locale] ?? names.de ?? row.id, localizations: names };
      });
    },

    async listPaymentTypes(tenantId: number, locale: Locale) {
      const rows = await repository.listPaymentMethods(tenantId);
      return rows.filter(offered).map((p) => toPaymentMethod(p, locale));
    },

    async getVatConversionTable(tenantId: number) {
      const rows = await repository.listVatRates(tenantId);
      return rows.map((v) => ({ countryCode: v.country_code, taxCategory: v.tax_category, rate: bpToPercent(v.rate_bp) }));
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
