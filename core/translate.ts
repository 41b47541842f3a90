// The shop's translator: flat catalogues whose keys are the spec's dotted codes, `{{name}}`
// placeholders, and plural forms as `key_one` / `key_other` chosen by Intl.PluralRules when a numeric
// `count` is given. Missing keys fall back to German, then to the key itself (never to nothing).

export type Catalogue = Readonly<Record<string, string>>;
export type TranslateParams = Readonly<Record<string, string | number | null | undefined>>;
export type Translate = (key: string, params?: TranslateParams) => string;

const placeholder = /{{\s*(\w+)\s*}}/g;

export function interpolate(text: string, params: TranslateParams): string {
  return text.replace(placeholder, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

export function createTranslator(locale: string, catalogue: Catalogue, fallback: Catalogue = {}): Translate {
  const plurals = new Intl.PluralRules(locale);
  return (key, params = {}) => {
    const count = params.count;
    const pluralKey = typeof count === 'number' ? `${key}_${plurals.select(count)}` : undefined;
    const text =
      (pluralKey && (catalogue[pluralKey] ?? fallback[pluralKey])) ?? catalogue[key] ?? fallback[key] ?? key;
    return interpolate(text, params);
  };
}
