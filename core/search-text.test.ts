import { describe, expect, it } from 'vitest';
import { containsSearchWord, correctableWords, foldSearchText, highlightRanges, isWithinOneEdit, searchTotalText, searchWords } from './search-text.ts';

describe('foldSearchText', () => {
  it.each([
    ['Schlüssel', 'schlussel'],
    ['STRASSE', 'strasse'],
    ['Straße', 'strasse'],
    ['Crème Brûlée', 'creme brulee'],
    ['MAT-002485', 'mat-002485'],
    ['Ø 68 mm', 'ø 68 mm'],
  ])('%s → %s', (text, folded) => {
    expect(foldSearchText(text)).toBe(folded);
  });
});

describe('searchWords', () => {
  it.each([
    ['  Holz   Schraube ', ['holz', 'schraube']],
    ['"bohrer"', ['bohrer']],
    ['MAT-002485', ['mat-002485']],
    ['schraube Schraube', ['schraube']],
    ['Größe 2', ['grosse', '2']],
    ['- -', []],
    ['Ø 68', ['ø 68']],
    ['12  V', ['12 v']],
    ['12 V Akku', ['12', 'v', 'akku']],
    ['ab', ['ab']],
    ['eins zwei drei vier fünf sechs sieben acht neun', ['eins', 'zwei', 'drei', 'vier', 'funf', 'sechs', 'sieben', 'acht']],
  ])('%s → %j', (key, words) => {
    expect(searchWords(key)).toEqual(words);
  });
});

describe('highlightRanges', () => {
  it.each([
    ['a word inside a compound', 'Holzschraube 4 × 40', ['schraube'], [[4, 12]]],
    ['every word, sorted', 'Akku-Bohrschrauber 12 V', ['schrauber', 'akku'], [[0, 4], [9, 18]]],
    ['overlapping matches merged', 'Bohrschrauber', ['bohrsch', 'schrauber'], [[0, 13]]],
    ['an umlaut typed without dots', 'Schlüssel', ['schlussel'], [[0, 9]]],
    ['an umlaut typed as ae', 'Schlüssel', ['schluessel'], [[0, 9]]],
    ['ß typed as ss', 'Straßenbesen', ['strasse'], [[0, 6]]],
    ['a sku prefix', 'MAT-002485', ['mat-0024'], [[0, 8]]],
    ['repeated occurrences', 'Rot rot', ['rot'], [[0, 3], [4, 7]]],
    ['nothing found', 'Hammer', ['zange'], []],
    ['no words', 'Hammer', [], []],
  ] as const)('%s', (_case, text, words, expected) => {
    expect(highlightRanges(text, words)).toEqual(expected);
  });
});

describe('isWithinOneEdit', () => {
  it.each([
    ['schraube', 'schraube', true],
    ['schruabe', 'schraube', true],
    ['schraub', 'schraube', true],
    ['schrraube', 'schraube', true],
    ['schreube', 'schraube', true],
    ['xchraube', 'schraube', true],
    ['schraubx', 'schraube', true],
    ['chraube', 'schraube', true],
    ['schraubeee', 'schraube', false],
    ['schrubea', 'schraube', false],
    ['sxhrxube', 'schraube', false],
    ['hammer', 'zange', false],
  ])('%s ~ %s: %s', (a, b, expected) => {
    expect(isWithinOneEdit(a, b)).toBe(expected);
    expect(isWithinOneEdit(b, a)).toBe(expected);
  });
});

describe('correctableWords', () => {
  it('folds a name and keeps its words of five letters or more', () => {
    expect(correctableWords('Alpenkraft Akku-Bohrschrauber 12 V Größe 2')).toEqual(['alpenkraft', 'bohrschrauber', 'grosse']);
  });
});

describe('containsSearchWord', () => {
  it.each([
    ['Sägen & Zubehör', 'sagen', true],
    ['Sägen & Zubehör', 'saegen', true],
    ['Sägen & Zubehör', 'zubehoer', true],
    ['Werkzeug', 'werkzeug', true],
    ['Handwerkzeug', 'werkzeug', true],
    ['Werkzeug', 'zange', false],
  ])('%s contains %s: %s', (text, word, expected) => {
    expect(containsSearchWord(text, word)).toBe(expected);
  });
});

describe('searchTotalText', () => {
  const format = (value: number) => value.toLocaleString('de-DE');
  it.each([
    [0, '0'],
    [26, '26'],
    [999, '999'],
    [1000, '1.000+'],
  ])('%i → %s', (total, text) => {
    expect(searchTotalText(total, format)).toBe(text);
  });
});
