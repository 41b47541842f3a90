import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helper.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

describe('GET /api/configuration', () => {
  it('returns the site settings with every flag, company data and reference data', async () => {
    const response = await shop.app.inject({ url: '/api/configuration' });
    expect(response.statusCode).toBe(200);
    const settings = response.json();
    for (const flag of [
      'isExternalOrderNumberFieldActive',
      'isOrderNoteFieldActive',
      'isBatchSizeActive',
      'isSalesUnitActive',
      'isCustomAttributesActive',
      'isUserListActive',
      'isPreOrderModeVisible',
      'buyableWithoutStock',
      'showCategoryFilters',
      'allowNotifications',
      'showRetailPrice',
      'useSearchEngine',
      'showGrossPrice',
      'hidePricesForGuests',
      'maintenanceModeActive',
    ]) {
      expect(typeof settings[flag], flag).toBe('boolean');
    }
    expect(settings).toMatchObject({
      defaultCurrency: 'EUR',
      defaultCategoryView: 'list',
      isOrderNoteFieldActive: true,
      showRetailPrice: true,
      company: { name: 'Nordlicht Großhandel GmbH', country: { code: 'DE' } },
      companyContactData: { countryCode: 'DE' },
    });
    // Every amount in major units with its currency, stored in cents: 5000 is 50,00 €.
    expect(settings.minimumOrderAmount).toEqual({ price: { value: 50, currency: 'EUR' } });
    const standard = settings.shippingMethods.find((m: { isDefault: boolean }) => m.isDefault);
    expect(standard).toMatchObject({ _id: settings.defaultShippingMethodId, name: 'Standardversand', isActive: true });
    expect(standard.countries).toEqual(
      expect.arrayContaining([
        { code: 'DE', price: { value: 6.95, currency: 'EUR' }, limit: { type: 'fixed', value: 0, cartAmount: 250 } },
        { code: 'AT', price: { value: 12.95, currency: 'EUR' }, limit: { type: 'percent', value: 50, cartAmount: 400 } },
      ]),
    );
    expect(settings.seasons).toHaveLength(3);
    expect(settings.heroes.length).toBeGreaterThan(0);
    expect(settings.banners.length).toBeGreaterThan(0);
    expect(settings.footer.columns.length).toBeGreaterThan(0);
    expect(settings.shippingCountries).toEqual(expect.arrayContaining(['AT', 'CH', 'DE']));
    expect(settings.vatTable).toEqual(expect.arrayContaining([{ countryCode: 'DE', taxCategory: 'standard', rate: 19 }]));
    expect(settings.paymentMethods.map((p: { code: string }) => p.code)).toEqual(expect.arrayContaining(['invoice', 'prepayment']));
  });

  it('answers 304 when the client already has the current settings', async () => {
    const first = await shop.app.inject({ url: '/api/configuration' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await shop.app.inject({ url: '/api/configuration', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const english = await shop.app.inject({ url: '/api/configuration', headers: { 'if-none-match': etag, 'accept-language': 'en' } });
    expect(english.statusCode).toBe(200);
  });

  it('lists only active heroes and banners', async () => {
    const row = await shop.db.selectFrom('site_settings').select('settings').executeTakeFirstOrThrow();
    const stored = JSON.parse(row.settings);
    const inactive = stored.heroes.length;
    stored.heroes.push({ id: 'hidden-hero', title: 'Verborgen', isActive: false });
    await shop.db.updateTable('site_settings').set({ settings: JSON.stringify(stored) }).execute();
    shop.services.settings.clearCache();
    const settings = (await shop.app.inject({ url: '/api/configuration' })).json();
    expect(settings.heroes).toHaveLength(inactive);
    expect(settings.heroes.some((h: { id: string }) => h.id === 'hidden-hero')).toBe(false);
  });

  it('translates payment method names', async () => {
    const de = (await shop.app.inject({ url: '/api/configuration' })).json();
    const en = (await shop.app.inject({ url: '/api/configuration', headers: { 'accept-language': 'en' } })).json();
    const name = (s: { paymentMethods: { code: string; translatedName: string }[] }) =>
      s.paymentMethods.find((p) => p.code === 'invoice')?.translatedName;
    expect(name(de)).toBe('Rechnung');
    expect(name(en)).toBe('Invoice');
  });
});

describe('GET /api/lookup', () => {
  it.each([
    ['vatConversionTable', (data: { countryCode: string }[]) => expect(data.map((d) => d.countryCode)).toEqual(expect.arrayContaining(['DE', 'AT', 'CH', 'FR', 'NL']))],
    ['paymentType', (data: { code: string }[]) => expect(data.map((d) => d.code)).toEqual(expect.arrayContaining(['invoice', 'prepayment']))],
    ['salesHeadStatus', (data: { id: string; name: string }[]) => expect(data.find((d) => d.id === '1')?.name).toBe('Offen')],
  ])('returns %s', async (lookupName, check) => {
    const auth = await shop.login('customer');
    const response = await shop.app.inject({ url: `/api/lookup?lookupName=${lookupName}`, headers: { authorization: auth } });
    expect(response.statusCode).toBe(200);
    check(response.json().data);
  });

  it('translates order statuses', async () => {
    const auth = await shop.login('customer');
    const response = await shop.app.inject({
      url: '/api/lookup?lookupName=salesHeadStatus',
      headers: { authorization: auth, 'accept-language': 'en' },
    });
    expect(response.json().data.find((d: { id: string }) => d.id === '1').name).toBe('Open');
  });

  it.each([['?lookupName=secrets'], [''], ['?lookupName=']])('refuses %s with 400', async (query) => {
    const auth = await shop.login('customer');
    const response = await shop.app.inject({ url: `/api/lookup${query}`, headers: { authorization: auth } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'lookupName' });
    expect(response.json().messageKey).toMatch(/^validation\./);
  });

  it('needs a session', async () => {
    expect((await shop.app.inject({ url: '/api/lookup?lookupName=paymentType' })).statusCode).toBe(401);
  });
});

describe('POST /api/statistics/event', () => {
  async function count() {
    const row = await shop.db
      .selectFrom('statistics_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('stores a page view with path, user agent and user', async () => {
    const auth = await shop.login('customer');
    const before = await count();
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/statistics/event',
      headers: { authorization: auth },
      payload: { type: 'page_view', data: { path: '/category/werkzeug-1', user_agent: 'Mozilla/5.0 Test' } },
    });
    expect(response.statusCode).toBe(204);
    expect(await count()).toBe(before + 1);
    const stored = await shop.db.selectFrom('statistics_events').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ type: 'page_view', path: '/category/werkzeug-1', user_agent: 'Mozilla/5.0 Test' });
    expect(stored.user_id).not.toBeNull();
  });

  it('counts visitors who are not signed in', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/statistics/event',
      payload: { type: 'page_view', data: { path: '/landing', user_agent: 'x' } },
    });
    expect(response.statusCode).toBe(204);
  });

  it.each([
    ['an unknown type', { type: 'click', data: { path: '/' } }, 'type'],
    ['a missing path', { type: 'page_view', data: {} }, 'data.path'],
    ['a path that is not a path', { type: 'page_view', data: { path: 'https://evil.example' } }, 'data.path'],
    ['an overlong path', { type: 'page_view', data: { path: `/${'a'.repeat(3000)}` } }, 'data.path'],
  ])('refuses %s with 400 and stores nothing', async (_name, payload, field) => {
    const before = await count();
    const response = await shop.app.inject({ method: 'POST', url: '/api/statistics/event', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    expect(await count()).toBe(before);
  });
});
