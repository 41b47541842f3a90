import type { z } from 'zod';
import { AppError } from '../errors.ts';

// A schema names its own message key as the issue message ('validation.password_too_short').
const messageKeyPattern = /^[a-z_]+(\.[a-z_]+)+$/;

/** The message key for one problem a schema found with `input` (the schema's own key where it names one). */
export function messageKeyOfIssue(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'unrecognized_keys') return 'validation.unknown_field';
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) return 'validation.required';
  if (messageKeyPattern.test(issue.message)) return issue.message;
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return 'validation.required';
  if (issue.code === 'too_big') return 'validation.too_long';
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
  // A request without a body is read as an empty object, so its first missing field is named.
  const value = input ?? {};
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new AppError('validation', 'validation.invalid');
  // A field the schema does not know is named itself (a strict schema refuses it rather than dropping it).
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  const field = path.map(String).join('.') || undefined;
  throw new AppError('validation', messageKeyOfIssue(issue, value), field ? { field } : {});
}

/**
 * Every problem of a failed parse at once, as field path → message key (each field's first problem):
 * for forms that show each field's problem next to it.
 */
export function fieldProblems(error: z.ZodError, input: unknown): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of error.issues) {
    problems[issue.path.map(String).join('.')] ??= messageKeyOfIssue(issue, input);
  }
  return problems;
}
