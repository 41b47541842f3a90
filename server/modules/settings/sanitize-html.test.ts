import { describe, expect, it } from 'vitest';
import { sanitizeSettingsHtml } from './sanitize-html.ts';

describe('sanitizeSettingsHtml', () => {
  it('keeps headings, paragraphs and safe links', async () => {
    expect(await sanitizeSettingsHtml('<h1>Wartung</h1><p>Bis <strong>14 Uhr</strong>. <a href="https://x.de">Info</a></p>')).toBe(
      '<h1>Wartung</h1><p>Bis <strong>14 Uhr</strong>. <a href="https://x.de" rel="noopener noreferrer">Info</a></p>',
    );
  });

  it('removes scripts, event handlers and javascript: links', async () => {
    const html = await sanitizeSettingsHtml('<p onclick="alert(1)">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>');
    expect(html).not.toMatch(/script|onclick|javascript/i);
    expect(html).toContain('<p>Hi</p>');
  });
});
