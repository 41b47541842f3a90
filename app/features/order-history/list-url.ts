// The state of an account list (the order history, the finance list) lives in its URL: the filter form is
// a GET form, so the server renders the filtered page, a link shares it, and it works without JavaScript.
// The page number is read leniently (core/list-page.ts: anything else is page 1); the filters themselves
// are checked by the list's own schema on the server, which names a field's problem.

/** The filter fields as the form shows them: what the URL carries, '' for a field not given. */
export function formValuesOf<F extends string>(search: URLSearchParams, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(fields.map((field) => [field, search.get(field) ?? ''])) as Record<F, string>;
}

/**
 * The query of a download of the list as filtered now (the export, with its format): the filters without
 * paging, and without empty fields, so the link stays short.
 */
export function downloadQuery<F extends string>(values: Record<F, string>, extra: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const [field, value] of Object.entries<string>(values)) if (value !== '') query.set(field, value);
  for (const [field, value] of Object.entries(extra)) query.set(field, value);
  return query.toString();
}

/** Whether the list is narrowed by any filter (the sort narrows nothing): an empty list then says "no match", not "none yet". */
export function isFiltered<F extends string>(values: Record<F, string>): boolean {
  return Object.entries<string>(values).some(([field, value]) => field !== 'sort' && value !== '');
}
