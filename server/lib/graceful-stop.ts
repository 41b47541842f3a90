import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Stopping an instance behind a load balancer without failing a request. First it drains: /readyz answers
// 503 while everything else is served as before, until the balancer's checks have taken the instance out.
// Then it stops taking connections and closes the idle keep-alive ones; a connection busy with a request
// is closed once its answer is out (that answer says `Connection: close`, so its client does not send
// another on it). A request whose client left still runs, and may still use the database: the database
// is closed only when every request has finished.

export interface GracefulStop {
  /** From the stop on: /readyz answers 503 so the load balancer sends new requests to other instances. */
  readonly draining: boolean;
  /** Drains, closes the app, waits for every request still running, then closes the database. */
  stop(closeDatabase: () => Promise<void>): Promise<void>;
}

/** A request in flight: it is finished once it has its answer and its connection has let go of it. */
interface RequestInFlight {
  answered: boolean;
  responseClosed: boolean;
}

/** Tracks the app's requests from now on (call it before the routes are registered) and returns its stop. */
export function installGracefulStop(app: FastifyInstance, options: { drainMs: number }): GracefulStop {
  let draining = false;
  let closing = false;
  const inFlight = new Map<FastifyRequest, RequestInFlight>();
  let allFinished: (() => void) | undefined;

  function settle(request: FastifyRequest, step: keyof RequestInFlight) {
    const state = inFlight.get(request);
    if (!state) return;
    state[step] = true;
    if (!state.answered || !state.responseClosed) return;
    inFlight.delete(request);
    if (!closing) return;
    // A connection whose answer went out before the stop began (its headers without `Connection: close`)
    // is idle now; closing it lets the server's close complete.
    app.server.closeIdleConnections();
    if (inFlight.size === 0) allFinished?.();
  }

  app.addHook('onRequest', async (request, reply) => {
    inFlight.set(request, { answered: false, responseClosed: false });
    // 'close' comes when the answer is out or the client left, whichever is first.
    reply.raw.once('close', () => settle(request, 'responseClosed'));
  });
  // Every answer passes here: the handler's, an error's, and the one a handler sends after its client left.
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('connection', 'close');
    settle(request, 'answered');
  });

  return {
    get draining() {
      return draining;
    },
    async stop(closeDatabase) {
      draining = true;
      app.log.info({ drainMs: options.drainMs }, 'draining: readiness answers 503');
      await sleep(options.drainMs);
      closing = true;
      // Resolves once the server has no connection left and the background workers have stopped.
      await app.close();
      if (inFlight.size > 0) await new Promise<void>((resolve) => (allFinished = resolve));
      await closeDatabase();
    },
  };
}

/**
 * SIGTERM or SIGINT stops the process gracefully: it exits 0 once the database is closed, or 1 when the stop
 * fails or takes longer than `timeoutMs` (a request that never ends).
 */
export function stopOnSignals(
  app: FastifyInstance,
  gracefulStop: GracefulStop,
  options: { closeDatabase: () => Promise<void>; timeoutMs: number },
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    setTimeout(() => {
      app.log.error({ timeoutMs: options.timeoutMs }, 'stop took too long: exiting');
      process.exit(1);
    }, options.timeoutMs).unref();
    gracefulStop.stop(options.closeDatabase).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
