// One loop for the work every app process does in the background (the mail outbox, the search
// engine's sync, overdue online payments, deleting what expired): a round, a pause, the next round. Rounds never overlap:
// a round asked for while one runs (runNow, for tests and after imports) runs after it, and stop()
// waits for the round under way, so a shutdown never cuts a round in half. A round is expected to
// catch and log its own errors; one that throws anyway does not end the loop.

export interface BackgroundLoop<T> {
  /** Runs a round now, then one after every pause until stopped. */
  start(): void;
  /** Stops the pauses and waits for the round under way. */
  stop(): Promise<void>;
  /** Runs a round after the one under way; answers what that round answered. */
  runNow(): Promise<T>;
}

export function createBackgroundLoop<T>(options: { runRound: () => Promise<T>; pauseMs: () => number }): BackgroundLoop<T> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let last: Promise<unknown> = Promise.resolve();

  function runNow(): Promise<T> {
    const round = last.then(options.runRound, options.runRound);
    last = round.catch(() => undefined);
    return round;
  }

  function next(): void {
    void runNow()
      .catch(() => undefined)
      .finally(schedule);
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(next, options.pauseMs());
    // A pending pause never keeps the process alive.
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      next();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await last;
    },
    runNow,
  };
}
