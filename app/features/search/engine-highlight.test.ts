import { describe, expect, it } from 'vitest';
import { engineHighlightPostTag as post, engineHighlightPreTag as pre, untagHighlights } from './engine-highlight';
import { splitHighlights } from './highlight';

/** The untagged text with its ranges in brackets, to read results at a glance. */
const marked = (tagged: string) => {
  const { text, ranges } = untagHighlights(tagged);
  return splitHighlights(text, ranges)
    .map((piece) => (piece.match ? `[${piece.text}]` : piece.text))
    .join('');
};

describe('untagHighlights', () => {
  it('reads one mark out of a name', () => {
    expect(untagHighlights(`Alpenkraft ${pre}Akku${post}-Bohrschrauber 12 V`)).toEqual({ text: 'Alpenkraft Akku-Bohrschrauber 12 V', ranges: [[11, 15]] });
  });

  it('reads several marks, at the start, in the middle and at the end', () => {
    expect(untagHighlights(`${pre}MAT${post}-${pre}002${post}4${pre}85${post}`)).toEqual({ text: 'MAT-002485', ranges: [[0, 3], [4, 7], [8, 10]] });
    expect(marked(`${pre}Bohrer${post}`)).toBe('[Bohrer]');
  });

  it('gives a text without tags back unchanged, without ranges', () => {
    expect(untagHighlights('Holzschraube 4 x 40')).toEqual({ text: 'Holzschraube 4 x 40', ranges: [] });
    expect(untagHighlights('')).toEqual({ text: '', ranges: [] });
  });

  it('joins marks that touch, and leaves out empty ones', () => {
    expect(untagHighlights(`${pre}Akku${post}${pre}-Bohr${post}er`)).toEqual({ text: 'Akku-Bohrer', ranges: [[0, 9]] });
    expect(untagHighlights(`Ak${pre}${post}ku`)).toEqual({ text: 'Akku', ranges: [] });
    expect(untagHighlights(`${pre}Ak${post}${pre}${post}ku`)).toEqual({ text: 'Akku', ranges: [[0, 2]] });
  });

  it('survives tags out of order: a repeated opening tag, a stray closing tag, an unclosed mark', () => {
    expect(marked(`${pre}Ak${pre}ku${post} Bohrer`)).toBe('[Akku] Bohrer');
    expect(marked(`Akku${post} ${pre}Bohr${post}er${post}`)).toBe('Akku [Bohr]er');
    expect(marked(`Akku ${pre}Bohrer`)).toBe('Akku [Bohrer]');
    expect(untagHighlights(`${pre}${post}${post}${pre}`)).toEqual({ text: '', ranges: [] });
  });

  it('counts UTF-16 code units and keeps umlauts and markup characters as text', () => {
    expect(untagHighlights(`${pre}𝔸k${post}ku`)).toEqual({ text: '𝔸kku', ranges: [[0, 3]] });
    expect(marked(`<b>${pre}Dübel${post}</b>`)).toBe('<b>[Dübel]</b>');
    expect(marked(`Schlüssel${pre}bund${post}`)).toBe('Schlüssel[bund]');
  });
});
