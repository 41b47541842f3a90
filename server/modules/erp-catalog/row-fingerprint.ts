import { hash } from 'node:crypto';

// The fingerprint of a product row exactly as the ERP sent it (migration 0042). An ERP sends its whole
// catalogue again and again, nearly all of it unchanged: a row whose fingerprint is the one its product was
// last written from is that same row, already checked and stored, so it is answered unchanged without
// being checked and compared field by field (product-upsert.service.ts). Equal rows written differently
// (other key order, a default spelled out) have other fingerprints and simply take the full way.

/** Raised when a row's meaning changes (a new field, another default), so no older fingerprint matches. */
const rowFormat = 1;

export function rowFingerprint(row: unknown): string {
  return hash('sha256', `${rowFormat}\n${JSON.stringify(row)}`, 'base64url');
}
