import type { Kysely } from 'kysely';
import { Migrator, type MigrationProvider, type MigrationResult } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

// Runs the static migration list (server/db/migrations/index.ts) up to the latest one.
// PostgreSQL runs each migration in a transaction and takes an advisory lock, so several
// processes may call this at start-up; SQLite runs them on its single connection.

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider });
}

/** Migrates to the latest version; throws with the failing migration's name and reason. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  await applyMigrations(db);
}

/** Like migrateToLatest, and returns the names of the migrations it applied (for CLIs). */
export async function applyMigrations(db: Kysely<any>): Promise<string[]> {
  const { error, results = [] } = await createMigrator(db).migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      failed ? `Database migration "${failed}" failed: ${reason}` : `Database migration failed: ${reason}`,
      { cause: error },
    );
  }
  return results.map((r: MigrationResult) => r.migrationName);
}
