import type { RowProblem, RowResult } from '../erp/row-results.ts';
import { maxLineBytes, tooLongLine } from './job-body.ts';

// The rows of one stored chunk of a job, as the load's service takes them. A line that is not JSON (or was
// too long to keep) is a failed row with its line number, as a row that fails its schema is: the other
// rows of the load go on. Line numbers are the body's (from 1, blank lines counted), so the ERP finds the
// line it sent.

export interface ChunkRows {
  /** The JSON values, in order, for the service. */
  values: unknown[];
  /** The body's line number of each value. */
  lines: number[];
  /** The lines that were no JSON. */
  broken: RowResult[];
}

export function rowsOfChunk(firstLine: number, text: string): ChunkRows {
  const rows: ChunkRows = { values: [], lines: [], broken: [] };
  text.split('\n').forEach((line, index) => {
    if (line === '') return;
    const lineNo = firstLine + index;
    if (line === tooLongLine) {
      rows.broken.push(failedLine(lineNo, { path: '', code: 'erp.ndjson.line_too_long', params: { max: maxLineBytes / 1024 } }));
      return;
    }
    try {
      rows.values.push(JSON.parse(line));
      rows.lines.push(lineNo);
    } catch {
      rows.broken.push(failedLine(lineNo, { path: '', code: 'erp.ndjson.invalid', params: { line: lineNo } }));
    }
  });
  return rows;
}

function failedLine(line: number, problem: RowProblem): RowResult {
  return { line, key: '', result: 'failed', problems: [problem] };
}

/** The service's results (line = place among the values) with the body's line numbers, and the broken lines, in line order. */
export function resultsOfChunk(rows: ChunkRows, results: readonly RowResult[]): RowResult[] {
  const placed = results.map((result) => ({ ...result, line: rows.lines[result.line - 1]! }));
  return [...placed, ...rows.broken].sort((a, b) => a.line - b.line);
}
