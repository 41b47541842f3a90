import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de/translation.json' with { type: 'json' };
import en from '../../../locales/en/translation.json' with { type: 'json' };

// Every message key the order-sheet readers and judge answer with has a German and an English sentence,
// and every placeholder of one is in the other.

const sources = ['../../../core/order-sheet-paste.ts', './order-sheet-judge.ts', './order-sheet.service.ts', './order-sheet-confirm-plan.ts'];
const keys = [...new Set(sources.flatMap((source) => readFileSync(new URL(source, import.meta.url), 'utf8').match(/'orderSheet\.[A-Za-z.]+'/g) ?? []))].map((key) => key.slice(1, -1));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('order-sheet messages', () => {
  it('finds the keys in the sources', () => {
    expect(keys.length).toBeGreaterThan(20);
  });

  it.each(keys)('%s is said in German and English with the same placeholders', (key) => {
    const german = (de as Record<string, string>)[key];
    const english = (en as Record<string, string>)[key];
    expect(german, 'de').toBeTypeOf('string');
    expect(english, 'en').toBeTypeOf('string');
    expect(placeholders(german!)).toEqual(placeholders(english!));
  });
});
