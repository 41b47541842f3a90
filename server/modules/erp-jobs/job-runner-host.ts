import { Worker } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CacheLifetimes } from '../../cache.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../errors.ts';
import type { ErpContext } from '../access/erp-access.ts';
import type { ErpLoadEffects, ErpLoads, ErpLoadType } from '../erp/erp-loads.ts';
import type { RowResult } from '../erp/row-results.ts';
import { readSentRows, SentRowsText, type SentRows } from '../erp/sent-rows.ts';
import { measureStorefrontLoad } from '../../lib/storefront-load.ts';
import type { AlarmFiringWorker } from '../alarm-firing/alarm-firing-worker.ts';
import { setUpJobRunner } from './job-runner-setup.ts';

// Where this process runs the load jobs (ERP_JOBS, server/config.ts; ADR 0023):
//   thread  a worker thread of its own (job-runner-thread.ts), so the request thread never waits for a
//           chunk's writes; a change of companies, sessions or the configuration comes back as a message and
//           this thread forgets what it keeps of them, a change of the catalogue reaches its caches within
//           their lifetime, as another process's does (job-runner-thread.ts). The rows of a PUT load are
//           written there too (`load`): 1,000 rows hold a thread for 100–600 ms, and a stream of PUTs is an
//           import like a job, which the storefront must not feel;
//           The stock alarms are judged there too (ADR 0027): the job's chunks note the checks, and judging
//           them on the request thread made it look busy to the job, which then stepped aside from work of
//           its own kind; the request thread's stock writes (stock given back) wake the thread's worker;
//   inline  the request thread's background loop (tests; a process that only runs jobs);
//   off     none: another process on the same database runs them.
// With inline and off the request thread judges the stock alarms.
// Every process may run jobs at once: a job is claimed by one (erp-job.repository.ts).

export interface JobThreadData {
  databaseUrl: string;
  cacheLifetimes: CacheLifetimes;
  pollMs: number;
  chunkPauseMs: number;
  /** The buyers' load (server/lib/storefront-load.ts): the job pauses the longer, the busier the shop is. */
  storefrontLoad: Int32Array;
  /** Whether the thread judges the stock alarms (ALARM_WORKER), and how often it looks for checks of other processes. */
  alarmWorker: { enabled: boolean; pollMs: number };
}

export type JobThreadMessage =
  | { kind: 'effect'; effect: Exclude<keyof ErpLoadEffects, 'catalogChanged' | 'stockChanged'> }
  | { kind: 'log'; level: 'info' | 'error'; details: object; message: string }
  | { kind: 'loaded'; id: number; results: RowResult[] }
  | { kind: 'loadFailed'; id: number; error: ThreadError };

/** Messages to the worker thread. */
export type JobThreadRequest = 'wake' | 'wakeAlarms' | 'stop' | { kind: 'load'; id: number; type: ErpLoadType; erp: ErpContext; sent: { text: string } | { rows: readonly unknown[] } };

/** An error as it crosses between threads (a class does not): an AppError keeps its answer. */
export interface ThreadError {
  name: string;
  message: string;
  stack?: string;
  app?: { code: AppError['code']; messageKey: string; field?: string; params?: Record<string, string | number>; details?: unknown };
}

export function threadErrorOf(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const app = error instanceof AppError ? { code: error.code, messageKey: error.messageKey, field: error.field, params: error.params, details: error.details } : undefined;
  return { name: error.name, message: error.message, stack: error.stack, ...(app ? { app } : {}) };
}

/** The error again on this side: an AppError answers as it would have on the other thread. */
export function errorFromThread(thrown: ThreadError): Error {
  const error = thrown.app ? new AppError(thrown.app.code, thrown.app.messageKey, thrown.app) : new Error(thrown.message);
  error.stack = thrown.stack;
  return error;
}

export interface JobRunnerHostLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerHost {
  start(): void;
  /** A job was queued or confirmed: look now instead of after the pause. */
  wake(): void;
  /** Runs the jobs that may run now (inline only; tests). */
  runNow(): Promise<number>;
  /** A PUT load's rows, written on the worker thread when there is one, else on this thread. */
  load(type: ErpLoadType, erp: ErpContext, rows: SentRows): Promise<RowResult[]>;
  stop(): Promise<void>;
  /** The stock alarms' worker as this process runs it: the worker thread's, or the request thread's. */
  alarmFiring: AlarmFiringWorker;
  /** A storefront request started (server/app.ts); call what it answers once it ended. The worker thread steps aside by this load. */
  storefrontRequestStarted(): () => void;
}

const noLoadToMeasure = () => () => undefined;

/** A thread that ended by itself is started again after this pause. */
const restartPauseMs = 5_000;

export function createJobRunnerHost(options: {
  config: Config;
  db: Database;
  clock: Clock;
  /** What the runner does after a commit on the request thread (inline), or what this thread does when the worker thread tells of one. */
  effects: ErpLoadEffects;
  /** The row loads on this thread's database handle (inline, off, and while no worker thread runs). */
  loads: ErpLoads;
  /** The stock alarms' worker on this thread: run here with inline and off; with a thread, only its runNow (tests). */
  alarmFiring: AlarmFiringWorker;
  log: JobRunnerHostLog;
}): JobRunnerHost {
  const { config, log } = options;
  const mode = config.erpJobs.runner;
  const loadHere = async (type: ErpLoadType, erp: ErpContext, rows: SentRows) => options.loads[type].upsert(erp, readSentRows(rows));
  if (mode === 'inline') {
    const runner = setUpJobRunner({ db: options.db, clock: options.clock, cacheLifetimes: config.cacheLifetimes, pollMs: config.erpJobs.pollMs, stepAside: () => sleep(config.erpJobs.chunkPauseMs), effects: options.effects, log });
    return { start: () => runner.start(), wake: () => void runner.runNow(), runNow: () => runner.runNow(), load: loadHere, stop: () => runner.stop(), alarmFiring: options.alarmFiring, storefrontRequestStarted: noLoadToMeasure };
  }
  if (mode === 'off') return { start: () => undefined, wake: () => undefined, runNow: () => Promise.resolve(0), load: loadHere, stop: () => Promise.resolve(), alarmFiring: options.alarmFiring, storefrontRequestStarted: noLoadToMeasure };

  let worker: Worker | undefined;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;
  /** PUT loads sent to the worker thread, by id, until it answers. */
  const loading = new Map<number, { resolve(results: RowResult[]): void; reject(error: Error): void }>();
  let lastLoadId = 0;
  const storefrontLoad = measureStorefrontLoad();
  const data: JobThreadData = {
    databaseUrl: config.database.url,
    cacheLifetimes: config.cacheLifetimes,
    pollMs: config.erpJobs.pollMs,
    chunkPauseMs: config.erpJobs.chunkPauseMs,
    storefrontLoad: storefrontLoad.shared,
    alarmWorker: config.alarmWorker,
  };

  function spawn(): void {
    const thread = new Worker(new URL('./job-runner-thread.ts', import.meta.url), { workerData: data });
    worker = thread;
    thread.on('message', (message: JobThreadMessage) => {
      if (message.kind === 'effect') options.effects[message.effect]();
      else if (message.kind === 'log') log[message.level](message.details, message.message);
      else {
        const waiting = loading.get(message.id);
        loading.delete(message.id);
        if (message.kind === 'loaded') waiting?.resolve(message.results);
        else waiting?.reject(errorFromThread(message.error));
      }
    });
    thread.on('error', (error) => log.error({ err: error }, 'the load job thread failed'));
    thread.on('exit', (code) => {
      if (worker === thread) worker = undefined;
      // A load the thread took with it is answered as failed (500): whether its transaction committed, the
      // ERP learns by sending it again, which answers its rows unchanged if it did.
      for (const waiting of loading.values()) waiting.reject(new Error('the load job thread ended during a load'));
      loading.clear();
      if (stopping) return;
      log.error({ code }, 'the load job thread ended; it is started again');
      restart = setTimeout(spawn, restartPauseMs);
      restart.unref();
    });
  }

  return {
    start() {
      if (!worker && !stopping) spawn();
    },
    wake: () => worker?.postMessage('wake' satisfies JobThreadRequest),
    runNow: () => Promise.resolve(0),
    // The thread starts and stops its worker with itself; a wake while it restarts is taken by its first round.
    alarmFiring: {
      start: () => undefined,
      stop: () => Promise.resolve(),
      wake: () => worker?.postMessage('wakeAlarms' satisfies JobThreadRequest),
      runNow: () => options.alarmFiring.runNow(),
    },
    storefrontRequestStarted: () => storefrontLoad.requestStarted(),
    load(type, erp, rows) {
      const thread = worker;
      if (!thread || stopping) return loadHere(type, erp, rows);
      const id = ++lastLoadId;
      return new Promise<RowResult[]>((resolve, reject) => {
        loading.set(id, { resolve, reject });
        // The text of a JSON body crosses as it came (a string is copied at once; the rows would be cloned value by value).
        const sent = rows instanceof SentRowsText ? { text: rows.text } : { rows };
        thread.postMessage({ kind: 'load', id, type, erp, sent } satisfies JobThreadRequest);
      });
    },
    async stop() {
      stopping = true;
      storefrontLoad.stop();
      clearTimeout(restart);
      const thread = worker;
      if (thread) {
        const ended = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
        thread.postMessage('stop' satisfies JobThreadRequest);
        // A chunk under way finishes (its transaction commits or rolls back); a thread that hangs is ended.
        const timer = setTimeout(() => void thread.terminate(), 30_000);
        await ended;
        clearTimeout(timer);
      }
    },
  };
}

/** The row loads as the PUT routes call them, each written where the host writes loads. */
export function rowLoadsThrough(host: Pick<JobRunnerHost, 'load'>): { [T in ErpLoadType]: { upsert(erp: ErpContext, rows: SentRows): Promise<RowResult[]> } } {
  const through = (type: ErpLoadType) => ({ upsert: (erp: ErpContext, rows: SentRows) => host.load(type, erp, rows) });
  return {
    categories: through('categories'),
    products: through('products'),
    seasons: through('seasons'),
    prices: through('prices'),
    stock: through('stock'),
    companies: through('companies'),
    users: through('users'),
    addresses: through('addresses'),
    salesPersonAssignments: through('salesPersonAssignments'),
  };
}
