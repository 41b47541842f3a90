import { createBackgroundLoop } from '../../lib/background-loop.ts';
import type { ErpEventRepository } from './erp-event.repository.ts';

// Gives committed events their seqs (erp-event.repository.ts): every pauseMs on the background loop
// (started in app.ts), and right after each commit of this process that wrote an event (afterCommit), so
// an event is in the feed well within a second of its commit. Rounds never overlap in a process; across
// processes the repository's lock keeps them one at a time per tenant.

export interface EventSequencerLog {
  error(details: object, message: string): void;
}

export function createEventSequencer(deps: { events: Pick<ErpEventRepository, 'sequencePending'>; pauseMs: number; log: EventSequencerLog }) {
  /** A round is asked for and has not started yet: it will see every commit made before it starts. */
  let roundWaiting = false;
  const loop = createBackgroundLoop({
    runRound: () => {
      roundWaiting = false;
      return deps.events.sequencePending().catch((error: unknown) => {
        deps.log.error({ err: error }, 'sequencing ERP events failed');
        return 0;
      });
    },
    pauseMs: () => deps.pauseMs,
  });
  return {
    start: loop.start,
    stop: loop.stop,
    /** Runs a round after the one under way; answers how many events it sequenced. */
    runNow: loop.runNow,
    /** Called after a commit that wrote an event: a round soon, one for any number of commits meanwhile. */
    afterCommit(): void {
      if (roundWaiting) return;
      roundWaiting = true;
      void loop.runNow();
    },
  };
}

export type EventSequencer = ReturnType<typeof createEventSequencer>;
