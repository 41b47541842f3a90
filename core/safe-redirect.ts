import { hasControlCharacters } from './input-text.ts';

// Where a request may send the browser next: only a path of this shop, judged the way a
// browser will read it. Browsers drop tabs and newlines anywhere in a URL, strip leading control
// characters and spaces, and read a backslash as a slash, so "/\example.com", "/\t/example.com" and
// "/.//example.com" all lead to another site although they start with one slash.

const probeOrigin = 'http://shop.invalid';
const maxTargetLength = 2048;

/** The same-origin path `value` names (normalised as a browser would), else `fallback`. */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > maxTargetLength) return fallback;
  // Nothing a browser would silently drop or reinterpret: the target is taken exactly as written or not at all.
  if (hasControlCharacters(value) || value.includes(' ') || value.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== probeOrigin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that resolved to "//host" would be read as another site when sent as Location.
  return path.startsWith('//') ? fallback : path;
}
