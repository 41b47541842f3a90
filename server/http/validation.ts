import type { z } from 'zod';
import { AppError } from '../errors.ts';

function messageKeyOf(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) return 'validation.required';
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return 'validation.required';
  if (issue.code === 'too_big') return 'validation.too_long';
  // A refinement may name its own key as its message.
  if (issue.code === 'custom' && issue.message.includes('.')) return issue.message;
  return 'validation.invalid';
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Parses request input; the first problem becomes a 400 naming the field and a message key. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new AppError('validation', 'validation.invalid');
  const field = issue.path.map(String).join('.') || undefined;
  throw new AppError('validation', messageKeyOf(issue, input), field ? { field } : {});
}
