import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './migration-helpers.ts';

// A JSON answer written by the database itself, as text, in the same SQL on SQLite and PostgreSQL. For a
// list answered often and whole (the notification list: 200 rows), the database's JSON text goes out as
// the reply's body: no row becomes a JavaScript object, and nothing is serialised again.

/** A JSON object of these keys (fixed names of the code, never input) and values. */
export function jsonObject(engine: Engine, entries: Record<string, RawBuilder<unknown>>): RawBuilder<unknown> {
  const pairs = sql.join(Object.entries(entries).map(([key, value]) => sql`${sql.lit(key)}, ${value}`));
  return engine === 'postgres' ? sql`json_build_object(${pairs})` : sql`json_object(${pairs})`;
}

/** A JSON boolean of a condition (SQLite has no boolean: its 1 and 0 would be numbers in JSON). */
export function jsonBoolean(engine: Engine, condition: RawBuilder<unknown>): RawBuilder<unknown> {
  return engine === 'postgres' ? sql`(${condition})` : sql`json(case when ${condition} then 'true' else 'false' end)`;
}

/**
 * The JSON text of an array of `item` over the rows of `source` (a subquery aliased in it, ordered as the
 * array should be); `[]` for no rows. PostgreSQL is told the order again (`orderBy`); SQLite takes the rows
 * in the order its subquery yields them, where an ORDER BY in the aggregate would sort them once more
 * (a third of the notification list's time).
 */
export function jsonArrayText(engine: Engine, item: RawBuilder<unknown>, source: RawBuilder<unknown>, orderBy: RawBuilder<unknown>): RawBuilder<string> {
  return engine === 'postgres'
    ? sql<string>`select coalesce(json_agg(${item} order by ${orderBy}), '[]'::json)::text from ${source}`
    : sql<string>`select coalesce(json_group_array(${item}), '[]') from ${source}`;
}
