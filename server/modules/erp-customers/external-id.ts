import { requiredLine } from '../../http/field-schemas.ts';
import { fieldKeyRules, sentField, type KeyRules } from '../erp/keyed-rows.ts';

// The key of every customer-data row (docs/erp-integration.md, "Every row answered"): the row's key is
// what it sent, trimmed, and a key sent twice in one request is refused on the later row whatever became
// of the earlier one, so what follows works on rows that stand for one record each.

/** The ERP's key of a record: one line of text, at most 64 characters. */
export const externalIdSchema = requiredLine(64);

/** The key rules of customer-data rows keyed by `field` (../erp/keyed-rows.ts). */
export function externalIdRules<T>(field: string, keyOf: (value: T) => string): KeyRules<T, string> {
  return { ...fieldKeyRules(field, keyOf), sentKeyOf: (row) => sentField(row, field).trim(), sentKeysCount: { path: field } };
}
