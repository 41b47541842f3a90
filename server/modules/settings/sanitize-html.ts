import type sanitize from 'sanitize-html';

// HTML from the settings (maintenance notice, content blocks) is written by the wholesaler's staff
// but still passes through an allow-list: no scripts, no event handlers, no javascript: links.
const options: sanitize.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'a', 'span', 'div', 'img', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['lang'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
};

// Loaded with the first content or maintenance page, not at start: it brings a whole HTML and CSS parser.
export async function sanitizeSettingsHtml(html: string): Promise<string> {
  const { default: sanitize } = await import('sanitize-html');
  return sanitize(html, { ...options, transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }) } });
}
