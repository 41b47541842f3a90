import { describe, expect, it } from 'vitest';
import { parseSiteSettings } from './site-settings.ts';

describe('parseSiteSettings', () => {
  it('gives the documented defaults for empty settings', () => {
    const settings = parseSiteSettings({});
    expect(settings.isOrderNoteFieldActive).toBe(true);
    expect(settings.showRetailPrice).toBe(true);
    expect(settings.defaultCurrency).toBe('EUR');
    expect(settings.defaultCategoryView).toBe('list');
    expect(settings.maintenanceModeActive).toBe(false);
    expect(settings.hidePricesForGuests).toBe(false);
    expect(settings.acceptSignupRequests).toBe(true);
    expect(settings.reviewsNeedApproval).toBe(false);
    expect(settings.heroes).toEqual([]);
  });

  it('keeps stored values', () => {
    const settings = parseSiteSettings({ showRetailPrice: false, defaultCategoryView: 'grid', defaultCurrency: 'CHF' });
    expect(settings.showRetailPrice).toBe(false);
    expect(settings.defaultCategoryView).toBe('grid');
    expect(settings.defaultCurrency).toBe('CHF');
  });

  it('replaces only a malformed field with its default', () => {
    const settings = parseSiteSettings({ defaultCategoryView: 'table', isBatchSizeActive: true });
    expect(settings.defaultCategoryView).toBe('list');
    expect(settings.isBatchSizeActive).toBe(true);
  });

  it('treats a non-object as empty settings', () => {
    expect(parseSiteSettings(null).defaultCurrency).toBe('EUR');
  });

  it('fills hero defaults', () => {
    const settings = parseSiteSettings({ heroes: [{ id: 'h1', title: 'Willkommen' }] });
    expect(settings.heroes[0]).toMatchObject({ id: 'h1', link: '/', isActive: true });
  });
});
