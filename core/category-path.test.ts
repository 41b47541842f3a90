import { describe, expect, it } from 'vitest';
import { categoryIdFrom, productIdFrom, productPath, slugify, verboseCategory } from './category-path.ts';

describe('verboseCategory', () => {
  it.each([
    ['"the category name with dashes followed by a dash and the category id"', 'Werkzeug Handwerkzeug', 12, 'werkzeug-handwerkzeug-12'],
    ['other characters become one dash', 'Werkzeug & Handwerkzeug', 12, 'werkzeug-handwerkzeug-12'],
    ['umlauts are spelt out', 'Bohrer für Stahl', 3, 'bohrer-fuer-stahl-3'],
    ['capital umlauts and ß too', 'ÖLE & Straßenbedarf', 4, 'oele-strassenbedarf-4'],
    ['other accents are dropped', 'Café Crème', 5, 'cafe-creme-5'],
    ['no dashes at the ends', ' -Farben- ', 6, 'farben-6'],
    ['a name without letters or digits leaves just the id', '—', 7, '7'],
  ])('%s', (_sentence, name, id, expected) => {
    expect(verboseCategory(name, id)).toBe(expected);
    expect(categoryIdFrom(verboseCategory(name, id))).toBe(id);
  });

  it('keeps digits in names', () => {
    expect(slugify('Schrauben M8 x 40')).toBe('schrauben-m8-x-40');
  });
});

describe('categoryIdFrom', () => {
  it.each([
    ['"the id is the last dash-separated piece"', 'werkzeug-handwerkzeug-12', 12],
    ['"the id is the last dash-separated piece" (digits in the name)', 'schrauben-m8-x-40-9', 9],
    ['a bare id', '12', 12],
    ['"The parameter is optional"', undefined, null],
    ['an empty parameter', '', null],
    ['a last piece that is not a number', 'werkzeug-abc', null],
    ['a trailing dash', 'werkzeug-', null],
    ['zero is no id', 'werkzeug-0', null],
    ['a decimal is no id', 'werkzeug-1.5', null],
    ['an id too large to be exact', 'werkzeug-99999999999999999999', null],
  ])('%s', (_sentence, param, expected) => {
    expect(categoryIdFrom(param)).toBe(expected);
  });
});

describe('productPath', () => {
  it.each([
    ['"The sku is the variant sku if any"', { _id: 17, sku: 'HW-100', variantSku: 'HW-100-RED' }, '/product/17?sku=HW-100-RED'],
    ['"… else the sku"', { _id: 17, sku: 'HW-100' }, '/product/17?sku=HW-100'],
    ['an empty variant sku counts as none', { _id: 17, sku: 'HW-100', variantSku: '' }, '/product/17?sku=HW-100'],
    ['a sku is encoded for the query', { _id: 3, sku: 'A&B 1/2' }, '/product/3?sku=A%26B%201%2F2'],
  ])('%s', (_sentence, product, expected) => {
    expect(productPath(product)).toBe(expected);
  });
});

describe('productIdFrom', () => {
  it.each([
    ['"The link is /product/{id}"', '17', 17],
    ['"The id is cut at the first dash"', '17-hammer-500-g', 17],
    ['"Optional parameter"', undefined, null],
    ['a parameter that starts with text', 'hammer-17', null],
    ['a leading dash', '-17', null],
    ['zero is no id', '0', null],
    ['an id past the databases’ integer is none', '2147483648-hammer', null],
    ['a leading zero is no id', '017-hammer', null],
  ])('%s', (_sentence, param, expected) => {
    expect(productIdFrom(param)).toBe(expected);
  });
});
