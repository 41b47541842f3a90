/** A JSON text column read back; a broken or empty value counts as `fallback` rather than failing the request. */
export function parseJsonColumn<T>(text: string | null, fallback: T): T {
  if (text === null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
