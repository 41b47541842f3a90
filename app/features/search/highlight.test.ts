import { describe, expect, it } from 'vitest';
import { splitHighlights } from './highlight';

const marked = (text: string, ranges: [number, number][]) =>
  splitHighlights(text, ranges)
    .map((piece) => (piece.match ? `[${piece.text}]` : piece.text))
    .join('');

describe('splitHighlights', () => {
  it('marks the ranges of a name', () => {
    expect(splitHighlights('Alpenkraft Akku-Bohrschrauber 12 V', [[11, 15]])).toEqual([
      { text: 'Alpenkraft ', match: false },
      { text: 'Akku', match: true },
      { text: '-Bohrschrauber 12 V', match: false },
    ]);
    expect(marked('MAT-002485', [[0, 3], [4, 7]])).toBe('[MAT]-[002]485');
  });

  it('marks a range at the start, at the end and the whole text', () => {
    expect(marked('Bohrer', [[0, 4]])).toBe('[Bohr]er');
    expect(marked('Bohrer', [[4, 6]])).toBe('Bohr[er]');
    expect(marked('Bohrer', [[0, 6]])).toBe('[Bohrer]');
  });

  it('sorts and merges overlapping and touching ranges', () => {
    expect(marked('Akku-Bohrschrauber', [[5, 9], [0, 4], [2, 6]])).toBe('[Akku-Bohr]schrauber');
    expect(marked('abcdef', [[0, 2], [2, 4]])).toBe('[abcd]ef');
    expect(marked('abcdef', [[1, 5], [2, 3]])).toBe('a[bcde]f');
  });

  it('clamps ranges to the text and drops empty or reversed ones', () => {
    expect(marked('Hammer', [[-3, 2], [4, 99]])).toBe('[Ha]mm[er]');
    expect(marked('Hammer', [[3, 3], [5, 2], [10, 12]])).toBe('Hammer');
    expect(marked('Hammer', [[Number.NaN, 2]])).toBe('[Ha]mmer');
  });

  it('gives the text back unmarked without ranges, and one piece for an empty text', () => {
    expect(splitHighlights('Schraube', [])).toEqual([{ text: 'Schraube', match: false }]);
    expect(splitHighlights('Schraube', undefined)).toEqual([{ text: 'Schraube', match: false }]);
    expect(splitHighlights('', [[0, 2]])).toEqual([{ text: '', match: false }]);
  });

  it('keeps markup characters as text (rendered as text nodes, never as HTML)', () => {
    expect(marked('<b>Dübel</b>', [[3, 8]])).toBe('<b>[Dübel]</b>');
  });

  it('counts UTF-16 code units like the server', () => {
    // "𝔸" is two code units: the range [0, 2) is the whole letter.
    expect(marked('𝔸kku', [[0, 2]])).toBe('[𝔸]kku');
  });
});
