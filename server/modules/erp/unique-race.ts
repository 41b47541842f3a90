import { isUniqueViolation } from '../company-users/company-users.repository.ts';

// Two requests may create the same record at once (two ERP processes, or a request sent again while the
// first runs): both read that it is missing, and the database's unique index refuses the later insert.
// The whole upsert then runs once more: its read now finds the record, and each row is answered as usual
// ('unchanged', 'updated', or failed with its reason) instead of the request failing as a whole.

export async function retriedOnceOnUniqueViolation<T>(upsert: () => Promise<T>): Promise<T> {
  try {
    return await upsert();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return upsert();
  }
}
