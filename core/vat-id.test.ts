import { describe, expect, it } from 'vitest';
import { isEuCountry, isValidVatId, normaliseVatId, vatIdExample, vatPrefixOf } from './vat-id.ts';

const check = (raw: string, country: string) => isValidVatId(normaliseVatId(raw, country), country);

// Per member state (ISO code of the company's country): numbers of its format, and near misses.
const cases: [country: string, valid: string[], invalid: string[]][] = [
  ['AT', ['ATU12345678'], ['AT12345678', 'ATU1234567', 'ATU123456789']],
  ['BE', ['BE0123456789', 'BE1234567890'], ['BE2234567890', 'BE012345678', 'BE01234567890']],
  ['BG', ['BG123456789', 'BG1234567890'], ['BG12345678', 'BG12345678901']],
  ['CY', ['CY12345678X'], ['CY123456789', 'CY1234567X']],
  ['CZ', ['CZ12345678', 'CZ123456789', 'CZ1234567890'], ['CZ1234567', 'CZ12345678901']],
  ['DE', ['DE123456789'], ['DE12345678', 'DE1234567890', 'DEA23456789']],
  ['DK', ['DK12345678'], ['DK1234567', 'DK123456789']],
  ['EE', ['EE123456789'], ['EE12345678', 'EE1234567890']],
  ['GR', ['EL123456789'], ['EL12345678', 'EL1234567890']],
  ['ES', ['ESA1234567B', 'ESA12345678', 'ES12345678Z'], ['ES123456789', 'ESA123456B', 'ESA12345678X9']],
  ['FI', ['FI12345678'], ['FI1234567', 'FI123456789']],
  ['FR', ['FR12345678901', 'FRAB123456789', 'FR1A123456789'], ['FRIO123456789', 'FR1234567890', 'FRAB12345678']],
  ['HR', ['HR12345678901'], ['HR1234567890', 'HR123456789012']],
  ['HU', ['HU12345678'], ['HU1234567', 'HU123456789']],
  ['IE', ['IE1234567W', 'IE1234567WA', 'IE1A23456B', 'IE1+23456B'], ['IE12345678', 'IE1234567Z', 'IE123456WA']],
  ['IT', ['IT12345678901'], ['IT1234567890', 'IT123456789012']],
  ['LT', ['LT123456789', 'LT123456789012'], ['LT1234567890', 'LT12345678']],
  ['LU', ['LU12345678'], ['LU1234567', 'LU123456789']],
  ['LV', ['LV12345678901'], ['LV1234567890', 'LV123456789012']],
  ['MT', ['MT12345678'], ['MT1234567', 'MT123456789']],
  ['NL', ['NL123456789B01'], ['NL123456789A01', 'NL12345678B01', 'NL123456789B1']],
  ['PL', ['PL1234567890'], ['PL123456789', 'PL12345678901']],
  ['PT', ['PT123456789'], ['PT12345678', 'PT1234567890']],
  ['RO', ['RO12', 'RO1234567', 'RO1234567890'], ['RO1', 'RO0123456', 'RO12345678901']],
  ['SE', ['SE123456789001'], ['SE123456789002', 'SE12345678901']],
  ['SI', ['SI12345678'], ['SI02345678', 'SI1234567']],
  ['SK', ['SK1234567890'], ['SK0234567890', 'SK123456789']],
];

describe('VAT identification numbers of the EU member states', () => {
  it('covers all 27 member states', () => {
    expect(cases).toHaveLength(27);
    for (const [country] of cases) expect(isEuCountry(country)).toBe(true);
  });

  it.each(cases)('%s: its format passes, near misses do not', (country, valid, invalid) => {
    for (const number of valid) expect(check(number, country), number).toBe(true);
    for (const number of invalid) expect(check(number, country), number).toBe(false);
  });

  it('writes Greece with EL: the prefix of its numbers, not its country code', () => {
    expect(vatPrefixOf('GR')).toBe('EL');
    expect(normaliseVatId('GR123456789', 'GR')).toBe('EL123456789');
    expect(normaliseVatId('123456789', 'GR')).toBe('EL123456789');
    expect(check('GR 123 456 789', 'GR')).toBe(true);
    expect(vatIdExample('GR')).toBe('EL123456789');
  });

  it('takes a number as people type it: spaces, dots, hyphens, small letters', () => {
    expect(normaliseVatId(' de 123.456.789 ', 'DE')).toBe('DE123456789');
    expect(normaliseVatId('atu-1234-5678', 'AT')).toBe('ATU12345678');
    expect(normaliseVatId('nl 1234.56789.b01', 'NL')).toBe('NL123456789B01');
  });

  it('adds the country’s prefix where the number fits it, and only then', () => {
    expect(normaliseVatId('123456789', 'DE')).toBe('DE123456789');
    expect(normaliseVatId('U12345678', 'AT')).toBe('ATU12345678');
    // "AT…" that is no Austrian number, in France: the French check characters.
    expect(normaliseVatId('AT123456789', 'FR')).toBe('FRAT123456789');
    expect(normaliseVatId('12345', 'DE')).toBe('12345');
    expect(check('12345', 'DE')).toBe(false);
  });

  it('accepts another member state’s number for a company in the EU, but no other number', () => {
    expect(check('ATU12345678', 'DE')).toBe(true);
    expect(check('CHE123456789', 'DE')).toBe(false);
    expect(check('XX123456789', 'AT')).toBe(false);
  });

  it('knows Northern Ireland’s XI numbers', () => {
    expect(check('XI123456789', 'GB')).toBe(true);
    expect(check('XIGD123', 'GB')).toBe(true);
    expect(check('XI12345', 'GB')).toBe(false);
  });

  it('takes any plausible tax number outside the EU', () => {
    expect(isEuCountry('CH')).toBe(false);
    expect(vatIdExample('CH')).toBeNull();
    expect(normaliseVatId('CHE-123.456.789 MWST', 'CH')).toBe('CHE123456789MWST');
    expect(check('CHE-123.456.789 MWST', 'CH')).toBe(true);
    expect(check('NO 123 456 789 MVA', 'NO')).toBe(true);
    expect(check('AB1', 'CH')).toBe(false);
    expect(check('CH/123', 'CH')).toBe(false);
    expect(check('A'.repeat(21), 'US')).toBe(false);
  });

  it('has an example of every prefix’s format that passes its own check', () => {
    for (const [country] of cases) {
      const example = vatIdExample(country)!;
      expect(example.startsWith(vatPrefixOf(country)!)).toBe(true);
      expect(check(example, country), example).toBe(true);
    }
  });
});
