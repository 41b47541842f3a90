// VAT identification numbers (the signup request's VAT id): the format each EU member state gives its
// numbers, as the European Commission's VIES lists them, checked by pattern only (whether a number is
// really issued is for the back office to ask VIES). A number is written with its country's prefix;
// Greece's prefix is EL, not its ISO code GR, and Northern Ireland's traders have XI.
//
// What people type is normalised first: capitals, without spaces, dots and hyphens ("de 123.456.789" →
// "DE123456789"), "GR…" → "EL…", and a number without its prefix gets the company's country's one where
// it then fits ("123456789" in Germany → "DE123456789", "U12345678" in Austria → "ATU12345678").
// Outside the EU any plausible tax number is taken as typed (4 to 20 letters and digits): the shop knows
// no patterns there.

/** The part after the prefix, per prefix. */
const patterns: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  // The first and the last character may be letters or digits, but not both digits.
  ES: /^(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
  FI: /^\d{8}$/,
  // Two check characters (digits or letters other than I and O), then the 9-digit SIREN.
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  // The old format (digit, letter or + or *, five digits, letter) and the current one (7 digits, 1 or 2 letters).
  IE: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^[1-9]\d{7}$/,
  SK: /^[1-9]\d{9}$/,
  XI: /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
};

/** A number of each prefix's format, to show next to the field. */
const examples: Readonly<Record<string, string>> = {
  AT: 'ATU12345678',
  BE: 'BE0123456789',
  BG: 'BG123456789',
  CY: 'CY12345678X',
  CZ: 'CZ12345678',
  DE: 'DE123456789',
  DK: 'DK12345678',
  EE: 'EE123456789',
  EL: 'EL123456789',
  ES: 'ESA1234567B',
  FI: 'FI12345678',
  FR: 'FRAB123456789',
  HR: 'HR12345678901',
  HU: 'HU12345678',
  IE: 'IE1234567WA',
  IT: 'IT12345678901',
  LT: 'LT123456789',
  LU: 'LU12345678',
  LV: 'LV12345678901',
  MT: 'MT12345678',
  NL: 'NL123456789B01',
  PL: 'PL1234567890',
  PT: 'PT123456789',
  RO: 'RO1234567',
  SE: 'SE123456789001',
  SI: 'SI12345678',
  SK: 'SK1234567890',
  XI: 'XI123456789',
};

/** The 27 member states by ISO 3166-1 code, and the prefix of their VAT numbers. */
const euPrefixByCountry: Readonly<Record<string, string>> = Object.fromEntries(
  'AT BE BG CY CZ DE DK EE ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ').map((code) => [code, code]).concat([['GR', 'EL']]),
);

/** The VAT prefix of an EU member state's numbers ("DE", "EL" for Greece); null outside the EU. */
export function vatPrefixOf(countryCode: string): string | null {
  return euPrefixByCountry[countryCode.toUpperCase()] ?? null;
}

/** Whether the country is an EU member state (its companies' numbers have a pattern here). */
export function isEuCountry(countryCode: string): boolean {
  return vatPrefixOf(countryCode) !== null;
}

/** A number in the format of the country's prefix, for the hint next to the field; null outside the EU. */
export function vatIdExample(countryCode: string): string | null {
  const prefix = vatPrefixOf(countryCode);
  return prefix ? (examples[prefix] ?? null) : null;
}

const hasValidPrefix = (value: string) => patterns[value.slice(0, 2)]?.test(value.slice(2)) === true;

/** The number as it is kept: see the head of this file. */
export function normaliseVatId(raw: string, countryCode: string): string {
  const value = raw.toUpperCase().replace(/[\s.-]/g, '');
  if (hasValidPrefix(value)) return value;
  if (value.startsWith('GR') && hasValidPrefix(`EL${value.slice(2)}`)) return `EL${value.slice(2)}`;
  // Without its prefix ("123456789", "U12345678" in Austria): the company's country's, where that fits.
  const prefix = vatPrefixOf(countryCode);
  if (prefix && patterns[prefix]!.test(value)) return `${prefix}${value}`;
  return value;
}

/**
 * Whether a normalised number is valid for a company in the country: an EU prefix's number must have
 * that prefix's format (a company may hold another member state's number); a company in the EU needs
 * an EU number; elsewhere 4 to 20 letters and digits.
 */
export function isValidVatId(normalised: string, countryCode: string): boolean {
  const pattern = patterns[normalised.slice(0, 2)];
  if (pattern) return pattern.test(normalised.slice(2));
  if (isEuCountry(countryCode)) return false;
  return /^[A-Z0-9]{4,20}$/.test(normalised);
}
