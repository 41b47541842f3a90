import { describe, expect, it } from 'vitest';
import { foldForSearch, indexCustomers, searchCustomers, translatedCompanyName, type ServedCompany } from './customer-search.ts';

const companies: ServedCompany[] = [
  { id: 1, customerNo: '10001', name: 'Muster Baubedarf GmbH' },
  { id: 2, customerNo: '10002', name: 'Alpen Handel AG' },
  { id: 3, customerNo: '10003', name: 'Werkstatt Meier KG' },
  { id: 4, customerNo: '20010', name: 'Müller Holzbau e.K.' },
  { id: 5, customerNo: '30100', name: 'Baumarkt Nord GmbH' },
  { id: 6, customerNo: '40001', name: 'Holz & Bau 10001 KG' },
  { id: 7, customerNo: '50000', name: 'Café Éclair OHG' },
];
const index = indexCustomers(companies);
const ids = (term: string, limit = 50) => searchCustomers(index, term, limit).map((company) => company.id);

describe('searchCustomers', () => {
  it('lists the first companies by name for an empty term', () => {
    // German order: Müller before Muster.
    expect(ids('')).toEqual([2, 5, 7, 6, 4, 1, 3]);
    expect(ids('   ', 3)).toEqual([2, 5, 7]);
  });

  it('puts customer numbers starting with the term first, then names containing it', () => {
    // 10001 … 10003 by number, then the name with "10001" in it.
    expect(ids('1000')).toEqual([1, 2, 3, 6]);
    expect(ids('10001')).toEqual([1, 6]);
  });

  it('ranks a name starting with the term before a word starting with it before any part of a name', () => {
    // "Baumarkt" starts the name; "Baubedarf" and "Bau" start a word; "Holzbau" has it inside.
    expect(ids('bau')).toEqual([5, 6, 1, 4]);
  });

  it('ignores case, accents and how umlauts are typed', () => {
    for (const term of ['MÜLLER', 'mueller', 'mül', 'mul', 'Muell']) expect(ids(term)).toEqual([4]);
    expect(ids('eclair')).toEqual([7]);
    expect(ids('CAFÉ')).toEqual([7]);
  });

  it('finds a part of a customer number that is not its start', () => {
    expect(ids('0100')).toEqual([5]);
  });

  it('answers at most the limit, and nothing for a term nobody matches', () => {
    expect(ids('1', 2)).toEqual([1, 2]);
    expect(ids('zzz')).toEqual([]);
  });

  it('treats LIKE wildcards as plain characters', () => {
    expect(ids('%')).toEqual([]);
    expect(ids('_')).toEqual([]);
    expect(ids('&')).toEqual([6]);
  });
});

describe('foldForSearch and translatedCompanyName', () => {
  it('folds what a user types into one spelling', () => {
    expect(foldForSearch('  Straße  Ärger ')).toBe('strasse aerger');
  });

  it('shows the customer number before the name', () => {
    expect(translatedCompanyName(companies[0]!)).toBe('10001 · Muster Baubedarf GmbH');
  });
});
