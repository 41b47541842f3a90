import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './migration-helpers.ts';

// A JSON answer written by the database itself, as text, through the same helpers on SQLite and
// PostgreSQL. For a list answered often and whole (the notification list: 200 rows), the database's JSON
// text goes out as the reply's body: no row becomes a JavaScript object, and nothing is serialised again.

/** A JSON object of these keys (fixed names of the code, never input) and values. */
export function jsonObject(engine: Engine, entries: Record<string, RawBuilder<unknown>>): RawBuilder<unknown> {
  const pairs = sql.join(Object.entries(entries).map(([key, value]) => sql`${sql.lit(key)}, ${value}`));
  return engine === 'postgres' ? sql`json_build_object(${pairs})` : sql`json_object(${pairs})`;
}

/** A JSON boolean (SQLite has no boolean: its 1 and 0 would be numbers in JSON). */
export function jsonBoolean(engine: Engine, value: boolean): RawBuilder<unknown> {
  const literal = value ? 'true' : 'false';
  return engine === 'postgres' ? sql.raw(literal) : sql.raw(`json('${literal}')`);
}

/**
 * The JSON text of an array of objects of these fields over the rows of `source` (a subquery, aliased as
 * the fields name it, that sorts its rows by `orderBy`); `[]` for no rows. Both engines aggregate the rows
 * in the order of the subquery that sorts them: an ORDER BY inside the aggregate sorted them a second time
 * (a third of the notification list's time on SQLite). PostgreSQL turns each row into its object whole
 * (`json_agg` of a row whose columns are named as the fields), a quarter faster than `json_build_object`.
 */
export function jsonArrayText(engine: Engine, fields: Record<string, RawBuilder<unknown>>, source: RawBuilder<unknown>, orderBy: RawBuilder<unknown>): RawBuilder<string> {
  if (engine === 'postgres') {
    const columns = sql.join(Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.id(key)}`));
    return sql<string>`select coalesce(json_agg(t), '[]'::json)::text from (select ${columns} from ${source} order by ${orderBy}) t`;
  }
  return sql<string>`select coalesce(json_group_array(${jsonObject(engine, fields)}), '[]') from ${source}`;
}
