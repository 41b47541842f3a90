// Text a request may carry: no NUL and no other control character, which databases refuse
// (PostgreSQL cannot store NUL in text) and no person types. Multi-line fields (notes, messages) keep
// their tabs and line breaks.

const tab = 9;
const lineFeed = 10;
const carriageReturn = 13;
const del = 127;

export function hasControlCharacters(text: string, options: { multiLine?: boolean } = {}): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 32 && code !== del) continue;
    if (options.multiLine && (code === tab || code === lineFeed || code === carriageReturn)) continue;
    return true;
  }
  return false;
}
