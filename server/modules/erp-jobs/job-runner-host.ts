import { Worker } from 'node:worker_threads';
import type { CacheLifetimes } from '../../cache.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErpLoadEffects } from '../erp/erp-loads.ts';
import { measureThisThreadsLoad } from '../../lib/thread-load.ts';
import { chunkPause } from './chunk-pause.ts';
import { setUpJobRunner } from './job-runner-setup.ts';

// Where this process runs the load jobs (ERP_JOBS, server/config.ts; ADR 0023):
//   thread  a worker thread of its own (job-runner-thread.ts), so the request thread never waits for a
//           chunk's writes; a change of companies, sessions or the configuration comes back as a message and
//           this thread forgets what it keeps of them, a change of the catalogue reaches its caches within
//           their lifetime, as another process's does (job-runner-thread.ts);
//   inline  the request thread's background loop (tests; a process that only runs jobs);
//   off     none: another process on the same database runs them.
// Every process may run jobs at once: a job is claimed by one (erp-job.repository.ts).

export interface JobThreadData {
  databaseUrl: string;
  cacheLifetimes: CacheLifetimes;
  pollMs: number;
  chunkPauseMs: number;
  /** The request thread's event-loop utilization (server/lib/thread-load.ts): the job pauses the longer, the busier it is. */
  requestThreadLoad: Int32Array;
}

export type JobThreadMessage =
  | { kind: 'effect'; effect: Exclude<keyof ErpLoadEffects, 'catalogChanged'> }
  | { kind: 'log'; level: 'info' | 'error'; details: object; message: string };

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
  stop(): Promise<void>;
}

/** A thread that ended by itself is started again after this pause. */
const restartPauseMs = 5_000;

export function createJobRunnerHost(options: {
  config: Config;
  db: Database;
  clock: Clock;
  /** What the runner does after a commit on the request thread (inline), or what this thread does when the worker thread tells of one. */
  effects: ErpLoadEffects;
  log: JobRunnerHostLog;
}): JobRunnerHost {
  const { config, log } = options;
  const mode = config.erpJobs.runner;
  if (mode === 'inline') {
    const runner = setUpJobRunner({ db: options.db, clock: options.clock, cacheLifetimes: config.cacheLifetimes, pollMs: config.erpJobs.pollMs, chunkPause: chunkPause(config.erpJobs.chunkPauseMs, () => 0), effects: options.effects, log });
    return { start: () => runner.start(), wake: () => void runner.runNow(), runNow: () => runner.runNow(), stop: () => runner.stop() };
  }
  if (mode === 'off') return { start: () => undefined, wake: () => undefined, runNow: () => Promise.resolve(0), stop: () => Promise.resolve() };

  let worker: Worker | undefined;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;
  const requestThreadLoad = measureThisThreadsLoad();
  const data: JobThreadData = { databaseUrl: config.database.url, cacheLifetimes: config.cacheLifetimes, pollMs: config.erpJobs.pollMs, chunkPauseMs: config.erpJobs.chunkPauseMs, requestThreadLoad: requestThreadLoad.shared };

  function spawn(): void {
    const thread = new Worker(new URL('./job-runner-thread.ts', import.meta.url), { workerData: data });
    worker = thread;
    thread.on('message', (message: JobThreadMessage) => {
      if (message.kind === 'effect') options.effects[message.effect]();
      else log[message.level](message.details, message.message);
    });
    thread.on('error', (error) => log.error({ err: error }, 'the load job thread failed'));
    thread.on('exit', (code) => {
      if (worker === thread) worker = undefined;
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
    wake: () => worker?.postMessage('wake'),
    runNow: () => Promise.resolve(0),
    async stop() {
      stopping = true;
      requestThreadLoad.stop();
      clearTimeout(restart);
      const thread = worker;
      if (thread) {
        const ended = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
        thread.postMessage('stop');
        // A chunk under way finishes (its transaction commits or rolls back); a thread that hangs is ended.
        const timer = setTimeout(() => void thread.terminate(), 30_000);
        await ended;
        clearTimeout(timer);
      }
    },
  };
}
