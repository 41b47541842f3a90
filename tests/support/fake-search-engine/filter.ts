import { EngineError } from './errors.ts';
import { isStringList } from './json.ts';
import type { Document } from './state.ts';

// Filters: Meilisearch's expression language (a subset) and its array form, parsed into a tree and evaluated
// against documents. Search filters and tenant-token filters go through the same parser, as in Meilisearch.

const invalidFilter = (message: string) => new EngineError(400, 'invalid_search_filter', message);

type Comparison = '=' | '>' | '>=' | '<' | '<=';

type FilterNode =
  | { kind: 'and' | 'or'; items: FilterNode[] }
  | { kind: 'not'; item: FilterNode }
  | { kind: 'compare'; attribute: string; operator: Comparison; value: string }
  | { kind: 'in'; attribute: string; values: string[] };

interface Token {
  kind: 'word' | 'quoted' | 'symbol';
  text: string;
}

const keywords = ['AND', 'OR', 'NOT', 'IN'];

function tokenize(source: string, fail: (message: string) => never): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const rest = source.slice(index);
    const space = /^\s+/.exec(rest);
    const symbol = /^(!=|>=|<=|=|>|<|\(|\)|\[|\]|,)/.exec(rest);
    const bare = /^[^\s()[\],=!<>'"]+/.exec(rest);
    if (space) {
      index += space[0].length;
    } else if (symbol) {
      tokens.push({ kind: 'symbol', text: symbol[0] });
      index += symbol[0].length;
    } else if (rest[0] === '"' || rest[0] === "'") {
      const quoted = new RegExp(`^${rest[0]}((?:\\\\.|[^\\\\${rest[0]}])*)${rest[0]}`).exec(rest);
      if (!quoted) fail(`an unclosed quote at position ${index}`);
      tokens.push({ kind: 'quoted', text: quoted[1]!.replace(/\\(.)/g, '$1') });
      index += quoted[0].length;
    } else if (bare) {
      tokens.push({ kind: 'word', text: bare[0] });
      index += bare[0].length;
    } else {
      fail(`an unexpected \`${rest[0]}\` at position ${index}`);
    }
  }
  return tokens;
}

/** One filter expression; undefined for an empty one, which Meilisearch treats as no filter. */
function parseFilterExpression(source: string): FilterNode | undefined {
  const fail = (message: string): never => {
    throw invalidFilter(`Invalid syntax for the filter parameter: ${message} in \`${source}\`.`);
  };
  const tokens = tokenize(source, fail);
  if (tokens.length === 0) return undefined;
  let position = 0;
  const isKeyword = (word: string) => tokens[position]?.kind === 'word' && tokens[position]?.text === word;
  const isSymbol = (text: string) => tokens[position]?.kind === 'symbol' && tokens[position]?.text === text;
  const expectSymbol = (text: string) => {
    if (!isSymbol(text)) fail(`\`${text}\` expected at token ${position + 1}`);
    position++;
  };
  const expectValue = (what: string): string => {
    const token = tokens[position];
    if (!token || token.kind === 'symbol' || (token.kind === 'word' && keywords.includes(token.text))) fail(`${what} expected at token ${position + 1}`);
    position++;
    return token!.text;
  };
  const list = (): string[] => {
    expectSymbol('[');
    const values: string[] = [];
    while (!isSymbol(']')) {
      values.push(expectValue('a value'));
      if (!isSymbol(']')) expectSymbol(',');
    }
    position++;
    return values;
  };
  const condition = (): FilterNode => {
    const attribute = expectValue('an attribute');
    const operator = tokens[position];
    position++;
    if (operator?.kind === 'symbol' && operator.text === '!=') return { kind: 'not', item: { kind: 'compare', attribute, operator: '=', value: expectValue('a value') } };
    if (operator?.kind === 'symbol' && ['=', '>', '>=', '<', '<='].includes(operator.text)) {
      return { kind: 'compare', attribute, operator: operator.text as Comparison, value: expectValue('a value') };
    }
    if (operator?.kind === 'word' && operator.text === 'IN') return { kind: 'in', attribute, values: list() };
    if (operator?.kind === 'word' && operator.text === 'NOT' && isKeyword('IN')) {
      position++;
      return { kind: 'not', item: { kind: 'in', attribute, values: list() } };
    }
    return fail(`an operator (=, !=, >, >=, <, <=, IN, NOT IN) expected after \`${attribute}\``);
  };
  const primary = (): FilterNode => {
    if (!isSymbol('(')) return condition();
    position++;
    const node = disjunction();
    expectSymbol(')');
    return node;
  };
  const negation = (): FilterNode => {
    if (!isKeyword('NOT')) return primary();
    position++;
    return { kind: 'not', item: negation() };
  };
  const sequence = (keyword: 'AND' | 'OR', kind: 'and' | 'or', item: () => FilterNode) => (): FilterNode => {
    const items = [item()];
    while (isKeyword(keyword)) {
      position++;
      items.push(item());
    }
    return items.length === 1 ? items[0]! : { kind, items };
  };
  // AND binds tighter than OR.
  const conjunction = sequence('AND', 'and', negation);
  const disjunction = sequence('OR', 'or', conjunction);
  const node = disjunction();
  if (position < tokens.length) fail(`an unexpected \`${tokens[position]!.text}\` at token ${position + 1}`);
  return node;
}

/** A `filter` as a search (or a tenant token's rule) gives it: an expression, or an array of them ANDed whose nested arrays are ORed. */
export function parseFilter(filter: unknown): FilterNode | undefined {
  if (filter === undefined || filter === null) return undefined;
  if (typeof filter === 'string') return parseFilterExpression(filter);
  if (!Array.isArray(filter)) throw invalidFilter('Invalid value type: expected a string or an array for the filter parameter.');
  const items = filter.flatMap((item): FilterNode[] => {
    if (typeof item === 'string') return [parseFilterExpression(item)].filter((node) => node !== undefined);
    if (!isStringList(item)) throw invalidFilter('Invalid value type: a filter array holds strings or arrays of strings.');
    const alternatives = item.map(parseFilterExpression).filter((node) => node !== undefined);
    return alternatives.length === 0 ? [] : [{ kind: 'or', items: alternatives }];
  });
  return items.length === 0 ? undefined : { kind: 'and', items };
}

function filterAttributes(node: FilterNode): string[] {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.items.flatMap(filterAttributes);
    case 'not':
      return filterAttributes(node.item);
    default:
      return [node.attribute];
  }
}

export function checkFilterable(node: FilterNode, filterable: string[]) {
  const attribute = filterAttributes(node).find((name) => !filterable.includes(name));
  if (attribute === undefined) return;
  const available =
    filterable.length === 0 ? 'This index does not have configured filterable attributes.' : `Available filterable attributes are: \`${filterable.join(', ')}\`.`;
  throw invalidFilter(`Attribute \`${attribute}\` is not filterable. ${available}`);
}

/** The scalar values of a document attribute; an array contributes each element. */
function scalarsOf(value: unknown): (string | number | boolean)[] {
  if (Array.isArray(value)) return value.flatMap(scalarsOf);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [value] : [];
}

function asNumber(value: string | number | boolean): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Numbers compare as numbers; everything else by its text, without regard to case as Meilisearch does. */
function compareValues(documentValue: string | number | boolean, filterValue: string): number {
  const left = asNumber(documentValue);
  const right = asNumber(filterValue);
  if (left !== undefined && right !== undefined) return left - right;
  const leftText = String(documentValue).toLowerCase();
  const rightText = filterValue.toLowerCase();
  return leftText < rightText ? -1 : leftText > rightText ? 1 : 0;
}

const comparisons: Record<Comparison, (order: number) => boolean> = {
  '=': (order) => order === 0,
  '>': (order) => order > 0,
  '>=': (order) => order >= 0,
  '<': (order) => order < 0,
  '<=': (order) => order <= 0,
};

export function matchesFilter(document: Document, node: FilterNode): boolean {
  switch (node.kind) {
    case 'and':
      return node.items.every((item) => matchesFilter(document, item));
    case 'or':
      return node.items.some((item) => matchesFilter(document, item));
    case 'not':
      return !matchesFilter(document, node.item);
    case 'compare':
      return scalarsOf(document[node.attribute]).some((value) => comparisons[node.operator](compareValues(value, node.value)));
    case 'in':
      return scalarsOf(document[node.attribute]).some((value) => node.values.some((candidate) => compareValues(value, candidate) === 0));
  }
}
