import { describe, expect, it } from 'vitest';
import { createTranslator } from './translate.ts';

const de = { 'cart.items_one': '{{count}} Artikel', 'cart.items_other': '{{count}} Artikel', 'hello': 'Hallo {{name}}', 'only.de': 'Nur deutsch' };
const en = { 'cart.items_one': '{{count}} item', 'cart.items_other': '{{count}} items', 'hello': 'Hello {{ name }}' };

describe('createTranslator', () => {
  const t = createTranslator('en', en, de);

  it('fills placeholders', () => {
    expect(t('hello', { name: 'Anna' })).toBe('Hello Anna');
  });

  it('leaves a placeholder without a value visible instead of printing undefined', () => {
    expect(t('hello')).toBe('Hello {{ name }}');
  });

  it('chooses the plural form by count', () => {
    expect(t('cart.items', { count: 1 })).toBe('1 item');
    expect(t('cart.items', { count: 3 })).toBe('3 items');
  });

  it('falls back to German, then to the key', () => {
    expect(t('only.de')).toBe('Nur deutsch');
    expect(t('no.such.key')).toBe('no.such.key');
  });
});
