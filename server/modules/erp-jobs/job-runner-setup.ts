import { createCaches, type CacheLifetimes } from '../../cache.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErpLoadEffects } from '../erp/erp-loads.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { createSettingsService } from '../settings/settings.service.ts';
import type { StepAside } from './chunk-pause.ts';
import { createErpJobRepository } from './erp-job.repository.ts';
import { createJobRunner, type JobRunnerLog } from './job-runner.ts';

// The job runner on a database handle of its own process or thread: the request thread's (ERP_JOBS=inline)
// or the worker thread's (job-runner-thread.ts). Its settings cache is its own; the seller's settings are
// read on the chunk's transaction.

export interface JobRunnerSetup {
  db: Database;
  clock: Clock;
  cacheLifetimes: CacheLifetimes;
  pollMs: number;
  stepAside: StepAside;
  jobEnded?: () => void;
  effects: ErpLoadEffects;
  log: JobRunnerLog;
}

export function setUpJobRunner(setup: JobRunnerSetup) {
  const caches = createCaches(setup.clock, setup.cacheLifetimes);
  return createJobRunner({
    db: setup.db,
    jobs: createErpJobRepository(setup.db),
    settingsOn: (db) => createSettingsService(createSettingsRepository(db), caches),
    clock: setup.clock,
    effects: setup.effects,
    pauseMs: setup.pollMs,
    stepAside: setup.stepAside,
    jobEnded: setup.jobEnded,
    log: setup.log,
  });
}
