import { parentPort, workerData } from 'node:worker_threads';
import { createCaches } from '../../cache.ts';
import { openDatabase } from '../../db/database.ts';
import { systemClock } from '../../lib/clock.ts';
import { storefrontLoadOf } from '../../lib/storefront-load.ts';
import { lowerThisThreadsPriority } from '../../lib/thread-priority.ts';
import { createAlarmFiringWorker } from '../alarm-firing/alarm-firing-worker.ts';
import { createErpLoads, type ErpLoadEffects } from '../erp/erp-loads.ts';
import { readRowsText } from '../erp/sent-rows.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { createSettingsService } from '../settings/settings.service.ts';
import { chunkPause, pacedTurns, stepAside } from './chunk-pause.ts';
import { setUpJobRunner } from './job-runner-setup.ts';
import { threadErrorOf, type JobThreadData, type JobThreadMessage, type JobThreadRequest } from './job-runner-host.ts';

// The load jobs' worker thread (ADR 0023): a synchronous SQLite write of a few hundred rows holds its
// thread for 100–300 ms, so the chunks are written here, on a database handle of the thread's own, while
// the request thread goes on answering. A change of companies, sessions or the configuration is posted to
// the request thread, which keeps the caches (job-runner-host.ts): it may end a buyer's access, so it counts
// at once. A change of the catalogue is not: the request thread's trees, answers and counts take it within
// their lifetime (server/cache.ts), as they take another process's. Forgetting them after every chunk, or
// even once a second, left the storefront computing every page anew for as long as a job ran.
// The rows of PUT loads are written here too, each answered with its results (job-runner-host.ts `load`).
// Messages in: 'wake' (a job was queued), 'wakeAlarms' (the request thread wrote stock), a load, 'stop'.

const data = workerData as JobThreadData;
// An import is background work: the thread takes the cores only when the request thread leaves them, so a
// buyer's page is computed first and the job goes on at full speed when nobody is browsing.
lowerThisThreadsPriority();
const port = parentPort!;
const post = (message: JobThreadMessage) => port.postMessage(message);
const handle = openDatabase(data.databaseUrl, { poolSize: 2 });
const tell = (kind: Exclude<keyof ErpLoadEffects, 'catalogChanged' | 'stockChanged'>) => () => post({ kind: 'effect', effect: kind });
const log = {
  info: (details: object, message: string) => post({ kind: 'log', level: 'info', details: loggable(details), message }),
  error: (details: object, message: string) => post({ kind: 'log', level: 'error', details: loggable(details), message }),
};
// The stock alarms are judged here, beside the loads that note most of their checks (job-runner-host.ts).
// A job's chunks come first: the checks they note are judged once it ended (within the worker's pause), so
// a stock job runs at the rate of one over unwatched products.
const alarms = data.alarmWorker.enabled
  ? createAlarmFiringWorker({ db: handle.db, clock: systemClock, pauseMs: data.alarmWorker.pollMs, log, holdWhile: () => runner.jobUnderWay() })
  : undefined;
const effects: ErpLoadEffects = {
  catalogChanged: () => undefined,
  companiesChanged: tell('companiesChanged'),
  sessionsChanged: tell('sessionsChanged'),
  configurationChanged: tell('configurationChanged'),
  // Told at once, the worker judges the checks this write noted.
  stockChanged: () => alarms?.wake(),
};
// After a job's chunk and after a PUT load alike, the thread steps aside the longer, the busier the shop is
// with its buyers (their load, not the ERP's requests or the request thread's background work:
// server/lib/storefront-load.ts): up to eight times as long as the chunk took (twice as long still left the
// storefront's list p99 at 1.5–1.6 times its figure at rest on two cores, where the load of the
// storefront, its requests and the import share both). A PUT has no least pause (its request and answer leave the write lock free between two).
// While the shop is saturated both wait for it to ease, up to 5 s a chunk or PUT (chunk-pause.ts).
const storefrontLoad = () => storefrontLoadOf(data.storefrontLoad);
const saturatedWaitMs = 5_000;
const runner = setUpJobRunner({
  db: handle.db,
  clock: systemClock,
  cacheLifetimes: data.cacheLifetimes,
  pollMs: data.pollMs,
  stepAside: stepAside(chunkPause(data.chunkPauseMs, storefrontLoad, 8), storefrontLoad, saturatedWaitMs),
  effects,
  jobEnded: () => alarms?.wake(),
  log,
});

/** An error does not cross to the other thread whole: its name, message and stack do. */
function loggable(details: object): object {
  const { err, ...rest } = details as { err?: unknown };
  return err instanceof Error ? { ...rest, err: { name: err.name, message: err.message, stack: err.stack } } : details;
}

const loads = createErpLoads(handle.db, {
  settings: createSettingsService(createSettingsRepository(handle.db), createCaches(systemClock, data.cacheLifetimes)),
  clock: systemClock,
  effects,
});
/** The PUT loads under way: the database is closed only after them. */
const loading = new Set<Promise<void>>();
const inTurn = pacedTurns(stepAside(chunkPause(0, storefrontLoad, 8), storefrontLoad, saturatedWaitMs));

function load(request: Extract<JobThreadRequest, { kind: 'load' }>): void {
  const { sent } = request;
  const done = inTurn(() => loads[request.type].upsert(request.erp, 'text' in sent ? readRowsText(sent.text) : sent.rows))
    .then(
      (results) => post({ kind: 'loaded', id: request.id, results }),
      (error: unknown) => post({ kind: 'loadFailed', id: request.id, error: threadErrorOf(error) }),
    )
    .finally(() => loading.delete(done));
  loading.add(done);
}

port.on('message', (message: JobThreadRequest) => {
  if (message === 'wake') void runner.runNow();
  else if (message === 'wakeAlarms') alarms?.wake();
  else if (message === 'stop')
    void runner
      .stop()
      .then(() => Promise.all([...loading, alarms?.stop()]))
      .then(() => handle.close())
      .finally(() => port.close());
  else load(message);
});
runner.start();
alarms?.start();
