import { EngineError, internalError } from './errors.ts';
import { checkFilterable, matchesFilter, parseFilter } from './filter.ts';
import { requireIndex } from './index-store.ts';
import { field, isCount, isPlainObject, isString, isStringList, refuseUnknownFields } from './json.ts';
import { attributeList, effectiveSettings, typoMinLengthFor } from './settings.ts';
import type { Answer, Document, EngineState } from './state.ts';
import type { Grant } from './tenant-token.ts';
import { foldedWords, highlight, matchWord } from './text.ts';

// Search: the parameters (a parameter the fake does not implement is refused rather than ignored), filtering,
// matching and ranking, paging up to maxTotalHits, and the hits with their `_formatted` highlighting.

const searchParameterNames = ['q', 'offset', 'limit', 'filter', 'attributesToHighlight', 'highlightPreTag', 'highlightPostTag', 'matchingStrategy', 'attributesToRetrieve'] as const;

const isMatchingStrategy = (value: unknown): value is string => value === 'last' || value === 'all' || value === 'frequency';

function readSearchParameters(body: unknown) {
  if (!isPlainObject(body)) throw new EngineError(400, 'bad_request', 'Invalid value type: expected an object.');
  refuseUnknownFields(body, searchParameterNames);
  // Checked only: "last" would drop query words from the end when nothing matches them all; the fake always wants all.
  field(body, 'matchingStrategy', 'last', isMatchingStrategy, 'invalid_search_matching_strategy', 'one of `last`, `all`, `frequency`');
  return {
    q: field(body, 'q', '', isString, 'invalid_search_q', 'a string'),
    offset: field(body, 'offset', 0, isCount, 'invalid_search_offset', 'a positive integer'),
    limit: field(body, 'limit', 20, isCount, 'invalid_search_limit', 'a positive integer'),
    filter: body.filter,
    attributesToHighlight: field<string[] | undefined>(body, 'attributesToHighlight', undefined, isStringList, 'invalid_search_attributes_to_highlight', 'an array of strings'),
    attributesToRetrieve: field(body, 'attributesToRetrieve', ['*'], isStringList, 'invalid_search_attributes_to_retrieve', 'an array of strings'),
    tags: {
      pre: field(body, 'highlightPreTag', '<em>', isString, 'invalid_search_highlight_pre_tag', 'a string'),
      post: field(body, 'highlightPostTag', '</em>', isString, 'invalid_search_highlight_post_tag', 'a string'),
    },
  };
}

type SearchParameters = ReturnType<typeof readSearchParameters>;

/** Every string in a value (numbers as their text), as Meilisearch indexes arrays and nested objects. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (isPlainObject(value)) return Object.values(value).flatMap(textsOf);
  return [];
}

/** How well a document matches, by Meilisearch's default ranking rules as far as the fake follows them. */
interface Relevance {
  /** Query words found only with a typo (the `typo` rule: fewer first). */
  typos: number;
  /** Position of the first searchable attribute a query word is found in (the `attribute` rule: earlier first). */
  attribute: number;
  /** Query words equal to a document word (the `exactness` rule: more first). */
  exact: number;
}

/** Undefined when some query word matches no word of the searchable attributes. */
function relevance(document: Document, queryWords: string[], searchable: string[], typoMinLength: (attribute: string) => number): Relevance | undefined {
  const attributes = searchable.includes('*') ? Object.keys(document) : searchable;
  const fields = attributes.map((attribute) => ({ words: new Set(textsOf(document[attribute]).flatMap(foldedWords)), typoMinLength: typoMinLength(attribute) }));
  const result: Relevance = { typos: 0, attribute: Number.MAX_SAFE_INTEGER, exact: 0 };
  for (const query of queryWords) {
    let exact = false;
    let foundAt: number | undefined;
    let foundWithTypoAt: number | undefined;
    for (const [position, field] of fields.entries()) {
      for (const word of field.words) {
        const match = matchWord(query, word, field.typoMinLength);
        if (match === 'exact') exact = true;
        if (match === 'typo') foundWithTypoAt ??= position;
        else if (match !== undefined) foundAt ??= position;
      }
    }
    const position = foundAt ?? foundWithTypoAt;
    if (position === undefined) return undefined;
    if (foundAt === undefined) result.typos++;
    if (exact) result.exact++;
    result.attribute = Math.min(result.attribute, position);
  }
  return result;
}

const byRelevance = (a: Relevance & { position: number }, b: Relevance & { position: number }) =>
  a.typos - b.typos || a.attribute - b.attribute || b.exact - a.exact || a.position - b.position;

/** A value as `_formatted` shows it: numbers as text (as Meilisearch does), strings highlighted when asked. */
function formatValue(value: unknown, mark: ((text: string) => string) | undefined): unknown {
  if (typeof value === 'string') return mark ? mark(value) : value;
  if (typeof value === 'number') return mark ? mark(String(value)) : String(value);
  if (Array.isArray(value)) return value.map((item) => formatValue(item, mark));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, formatValue(item, mark)]));
  return value;
}

/** A hit as Meilisearch returns it: the retrieved displayed attributes, and `_formatted` when highlighting was asked for. */
function formatHit(document: Document, parameters: SearchParameters, settings: Record<string, unknown>, queryWords: string[]): Document {
  const displayedList = attributeList(settings, 'displayedAttributes');
  const displayed = Object.keys(document).filter((key) => displayedList.includes('*') || displayedList.includes(key));
  const selected = (names: string[]) => displayed.filter((key) => names.includes('*') || names.includes(key));
  const retrieved = selected(parameters.attributesToRetrieve);
  const hit: Document = Object.fromEntries(retrieved.map((key) => [key, document[key]]));
  if (parameters.attributesToHighlight) {
    const highlighted = selected(parameters.attributesToHighlight);
    const typoMinLength = typoMinLengthFor(settings);
    const markIn = (key: string) => (text: string) => highlight(text, queryWords, parameters.tags, typoMinLength(key));
    const formattedKeys = displayed.filter((key) => retrieved.includes(key) || highlighted.includes(key));
    hit._formatted = Object.fromEntries(formattedKeys.map((key) => [key, formatValue(document[key], highlighted.includes(key) ? markIn(key) : undefined)]));
  }
  return hit;
}

export function search(state: EngineState, uid: string, body: unknown, grant: Grant): Answer {
  const startedAt = performance.now();
  if (state.searchFailing) throw internalError('internal');
  const index = requireIndex(state, uid);
  const parameters = readSearchParameters(body);
  const settings = effectiveSettings(index);
  const filters = [parseFilter(grant.filter), parseFilter(parameters.filter)].filter((node) => node !== undefined);
  for (const node of filters) checkFilterable(node, attributeList(settings, 'filterableAttributes'));
  const queryWords = foldedWords(parameters.q);
  const searchable = attributeList(settings, 'searchableAttributes');
  const typoMinLength = typoMinLengthFor(settings);
  const matches: (Relevance & { document: Document; position: number })[] = [];
  let position = 0;
  for (const document of index.documents.values()) {
    position++;
    if (!filters.every((node) => matchesFilter(document, node))) continue;
    const found = relevance(document, queryWords, searchable, typoMinLength);
    if (found) matches.push({ ...found, document, position });
  }
  matches.sort(byRelevance);
  // Meilisearch stops counting (and serving) at maxTotalHits.
  const reachable = matches.slice(0, (settings.pagination as { maxTotalHits: number }).maxTotalHits);
  const hits = reachable.slice(parameters.offset, parameters.offset + parameters.limit).map(({ document }) => formatHit(document, parameters, settings, queryWords));
  return {
    status: 200,
    body: { hits, query: parameters.q, processingTimeMs: Math.round(performance.now() - startedAt), limit: parameters.limit, offset: parameters.offset, estimatedTotalHits: reachable.length },
  };
}
