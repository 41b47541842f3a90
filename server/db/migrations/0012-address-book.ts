import type { Kysely } from 'kysely';

// The company address book: buyers add and change their company's addresses.
//  - company_name: the receiving company's line (firstName or companyName names the receiver);
//  - updated_at: when the address was last changed through the shop (null for imported rows).
// Addresses are deleted for real: orders keep their own snapshot of the receiver and invoice address,
// so no history points at an address row.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('addresses').addColumn('company_name', 'text').execute();
  await db.schema.alterTable('addresses').addColumn('updated_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('addresses').dropColumn('updated_at').execute();
  await db.schema.alterTable('addresses').dropColumn('company_name').execute();
}
