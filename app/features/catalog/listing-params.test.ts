import { describe, expect, it } from 'vitest';
import { listingSearch, readListingParams, toggledAttributeSearch, withoutAttributesSearch } from './listing-params';

const search = (query: string) => new URLSearchParams(query);

describe('reading the category page URL', () => {
  it('reads toggles, view, page and attribute filters', () => {
    expect(readListingParams(search('page=3&stockAvail=1&preOrder=1&view=grid&attr[Farbe]=Rot&attr[Farbe]=Blau&attr[Größe]=M'))).toEqual({
      page: 3,
      stockAvail: true,
      preOrder: true,
      view: 'grid',
      attributes: [
        { name: 'Farbe', values: ['Rot', 'Blau'] },
        { name: 'Größe', values: ['M'] },
      ],
    });
  });

  it.each([
    ['nothing', '', 1, null],
    ['a page that is not a number', 'page=abc', 1, null],
    ['page zero', 'page=0', 1, null],
    ['a fraction', 'page=2.5', 1, null],
    ['an unknown view', 'view=table', 1, null],
    ['the list view', 'view=list&page=2', 2, 'list'],
  ])('falls back for %s', (_, query, page, view) => {
    const params = readListingParams(search(query));
    expect(params.page).toBe(page);
    expect(params.view).toBe(view);
  });

  it('ignores empty and repeated attribute values and flags other than 1', () => {
    const params = readListingParams(search('attr[Farbe]=&attr[Farbe]=Rot&attr[Farbe]=Rot&attr[]=x&stockAvail=true'));
    expect(params.attributes).toEqual([{ name: 'Farbe', values: ['Rot'] }]);
    expect(params.stockAvail).toBe(false);
  });
});

describe('changing the category page URL', () => {
  it('starts again at page 1 on any change but paging', () => {
    expect(listingSearch(search('page=4&view=grid'), { stockAvail: '1' })).toBe('?view=grid&stockAvail=1');
    expect(listingSearch(search('page=4&stockAvail=1'), { stockAvail: null })).toBe('');
  });

  it('pages without losing the other parameters, and leaves page 1 out', () => {
    expect(listingSearch(search('stockAvail=1'), { page: '2' })).toBe('?stockAvail=1&page=2');
    expect(listingSearch(search('stockAvail=1&page=2'), { page: '1' })).toBe('?stockAvail=1');
  });

  it('switches attribute values on and off', () => {
    const on = toggledAttributeSearch(search('page=2&attr[Farbe]=Rot'), 'Farbe', 'Blau');
    expect(decodeURIComponent(on)).toBe('?attr[Farbe]=Rot&attr[Farbe]=Blau');
    const off = toggledAttributeSearch(search(on.slice(1)), 'Farbe', 'Rot');
    expect(decodeURIComponent(off)).toBe('?attr[Farbe]=Blau');
    expect(withoutAttributesSearch(search('view=grid&attr[Farbe]=Blau&page=3'))).toBe('?view=grid');
  });
});
