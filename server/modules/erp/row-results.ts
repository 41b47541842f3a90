import { z } from 'zod';
import { messageKeyOfIssue } from '../../http/validation.ts';

// What an ERP upsert answers (docs/erp-integration.md, "Every row answered"): one result per row of the
// request, in its order, and the counts. A row that fails never fails the others: rows are checked one by
// one against their schema, and each is written on its own (a savepoint per row, or checks before the write).

/** The most rows one PUT takes; larger loads go through jobs. */
export const maxRowsPerRequest = 1000;

export const rowOutcomes = ['created', 'updated', 'unchanged', 'failed'] as const;
export type RowOutcome = (typeof rowOutcomes)[number];

/** Why a row failed: the field (a dotted path within the row), a message key, its values. */
export interface RowProblem {
  path: string;
  code: string;
  params?: Record<string, string | number>;
}

/** One row's result as the service decides it; `line` counts from 1 in the order the rows came. */
export interface RowResult {
  line: number;
  key: string;
  result: RowOutcome;
  problems?: RowProblem[];
}

export const rowErrorSchema = z.object({
  path: z.string().meta({ description: 'The field within the row, as a dotted path (`names.de`, `variants.0.variantSku`).' }),
  code: z.string().meta({ description: 'A message key that says why, e.g. `erp.reference.unknown`.' }),
  message: z.string().meta({ description: 'The same in words, in the language of Accept-Language (German by default).' }),
});

export const upsertAnswerSchema = z
  .object({
    counts: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), failed: z.number().int() }),
    rows: z.array(
      z.object({
        line: z.number().int().meta({ description: 'The row’s place in the request, from 1.' }),
        key: z.string().meta({ description: 'The row’s key as sent (externalId, sku …); empty when it had none.' }),
        result: z.enum(rowOutcomes),
        errors: z.array(rowErrorSchema).optional(),
      }),
    ),
  })
  .meta({ id: 'UpsertAnswer', description: 'Every row of the request with its result, and the counts.' });

export type UpsertAnswer = z.infer<typeof upsertAnswerSchema>;

/** The answer for the rows' results, their problems in words. */
export function upsertAnswer(results: readonly RowResult[], translate: (key: string, params?: Record<string, string | number>) => string): UpsertAnswer {
  const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const rows = results.map((row) => {
    counts[row.result] += 1;
    const errors = row.problems && answeredErrors(row.problems, translate);
    return { line: row.line, key: row.key, result: row.result, ...(errors ? { errors } : {}) };
  });
  return { counts, rows };
}

/** A failed row's problems as answered: each with its message in the caller's language. */
export function answeredErrors(problems: readonly RowProblem[], translate: (key: string, params?: Record<string, string | number>) => string) {
  return problems.map((problem) => ({ path: problem.path, code: problem.code, message: translate(problem.code, problem.params ?? {}) }));
}

/** The row's problems with its schema (every one, not only the first), or its parsed value. */
export function parseRow<S extends z.ZodType>(schema: S, row: unknown): { value: z.infer<S> } | { problems: RowProblem[] } {
  const result = schema.safeParse(row);
  if (result.success) return { value: result.data };
  // A field the row's schema does not know fails the row naming it: a misspelt field must not pass as
  // "unchanged" while the ERP believes it sent a change.
  return {
    problems: result.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ path: [...issue.path, key].map(String).join('.'), code: 'validation.unknown_field' }))
        : [{ path: issue.path.map(String).join('.'), code: messageKeyOfIssue(issue, row) }],
    ),
  };
}

const perRowBodies = new WeakSet<z.ZodType>();

/**
 * The body of an upsert: an array of at most 1,000 rows, documented with the row's schema. The request is
 * refused only when it is not such an array; each row is checked on its own by the service (parseRow).
 */
export function rowsBody<S extends z.ZodType>(rowSchema: S) {
  const schema = z.array(rowSchema).min(1).max(maxRowsPerRequest);
  perRowBodies.add(schema);
  return schema;
}

/** Whether a route's body schema is an upsert's (its rows are checked one by one, not here). */
export function isRowsBody(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && perRowBodies.has(schema as z.ZodType);
}
