import type { Kysely } from 'kysely';

// The fingerprint of the ERP row a product was last written from (server/modules/erp-catalog/row-fingerprint.ts):
// a row sent again exactly as before is answered unchanged by comparing fingerprints, without checking
// and comparing it field by field. Null for a product no ERP row wrote, or one changed otherwise since
// (a full load's deactivation): its next row takes the full way.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('erp_row_fingerprint', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('erp_row_fingerprint').execute();
}
