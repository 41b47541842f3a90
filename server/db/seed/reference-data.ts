import type { Kysely } from 'kysely';
import type { SiteSettings } from '../../../core/site-settings.ts';
import type { DB, NewRow } from '../schema.ts';

// The demo tenant, the seller's company, site settings and the per-tenant reference tables.

export const SEED_TIME = '2026-11-01T08:00:00.000Z';
export const DEMO_TENANT = { slug: 'demo', name: 'Demo Großhandel' } as const;

const link = (title: string, href = '/') => ({ title, link: href, isExternal: href.startsWith('https://') });

function siteSettings(defaultShippingMethodId: number | null): SiteSettings {
  return {
    heroes: [
      { id: 'hero-1', title: 'Alles für den Profi – schnell geliefert', subtitle: 'Tausende Artikel ab Lager Hamburg. Was bis 14 Uhr bestellt ist, verlässt noch am selben Tag unser Haus.', imageUrl: '/media/heroes/hero-1.svg', link: '/', buttonText: 'Jetzt einkaufen', isActive: true },
      { id: 'hero-2', title: 'Vorbestellung Saison 2027', subtitle: 'Sichern Sie sich Saisonware zu Vorbestellpreisen – Lieferung ab März 2027.', imageUrl: '/media/heroes/hero-2.svg', link: '/', buttonText: 'Zur Vorbestellung', isActive: true },
      { id: 'hero-3', title: 'Arbeitsschutz nach Norm', subtitle: 'Handschuhe, Sicherheitsschuhe und Warnschutzkleidung für jede Schutzklasse.', imageUrl: '/media/heroes/hero-3.svg', link: '/', buttonText: 'Sortiment entdecken', isActive: true },
    ],
    banners: [
      { id: 'banner-1', title: 'Befestigungstechnik im Großgebinde', buttonText: 'Zum Angebot', link: '/', background: '#e7f0fa', imageUrl: '/media/heroes/banner-1.svg', isActive: true },
      { id: 'banner-2', title: 'Neu im Sortiment: Akku-Werkzeuge 18 V', buttonText: 'Jetzt ansehen', link: '/', background: '#fff4e6', imageUrl: '/media/heroes/banner-2.svg', isActive: true },
      { id: 'banner-3', title: 'Gartensaison 2027 jetzt vorbestellen', buttonText: 'Mehr erfahren', link: '/', background: '#ebfbee', imageUrl: '/media/heroes/banner-3.svg', isActive: true },
    ],
    // The contact page shows the seller's address, phone and e-mail address itself: its text adds the rest.
    contactUs: '<p><strong>Erreichbarkeit</strong><br>Montag bis Freitag, 7:00–17:00 Uhr</p><p>Außendienst-Hotline: +49 40 1234567-20</p>',
    privacyPolicy: '<h2>Privacy policy</h2><p>We process personal data only to run your customer account and your orders.</p>',
    privacyPolicyDE: '<h2>Datenschutzerklärung</h2><p>Wir verarbeiten personenbezogene Daten ausschließlich zur Führung Ihres Kundenkontos und zur Abwicklung Ihrer Bestellungen.</p>',
    returnPolicy: '<p>Originalverpackte Ware nehmen wir innerhalb von 14 Tagen nach Erhalt zurück. Sonderanfertigungen sind vom Umtausch ausgeschlossen.</p>',
    aboutUs: '<p>Seit 1987 beliefert die Nordlicht Großhandel GmbH Handwerk, Industrie und Fachhandel in ganz Norddeutschland.</p>',
    minimumOrderAmount: { price: 5000 },
    logo: '/media/logo.svg',
    footer: {
      columns: [
        { title: 'Service', items: [link('Kontakt', '/static/contact-us'), link('Versand & Lieferung', '/content/versand'), link('Rückgabe', '/content/rueckgabe')] },
        { title: 'Unternehmen', items: [link('Über uns', '/content/ueber-uns'), link('Karriere', 'https://example.com/karriere'), link('Presse', 'https://example.com/presse')] },
        { title: 'Rechtliches', items: [link('Impressum', '/content/impressum'), link('Datenschutz', '/content/datenschutz'), link('AGB', '/content/agb'), link('Streitschlichtung', 'https://ec.europa.eu/consumers/odr')] },
      ],
      poweredBy: { text: 'Wholesale Shop', link: 'https://example.com' },
    },
    contentPages: contentPages.map((p) => ({ slug: p.slug, title: p.title_de })),
    maintenanceModeActive: false,
    maintenanceModeHtml:
      '<h1>Wartungsarbeiten</h1><p>Unser Shop wird gerade aktualisiert und ist in Kürze wieder für Sie da.</p><h1>Maintenance</h1><p>Our shop is being updated and will be back shortly.</p>',
    isExternalOrderNumberFieldActive: true,
    isOrderNoteFieldActive: true,
    isBatchSizeActive: true,
    isSalesUnitActive: true,
    isCustomAttributesActive: true,
    isUserListActive: true,
    isPreOrderModeVisible: true,
    buyableWithoutStock: true,
    showCategoryFilters: true,
    allowNotifications: true,
    showRetailPrice: true,
    useSearchEngine: false,
    showGrossPrice: false,
    hidePricesForGuests: true,
    acceptSignupRequests: true,
    reviewsNeedApproval: false,
    defaultCurrency: 'EUR',
    defaultCategoryView: 'list',
    customCheckoutTermsAndConditionsUrl: null,
    defaultShippingMethodId,
    adminPanelUrl: 'https://admin.example.com',
    brandColor: '#0f5fa6',
  };
}

const contentPages = [
  { slug: 'agb', title_de: 'Allgemeine Geschäftsbedingungen', title_en: 'Terms and conditions', html_de: '<h1>Allgemeine Geschäftsbedingungen</h1><p>Es gelten die Lieferbedingungen der Nordlicht Großhandel GmbH für gewerbliche Kunden.</p>', html_en: '<h1>Terms and conditions</h1><p>The delivery terms of Nordlicht Großhandel GmbH for business customers apply.</p>' },
  { slug: 'impressum', title_de: 'Impressum', title_en: 'Imprint', html_de: '<h1>Impressum</h1><p>Nordlicht Großhandel GmbH, Hafenstraße 12, 20457 Hamburg. Geschäftsführer: Jens Carstensen. HRB 123456, Amtsgericht Hamburg.</p>', html_en: '<h1>Imprint</h1><p>Nordlicht Großhandel GmbH, Hafenstraße 12, 20457 Hamburg, Germany. Managing director: Jens Carstensen.</p>' },
  { slug: 'datenschutz', title_de: 'Datenschutz', title_en: 'Privacy', html_de: '<h1>Datenschutz</h1><p>Wir verarbeiten Ihre Daten nur zur Vertragserfüllung.</p>', html_en: '<h1>Privacy</h1><p>We process your data only to fulfil our contract with you.</p>' },
  { slug: 'kontakt', title_de: 'Kontakt', title_en: 'Contact', html_de: '<h1>Kontakt</h1><p>Nordlicht Großhandel GmbH, Hafenstraße 12, 20457 Hamburg</p><p>Telefon: +49 40 1234567-0<br>E-Mail: info@nordlicht-grosshandel.example</p><p>Montag bis Freitag, 7:00–17:00 Uhr</p>', html_en: '<h1>Contact</h1><p>Nordlicht Großhandel GmbH, Hafenstraße 12, 20457 Hamburg, Germany</p><p>Phone: +49 40 1234567-0<br>E-mail: info@nordlicht-grosshandel.example</p><p>Monday to Friday, 7 am to 5 pm</p>' },
  { slug: 'rueckgabe', title_de: 'Rückgabe', title_en: 'Returns', html_de: '<h1>Rückgabe</h1><p>Originalverpackte Ware nehmen wir innerhalb von 14 Tagen nach Erhalt zurück. Sonderanfertigungen sind vom Umtausch ausgeschlossen.</p>', html_en: '<h1>Returns</h1><p>We take back goods in their original packaging within 14 days of receipt. Custom-made goods cannot be returned.</p>' },
  { slug: 'ueber-uns', title_de: 'Über uns', title_en: 'About us', html_de: '<h1>Über uns</h1><p>Seit 1987 beliefert die Nordlicht Großhandel GmbH Handwerk, Industrie und Fachhandel in ganz Norddeutschland.</p>', html_en: '<h1>About us</h1><p>Since 1987 Nordlicht Großhandel GmbH has supplied trades, industry and retailers throughout northern Germany.</p>' },
  { slug: 'versand', title_de: 'Versand & Lieferung', title_en: 'Shipping & delivery', html_de: '<h1>Versand & Lieferung</h1><p>Wir liefern nach Deutschland, Österreich und in die Schweiz.</p>', html_en: '<h1>Shipping & delivery</h1><p>We deliver to Germany, Austria and Switzerland.</p>' },
];

const vatTable: Record<string, { standard: number; reduced: number }> = {
  DE: { standard: 1900, reduced: 700 },
  AT: { standard: 2000, reduced: 1000 },
  CH: { standard: 810, reduced: 260 },
  FR: { standard: 2000, reduced: 550 },
  NL: { standard: 2100, reduced: 900 },
};

type Limit = Pick<NewRow<'shipping_method_countries'>, 'limit_type' | 'limit_value' | 'limit_cart_amount_cents'>;
const noLimit: Limit = { limit_type: null, limit_value: null, limit_cart_amount_cents: null };
const fixed = (value: number, cartAmount: number): Limit => ({ limit_type: 'fixed', limit_value: value, limit_cart_amount_cents: cartAmount });
const percent = (bp: number, cartAmount: number): Limit => ({ limit_type: 'percent', limit_value: bp, limit_cart_amount_cents: cartAmount });

const shippingMethods: { name: string; isDefault: boolean; countries: [string, number, Limit][] }[] = [
  { name: 'Standardversand', isDefault: true, countries: [['DE', 695, fixed(0, 25000)], ['AT', 1295, percent(5000, 40000)], ['CH', 2495, fixed(995, 60000)]] },
  { name: 'Expressversand', isDefault: false, countries: [['DE', 1995, noLimit], ['AT', 2995, percent(2500, 100000)], ['CH', 4995, noLimit]] },
  { name: 'Speditionsversand', isDefault: false, countries: [['DE', 4900, fixed(0, 150000)], ['AT', 7900, percent(5000, 200000)]] },
  { name: 'Selbstabholung Hamburg', isDefault: false, countries: [['DE', 0, noLimit]] },
];

const statuses = (names: [string, string][]) => names.map(([de, en], i) => ({ id: String(i + 1), localizations: JSON.stringify({ de, en }), sort_order: i + 1 }));

export async function seedReferenceData(db: Kysely<DB>): Promise<{ tenantId: number; seasonIds: number[] }> {
  const tenant = await db
    .insertInto('tenants')
    .values({ slug: DEMO_TENANT.slug, name: DEMO_TENANT.name, created_at: SEED_TIME })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tenant_id = tenant.id;
  await db.insertInto('tenant_hosts').values(['localhost', '127.0.0.1'].map((host) => ({ host, tenant_id }))).execute();
  await db
    .insertInto('seller_companies')
    .values({
      tenant_id,
      name: 'Nordlicht Großhandel GmbH',
      address: 'Hafenstraße 12',
      city: 'Hamburg',
      post_code: '20457',
      phone: '+49 40 1234567-0',
      email: 'info@nordlicht-grosshandel.example',
      country_code: 'DE',
      country_name: 'Deutschland',
      logo_url: '/media/logo.svg',
      maintenance_mode_active: 0,
      company_info_text: 'Nordlicht Großhandel GmbH · Außendienst-Hotline +49 40 1234567-20 · Mo–Fr 7–17 Uhr',
    })
    .execute();

  await db
    .insertInto('vat_rates')
    .values(Object.entries(vatTable).flatMap(([country_code, rates]) => Object.entries(rates).map(([tax_category, rate_bp]) => ({ tenant_id, country_code, tax_category, rate_bp }))))
    .execute();

  const seasons = await db
    .insertInto('seasons')
    .values([
      { tenant_id, name: 'Frühjahr 2027', date: '2027-03-01', sort_order: 1 },
      { tenant_id, name: 'Sommer 2027', date: '2027-06-01', sort_order: 2 },
      { tenant_id, name: 'Herbst 2027', date: '2027-09-01', sort_order: 3 },
    ])
    .returning(['id', 'sort_order'])
    .execute();
  const seasonIds = seasons.sort((a, b) => a.sort_order - b.sort_order).map((s) => s.id);

  let defaultShippingMethodId: number | null = null;
  for (const [i, method] of shippingMethods.entries()) {
    const row = await db
      .insertInto('shipping_methods')
      .values({ tenant_id, name: method.name, is_active: 1, is_default: method.isDefault ? 1 : 0, sort_order: i + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (method.isDefault) defaultShippingMethodId = row.id;
    await db
      .insertInto('shipping_method_countries')
      .values(method.countries.map(([country_code, price_cents, limit]) => ({ shipping_method_id: row.id, country_code, price_cents, currency: 'EUR', ...limit })))
      .execute();
  }

  await db
    .insertInto('payment_methods')
    .values([
      { tenant_id, code: 'invoice', name_de: 'Rechnung', name_en: 'Invoice', is_active: 1, sort_order: 1 },
      { tenant_id, code: 'prepayment', name_de: 'Vorkasse', name_en: 'Prepayment', is_active: 1, sort_order: 2 },
      // Offered only where the payment provider is configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET).
      { tenant_id, code: 'stripe', name_de: 'Online bezahlen (Karte)', name_en: 'Pay online (card)', is_active: 1, sort_order: 3 },
    ])
    .execute();
  await db
    .insertInto('order_statuses')
    .values(statuses([['Offen', 'Open'], ['In Bearbeitung', 'In progress'], ['Versendet', 'Shipped'], ['Abgeschlossen', 'Completed'], ['Storniert', 'Cancelled']]).map((s) => ({ tenant_id, ...s })))
    .execute();
  await db
    .insertInto('sales_head_statuses')
    .values(statuses([['Offen', 'Open'], ['Teilweise geliefert', 'Partially delivered'], ['Vollständig geliefert', 'Fully delivered'], ['Berechnet', 'Invoiced']]).map((s) => ({ tenant_id, ...s })))
    .execute();
  await db
    .insertInto('content_pages')
    .values(contentPages.map((p, i) => ({ tenant_id, ...p, is_active: 1 as const, sort_order: i + 1, updated_at: SEED_TIME })))
    .execute();
  await db
    .insertInto('site_settings')
    .values({ tenant_id, settings: JSON.stringify(siteSettings(defaultShippingMethodId)), updated_at: SEED_TIME })
    .execute();

  return { tenantId: tenant_id, seasonIds };
}
