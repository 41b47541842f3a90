import { AppError } from '../errors.ts';

// NDJSON bodies (`Content-Type: application/x-ndjson`): one JSON value per line, read into the same array
// a JSON body gives. A line that is not JSON refuses the whole request, naming the line: nothing is written.

export const ndjsonContentType = 'application/x-ndjson';

export function parseNdjson(text: string): unknown[] {
  const rows: unknown[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (line === '') continue;
    try {
      rows.push(JSON.parse(line));
    } catch {
      throw new AppError('validation', 'api.ndjson.invalid', { params: { line: index + 1 }, field: `line ${index + 1}` });
    }
  }
  return rows;
}
