import { describe, expect, it } from 'vitest';
import { translations } from './test-catalogues.ts';

describe('the translation catalogues', () => {
  const de = translations.de as Record<string, string>;
  const en = translations.en as Record<string, string>;

  it('have the same keys in German and English', () => {
    expect(Object.keys(en).filter((key) => !(key in de))).toEqual([]);
    expect(Object.keys(de).filter((key) => !(key in en))).toEqual([]);
  });

  it('have no empty texts', () => {
    for (const [locale, catalogue] of Object.entries({ de, en })) {
      expect(Object.entries(catalogue).filter(([, text]) => text.trim() === '').map(([key]) => `${locale}:${key}`)).toEqual([]);
    }
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const mismatched = Object.keys(de).filter((key) => JSON.stringify(placeholders(de[key]!)) !== JSON.stringify(placeholders(en[key] ?? '')));
    expect(mismatched).toEqual([]);
  });

  it('carry the spec’s texts for the messages it fixes', () => {
    expect(en['login.invalid']).toBe('Username or password is not valid. Please try again.');
    expect(en['login.blocked']).toBe('Your account is blocked. Please contact your Sales Manager');
    expect(en['error.page.not_found']).toBe('This page could not be found');
  });
});

describe('the API’s message keys', () => {
  it('are all translated', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '..', 'server');
    const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const keys = new Set<string>();
    for (const file of files) {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      for (const match of source.matchAll(/'((?:error|validation|login)\.[a-z_]+(?:\.[a-z_]+)*)'/g)) keys.add(match[1]!);
    }
    expect(keys.size).toBeGreaterThan(10);
    const de = translations.de as Record<string, string>;
    const en = translations.en as Record<string, string>;
    expect([...keys].filter((key) => !(key in de) || !(key in en))).toEqual([]);
  });
});
