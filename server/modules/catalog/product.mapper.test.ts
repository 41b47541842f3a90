import { describe, expect, it } from 'vitest';
import { buyerVatOf } from '../../../core/tax-conversion.ts';
import { buyerPrice, buyerTierPrices, parseAttributes, selectVariant, toProduct, type ProductChildren, type ProductViewer } from './product.mapper.ts';
import type { ProductRow, VariantRow } from './product.repository.ts';

const row: ProductRow = {
  id: 7,
  category_id: 3,
  sku: 'MAT-000007',
  name: 'Hammer',
  name_en: 'Hammer EN',
  price_cents: 1999,
  retail_price_cents: 2999,
  pre_order_price_cents: 1850,
  currency: 'EUR',
  vat_rate_bp: 1900,
  stock: 12,
  is_stock_freeze: 0,
  is_only_sellable_with_positive_stock: 1,
  sales_batch_size: 5,
  release_date: null,
  attributes: '{"Marke":"Nordlicht","Gewicht":2}',
  sales_attributes: '{"EAN":"4000000000075"}',
  sales_unit_id: 1,
  sales_unit_name: 'Stück',
  sales_unit_name_en: 'Piece',
  reviews_published_count: null,
  reviews_rating_sum: null,
};
const variant = (id: number, sku: string, priceCents: number | null): VariantRow => ({
  id,
  product_id: 7,
  variant_sku: sku,
  name: `Hammer ${sku}`,
  attributes: `{"Farbe":"${sku}"}`,
  price_cents: priceCents,
  stock: id,
});
const children: ProductChildren = {
  images: [{ product_id: 7, url: '/media/a.svg', width: 400, height: 300 }],
  variants: [variant(1, 'Rot', null), variant(2, 'Blau', 2499)],
  units: [{ product_id: 7, unit_id: 2, base_exchange_ratio_milli: 12500, unit_name: 'Karton', unit_name_en: 'Carton', main_unit_name: 'Stück', main_unit_name_en: null }],
  preStocks: [{ product_id: 7, season_id: 4, quantity: 30 }],
  customerPrice: null,
  tiers: [],
  reviews: { average: 4.3, count: 3 },
};
const vatTable = [
  { countryCode: 'DE', taxCategory: 'standard', rateBp: 1900 },
  { countryCode: 'DE', taxCategory: 'reduced', rateBp: 700 },
  { countryCode: 'AT', taxCategory: 'standard', rateBp: 2000 },
  { countryCode: 'AT', taxCategory: 'reduced', rateBp: 1000 },
  { countryCode: 'LU', taxCategory: 'standard', rateBp: 1700 },
];
const german: ProductViewer = { locale: 'de', showPrices: true, isGrossPrice: false, vat: buyerVatOf('DE', 'DE', vatTable), today: '2026-03-15' };
const customerPrice = (cents: number) => ({ cents, validFrom: null, validTo: null });

describe('buyerPrice', () => {
  it.each([
    ['the list price', null, null, 19.99],
    ['the variant’s own list price', null, 2499, 24.99],
    ['the customer price over the list price', 1500, null, 15],
    ['the customer price over the variant’s list price', 1500, 2499, 15],
  ])('is %s', (_name, customerCents, variantCents, value) => {
    const withCustomer = { ...children, customerPrice: customerCents === null ? null : customerPrice(customerCents) };
    expect(buyerPrice(row, withCustomer, variantCents, german)).toEqual({ value, currency: 'EUR', rrp: 29.99, preOrderPrice: 18.5 });
  });

  it('is the list price on a day the customer price does not apply on', () => {
    const expired = { ...children, customerPrice: { cents: 1500, validFrom: null, validTo: '2026-03-14' } };
    expect(buyerPrice(row, expired, null, german)?.value).toBe(19.99);
  });

  it('is null when prices are hidden from the viewer', () => {
    expect(buyerPrice(row, { ...children, customerPrice: customerPrice(1500) }, null, { ...german, showPrices: false })).toBeNull();
  });
});

describe('buyerTierPrices', () => {
  const tiered: ProductChildren = {
    ...children,
    tiers: [
      { minQuantity: 10, cents: 1800, validFrom: null, validTo: null },
      { minQuantity: 50, cents: 1700, validFrom: '2026-03-16', validTo: null },
    ],
  };

  it('lists the tiers valid today as prices of the row’s shape', () => {
    expect(buyerTierPrices(row, tiered, null, german)).toEqual([{ minQuantity: 10, price: { value: 18, currency: 'EUR', rrp: 29.99, preOrderPrice: 18.5 } }]);
    expect(buyerTierPrices(row, tiered, null, { ...german, today: '2026-03-16' }).map((step) => step.minQuantity)).toEqual([10, 50]);
  });

  it('leaves out a tier the customer price undercuts already', () => {
    expect(buyerTierPrices(row, { ...tiered, customerPrice: customerPrice(1750) }, null, german)).toEqual([]);
  });

  it('is empty when prices are hidden from the viewer', () => {
    expect(buyerTierPrices(row, tiered, null, { ...german, showPrices: false })).toEqual([]);
  });
});

describe('toProduct', () => {
  it('maps a row with its children', () => {
    expect(toProduct(row, children, german)).toEqual({
      _id: 7,
      name: 'Hammer',
      sku: 'MAT-000007',
      categoryId: 3,
      images: [{ image: { url: '/media/a.svg', width: 400, height: 300 } }],
      price: { value: 19.99, currency: 'EUR', rrp: 29.99, preOrderPrice: 18.5 },
      tierPrices: [],
      isGrossPrice: false,
      vatRate: 19,
      stock: { value: 12 },
      preStocks: [{ seasonId: 4, quantity: 30 }],
      isStockFreeze: false,
      salesBatchSize: 5,
      salesUnit: { id: 1, name: 'Stück' },
      materialUnits: [{ unit: { id: 2, name: 'Karton' }, baseExchangeRatio: 12.5, mainUnit: { name: 'Stück' } }],
      releaseDate: null,
      isOnlySellableWithPositiveStock: true,
      attributes: { Marke: 'Nordlicht' },
      salesAttributes: { EAN: '4000000000075' },
      variants: [
        { _id: 1, variantSku: 'Rot', name: 'Hammer Rot', attributes: { Farbe: 'Rot' }, price: { value: 19.99, currency: 'EUR', rrp: 29.99, preOrderPrice: 18.5 }, tierPrices: [], stock: { value: 1 } },
        { _id: 2, variantSku: 'Blau', name: 'Hammer Blau', attributes: { Farbe: 'Blau' }, price: { value: 24.99, currency: 'EUR', rrp: 29.99, preOrderPrice: 18.5 }, tierPrices: [], stock: { value: 2 } },
      ],
      reviews: { average: 4.3, count: 3 },
    });
  });

  it('converts the product’s rate to the buyer’s VAT country', () => {
    const austrian: ProductViewer = { ...german, vat: buyerVatOf('DE', 'AT', vatTable) };
    expect(toProduct(row, children, german).vatRate).toBe(19);
    expect(toProduct(row, children, austrian).vatRate).toBe(20);
    expect(toProduct({ ...row, vat_rate_bp: 700 }, children, austrian).vatRate).toBe(10);
  });

  it('sends no VAT rate where the buyer’s country has none, never the seller’s', () => {
    const luxembourgish: ProductViewer = { ...german, vat: buyerVatOf('DE', 'LU', vatTable) };
    expect(toProduct(row, children, luxembourgish).vatRate).toBe(17);
    expect(toProduct({ ...row, vat_rate_bp: 700 }, children, luxembourgish).vatRate).toBeNull();
    expect(toProduct({ ...row, vat_rate_bp: 0 }, children, { ...german, vat: buyerVatOf('DE', 'AT', vatTable) }).vatRate).toBeNull();
  });

  it('uses English names where they exist, German ones otherwise', () => {
    const product = toProduct(row, children, { ...german, locale: 'en' });
    expect(product.name).toBe('Hammer EN');
    expect(product.salesUnit?.name).toBe('Piece');
    expect(product.materialUnits[0]).toMatchObject({ unit: { name: 'Carton' }, mainUnit: { name: 'Stück' } });
  });

  it('hides every price, variants included, from a viewer who may not see prices', () => {
    const product = toProduct(row, { ...children, customerPrice: customerPrice(1000) }, { ...german, showPrices: false, isGrossPrice: true });
    expect(product.price).toBeNull();
    expect(product.variants.map((v) => v.price)).toEqual([null, null]);
    expect(product.isGrossPrice).toBe(true);
  });
});

describe('selectVariant', () => {
  const product = toProduct(row, children, german);

  it('makes the product stand for the variant', () => {
    expect(selectVariant(product, 'Blau')).toMatchObject({
      _id: 7,
      sku: 'MAT-000007',
      variantSku: 'Blau',
      name: 'Hammer Blau',
      price: { value: 24.99 },
      stock: { value: 2 },
      attributes: { Marke: 'Nordlicht', Farbe: 'Blau' },
    });
  });

  it('leaves the product as it is for a sku it does not have', () => {
    expect(selectVariant(product, 'Grün')).toBe(product);
  });
});

describe('parseAttributes', () => {
  it.each([
    ['{"a":"x","b":1,"c":null}', { a: 'x' }],
    ['[1,2]', {}],
    ['"text"', {}],
    ['not json', {}],
  ])('reads %s as %j', (json, attributes) => {
    expect(parseAttributes(json)).toEqual(attributes);
  });
});
