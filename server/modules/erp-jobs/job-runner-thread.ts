import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database.ts';
import { systemClock } from '../../lib/clock.ts';
import { utilizationOf } from '../../lib/thread-load.ts';
import { lowerThisThreadsPriority } from '../../lib/thread-priority.ts';
import type { ErpLoadEffects } from '../erp/erp-loads.ts';
import { chunkPause } from './chunk-pause.ts';
import { setUpJobRunner } from './job-runner-setup.ts';
import type { JobThreadData, JobThreadMessage } from './job-runner-host.ts';

// The load jobs' worker thread (ADR 0023): a synchronous SQLite write of a few hundred rows holds its
// thread for 100–300 ms, so the chunks are written here, on a database handle of the thread's own, while
// the request thread goes on answering. A change of companies, sessions or the configuration is posted to
// the request thread, which keeps the caches (job-runner-host.ts): it may end a buyer's access, so it counts
// at once. A change of the catalogue is not: the request thread's trees, answers and counts take it within
// their lifetime (server/cache.ts), as they take another process's. Forgetting them after every chunk, or
// even once a second, left the storefront computing every page anew for as long as a job ran.
// Messages in: 'wake' (a job was queued), 'stop'.

const data = workerData as JobThreadData;
// An import is background work: the thread takes the cores only when the request thread leaves them, so a
// buyer's page is computed first and the job goes on at full speed when nobody is browsing.
lowerThisThreadsPriority();
const port = parentPort!;
const post = (message: JobThreadMessage) => port.postMessage(message);
const handle = openDatabase(data.databaseUrl, { poolSize: 2 });
const tell = (kind: Exclude<keyof ErpLoadEffects, 'catalogChanged'>) => () => post({ kind: 'effect', effect: kind });
const runner = setUpJobRunner({
  db: handle.db,
  clock: systemClock,
  cacheLifetimes: data.cacheLifetimes,
  pollMs: data.pollMs,
  chunkPause: chunkPause(data.chunkPauseMs, () => utilizationOf(data.requestThreadLoad)),
  effects: { catalogChanged: () => undefined, companiesChanged: tell('companiesChanged'), sessionsChanged: tell('sessionsChanged'), configurationChanged: tell('configurationChanged') },
  log: {
    info: (details, message) => post({ kind: 'log', level: 'info', details: loggable(details), message }),
    error: (details, message) => post({ kind: 'log', level: 'error', details: loggable(details), message }),
  },
});

/** An error does not cross to the other thread whole: its name, message and stack do. */
function loggable(details: object): object {
  const { err, ...rest } = details as { err?: unknown };
  return err instanceof Error ? { ...rest, err: { name: err.name, message: err.message, stack: err.stack } } : details;
}

port.on('message', (message: 'wake' | 'stop') => {
  if (message === 'wake') void runner.runNow();
  else
    void runner
      .stop()
      .then(() => handle.close())
      .finally(() => port.close());
});
runner.start();
