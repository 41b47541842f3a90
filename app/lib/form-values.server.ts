import { parseRecordId } from '../../core/record-id';
import { isAppError } from '../../server/page-surface.server';
import type { FailureMessage } from '../features/account/account-fields';

// Reading a page's posted form and answering its refusals, for every form action of the shop: the values
// as typed (to fill the form again), the problems of its own fields next to them, anything else above it.

/** A refused form: each problem of one of its fields as a message key at the field, any other above the form. */
export interface FormRefusal<Field extends string> {
  ok: false;
  status: number;
  /** Field → message key. */
  errors: Partial<Record<Field, string>>;
  failure: FailureMessage | null;
}

/** The text posted in a field; '' when it is missing (or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The text posted in each of the fields. */
export function formTexts<Field extends string>(form: FormData, fields: readonly Field[]): Record<Field, string> {
  return Object.fromEntries(fields.map((field) => [field, formText(form, field)])) as Record<Field, string>;
}

/** A record's id as a page posts it (core/record-id.ts); anything else (null) names no record at all. */
export function formId(form: FormData, name = 'id'): number | null {
  return parseRecordId(form.get(name));
}

/** Of a parse's problems (field → message key), those of the form's own fields. */
export function onlyFields<Field extends string>(problems: Record<string, string>, fields: readonly Field[]): Partial<Record<Field, string>> {
  return Object.fromEntries(Object.entries(problems).filter(([name]) => (fields as readonly string[]).includes(name))) as Partial<Record<Field, string>>;
}

export const failureOf = (error: { messageKey: string; params?: Record<string, string | number> | undefined }): FailureMessage => ({
  messageKey: error.messageKey,
  params: error.params ?? {},
});

/**
 * A service's refusal as the form shows it: at the field it names when that is one of `fields`, otherwise
 * above the form. Anything that is no refusal (a 5xx, a bug) is thrown on, to the error page.
 */
export function refusalOf<Field extends string>(error: unknown, fields: readonly Field[]): FormRefusal<Field> {
  if (!isAppError(error) || error.statusCode >= 500) throw error;
  const field = fields.find((name) => name === error.field);
  if (field) return { ok: false, status: error.statusCode, errors: { [field]: error.messageKey } as Partial<Record<Field, string>>, failure: null };
  return { ok: false, status: error.statusCode, errors: {}, failure: failureOf(error) };
}
