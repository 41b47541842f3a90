import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type Pg from 'pg';

// PostgreSQL plans an unnamed statement anew on every execution. The shop sends the same few hundred
// statement texts over and over (an order is about 20 of them), so each pooled connection prepares a
// text under a name the first time and from then on only binds and executes it: measured on order
// placement, this took a third of PostgreSQL's CPU per order (bench/order-create.ts).
// Each connection prepares at most `maxStatementsPerConnection` texts; later new texts run unnamed,
// so a connection's prepared statements can't grow without bound (texts vary with IN-list lengths).
const maxStatementsPerConnection = 500;

// A `*` is expanded when a statement is prepared: should a migration (of another instance) add a column,
// the prepared statement would fail with "cached plan must not change result type". Those run unnamed.
const selectsAllColumns = /\b(?:select|returning) \*|\.\*/i;
// Only queries repeat; schema changes and transaction commands gain nothing from a name.
const repeatedQuery = /^\s*(?:select|insert|update|delete|with)\b/i;
// A LIKE's pattern decides the best plan: a rare text is found through a trigram index, a common one by
// walking the list in its order and stopping after a page (the order history's search: 1 ms instead of
// 20). A prepared statement soon runs one generic plan for every pattern, so these are planned each time.
const patternDependent = /\blike\b/i;

const namesByClient = new WeakMap<Pg.PoolClient, Map<string, string>>();

function nameOf(client: Pg.PoolClient, text: string): string | undefined {
  let names = namesByClient.get(client);
  if (!names) {
    names = new Map();
    namesByClient.set(client, names);
  }
  let name = names.get(text);
  if (name === undefined && names.size < maxStatementsPerConnection && repeatedQuery.test(text) && !selectsAllColumns.test(text) && !patternDependent.test(text)) {
    name = `shop_${names.size}`;
    names.set(text, name);
  }
  return name;
}

function namingClient(client: Pg.PoolClient): PostgresPoolClient {
  return {
    query(textOrCursor: unknown, values?: readonly unknown[]) {
      // A cursor (streamed query) is passed through as it is.
      if (typeof textOrCursor !== 'string') return client.query(textOrCursor as Pg.Submittable) as never;
      const name = nameOf(client, textOrCursor);
      return (name ? client.query({ name, text: textOrCursor, values: values as unknown[] }) : client.query(textOrCursor, values as unknown[])) as never;
    },
    release: (destroy?: boolean) => client.release(destroy),
    // Kysely reads the backend's process id to cancel a query.
    get processID() {
      return (client as unknown as { processID?: number }).processID;
    },
  } as PostgresPoolClient;
}

/** The pool Kysely uses: the pg pool, with each connection's statements prepared under names. */
export function namingStatements(pool: Pg.Pool): PostgresPool {
  return {
    connect: async () => namingClient(await pool.connect()),
    end: () => pool.end(),
    // Kysely opens a control connection with these to cancel a running query.
    options: pool.options,
    Client: (pool as unknown as { Client: PostgresPool['Client'] }).Client,
  };
}
