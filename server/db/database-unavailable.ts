// Errors that say the database server cannot be reached right now (it restarts, fails over or is down),
// not that a statement is wrong: the request answers 503 and the next one tries again, on a new connection.

/** Node's socket errors when the server refuses, drops or never answers a connection. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** PostgreSQL's admin_shutdown, crash_shutdown and cannot_connect_now (starting up or shutting down). */
const serverGoingAwayCodes = new Set(['57P01', '57P02', '57P03']);

/** pg's own messages for a connection that ended, and for the pool's wait for a connection running out. */
const clientMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Class 08: connection exceptions.
    if (socketCodes.has(code) || serverGoingAwayCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  // A host name with several addresses fails with every address's error at once.
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return clientMessages.some((message) => message.test(error.message));
}
