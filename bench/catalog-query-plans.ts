import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { DatabaseEngine } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';

// Records the statements the catalogue runs, so the benchmark can show how each engine executes them
// (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN ANALYZE without timings, so plans stay comparable).

export interface QueryRecorder {
  /** The database to hand to the repositories: every statement through it is recorded. */
  db: Database;
  /** Forgets what was recorded. */
  reset(): void;
  /** The statements recorded since the last reset, compiled with their parameters. */
  statements(): CompiledQuery[];
}

export function recordQueries(db: Database): QueryRecorder {
  // Kysely hands subqueries to plugins too; only statements that return a result were executed.
  const pending = new Map<unknown, RootOperationNode>();
  let executed: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      pending.set(queryId, node);
      return node;
    },
    async transformResult({ result, queryId }) {
      const node = pending.get(queryId);
      pending.delete(queryId);
      if (node) executed.push(node);
      return result;
    },
  };
  return {
    db: db.withPlugin(plugin),
    reset: () => {
      executed = [];
      pending.clear();
    },
    statements: () => executed.map((node) => db.getExecutor().compileQuery(node, { queryId: 'plan' })),
  };
}

export async function explain(db: Database, engine: DatabaseEngine, statement: CompiledQuery): Promise<string[]> {
  const prefix = engine === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ';
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + statement.sql, [...statement.parameters]));
  if (engine === 'postgres') return result.rows.map((row) => String(row['QUERY PLAN']));
  // SQLite answers a tree as (id, parent, detail) rows; indent children under their parents.
  const depth = new Map<number, number>();
  return result.rows.map((row) => {
    const level = (depth.get(Number(row.parent)) ?? -1) + 1;
    depth.set(Number(row.id), level);
    return `${'  '.repeat(level)}${String(row.detail)}`;
  });
}
