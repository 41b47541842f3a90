import { EngineError } from './errors.ts';
import { isPlainObject, isStringList, refuseUnknownFields } from './json.ts';
import { now, type IndexState } from './state.ts';

// Index settings: Meilisearch's defaults, checked and applied updates, and reading the ones the search obeys.
// All settings are stored and given back; only those read here (and maxTotalHits, read by the search) act.

function defaultSettings(): Record<string, unknown> {
  return {
    displayedAttributes: ['*'],
    searchableAttributes: ['*'],
    filterableAttributes: [],
    sortableAttributes: [],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
    stopWords: [],
    nonSeparatorTokens: [],
    separatorTokens: [],
    dictionary: [],
    synonyms: {},
    distinctAttribute: null,
    proximityPrecision: 'byWord',
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 }, disableOnWords: [], disableOnAttributes: [] },
    faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { '*': 'alpha' } },
    pagination: { maxTotalHits: 1000 },
    searchCutoffMs: null,
  };
}

const settingNames = Object.keys(defaultSettings());
const listSettingNames = ['displayedAttributes', 'searchableAttributes', 'filterableAttributes', 'sortableAttributes', 'rankingRules', 'stopWords', 'nonSeparatorTokens', 'separatorTokens', 'dictionary'];
/** Object settings Meilisearch updates field by field; the others are replaced whole. */
const mergedSettingNames = ['typoTolerance', 'faceting', 'pagination'];

export const effectiveSettings = (index: IndexState) => ({ ...defaultSettings(), ...index.settings });

export function readSettingsPatch(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw new EngineError(400, 'bad_request', 'Invalid value type: expected an object.');
  refuseUnknownFields(body, settingNames);
  for (const name of listSettingNames) {
    const value = body[name];
    if (value !== undefined && value !== null && !isStringList(value)) {
      const code = `invalid_settings_${name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
      throw new EngineError(400, code, `Invalid value type at \`.${name}\`: expected an array of strings, but found \`${JSON.stringify(value)}\`.`);
    }
  }
  return body;
}

export function applySettings(index: IndexState, patch: Record<string, unknown>) {
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete index.settings[name];
    else if (mergedSettingNames.includes(name) && isPlainObject(value)) index.settings[name] = { ...(effectiveSettings(index)[name] as object), ...value };
    else index.settings[name] = structuredClone(value);
  }
  index.updatedAt = now();
}

export const attributeList = (settings: Record<string, unknown>, name: string) => (settings[name] as string[] | null) ?? [];

/** From the typoTolerance setting: how long a query word must be for a typo in an attribute. */
export function typoMinLengthFor(settings: Record<string, unknown>): (attribute: string) => number {
  const tolerance = settings.typoTolerance as { enabled?: boolean; minWordSizeForTypos?: { oneTypo?: number }; disableOnAttributes?: string[] };
  return (attribute) =>
    tolerance.enabled === false || tolerance.disableOnAttributes?.includes(attribute) ? Infinity : (tolerance.minWordSizeForTypos?.oneTypo ?? 5);
}

