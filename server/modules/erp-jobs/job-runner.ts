import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { joinedTransaction } from '../../db/joined-transaction.ts';
import type { StepAside } from './chunk-pause.ts';
import { createBackgroundLoop } from '../../lib/background-loop.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErpContext } from '../access/erp-access.ts';
import { createErpLoads, type ErpLoadDeps, type ErpLoadEffects } from '../erp/erp-loads.ts';
import type { ChunkOutcome, ErpJobRepository, JobRow } from './erp-job.repository.ts';
import { deactivationWithoutConfirmation, isFullLoadType, scopeOfJobType, type JobType } from './job-types.ts';
import { resultsOfChunk, rowsOfChunk } from './job-rows.ts';

// Runs the load jobs (ADR 0023): claims the oldest job that may run (erp-job.repository.ts), runs its
// chunks in order, each in ONE transaction that holds the chunk's writes, made by the same services as the
// PUT routes (server/modules/erp/erp-loads.ts, on the chunk's transaction), together with the job's
// progress: its next chunk, its counts and the chunk's failed rows. A process killed in the middle leaves
// the job at its last committed chunk; once the lease ran out any process takes it over and goes on from
// there, and nothing is counted twice. Between chunks the loop pauses, so the process keeps answering.
// What the chunk changed is told (effects) after its commit, never before: a cache refilled in between
// would hold the old state. A full load ends by deactivating the records of its scope it did not name,
// unless they are more than 5 % of the scope and the ERP has not confirmed (needs_confirmation).

export interface JobRunnerLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerDeps {
  db: Database;
  jobs: ErpJobRepository;
  /** The seller's settings read on the chunk's transaction (on SQLite's one connection nothing else may read then). */
  settingsOn(db: Database): ErpLoadDeps['settings'];
  clock: Clock;
  /** What this process does after a committed change (forget its caches, or tell the main thread to). */
  effects: ErpLoadEffects;
  pauseMs: number;
  /** The wait after each chunk's commit, by how long the chunk took (chunk-pause.ts). */
  stepAside: StepAside;
  /** Told when a job ended, done or not (the stock alarms' worker judges what the job noted). */
  jobEnded?: () => void;
  log: JobRunnerLog;
}

/** A claim is a lease: each committed chunk extends it; a runner that died lets it run out. */
export const jobLeaseMs = 60_000;
/** A chunk that failed to commit this often fails its job. */
const attemptsPerChunk = 3;
const finishedJobsKeptMs = 30 * 24 * 60 * 60 * 1000;
const receptionsKeptMs = 24 * 60 * 60 * 1000;

class LostClaim extends Error {}

/** Effects noted while a transaction runs, to be told once it committed. */
function deferredEffects() {
  const noted = new Set<keyof ErpLoadEffects>();
  const note = (kind: keyof ErpLoadEffects) => () => void noted.add(kind);
  return {
    effects: {
      catalogChanged: note('catalogChanged'),
      stockChanged: note('stockChanged'),
      companiesChanged: note('companiesChanged'),
      sessionsChanged: note('sessionsChanged'),
      configurationChanged: note('configurationChanged'),
    },
    tell(target: ErpLoadEffects) {
      for (const kind of noted) target[kind]();
    },
  };
}

export function createJobRunner(deps: JobRunnerDeps) {
  const { db, jobs, clock, log } = deps;
  const leaseUntil = () => new Date(clock.now().getTime() + jobLeaseMs).toISOString();

  async function runChunk(job: JobRow, token: string, chunkNo: number): Promise<void> {
    const type = job.type as JobType;
    const erp: ErpContext = { tenantId: job.tenant_id, client: { id: job.client_id, name: '', scopes: new Set([scopeOfJobType[type]]) } };
    const later = deferredEffects();
    await db.transaction().execute(async (trx) => {
      const chunk = await jobs.chunk(trx, job.id, chunkNo);
      if (!chunk) throw new LostClaim();
      const rows = rowsOfChunk(chunk.first_line, chunk.body);
      const joined = joinedTransaction(trx);
      const loads = createErpLoads(joined, { settings: deps.settingsOn(joined), clock, effects: later.effects });
      const results = resultsOfChunk(rows, rows.values.length > 0 ? await loads[type].upsert(erp, rows.values) : []);
      const outcome: ChunkOutcome = { counts: { read: results.length, created: 0, updated: 0, unchanged: 0, failed: 0 }, errors: [], keys: [] };
      for (const result of results) {
        outcome.counts[result.result] += 1;
        if (result.result === 'failed') outcome.errors.push({ line: result.line, key: result.key, problems: JSON.stringify(result.problems ?? []) });
        // A row of a full load that names its record keeps it active even when the row failed.
        if (job.mode === 'full' && result.key !== '') outcome.keys.push(result.key);
      }
      if (!(await jobs.commitChunk(trx, job.id, { token, until: leaseUntil() }, chunkNo, outcome))) throw new LostClaim();
    });
    later.tell(deps.effects);
  }

  /** The end of a job: done, or for a full load the deactivation (or the wait for its confirmation). */
  async function finish(job: JobRow, token: string): Promise<void> {
    const type = job.type as JobType;
    const later = deferredEffects();
    await db.transaction().execute(async (trx) => {
      const now = clock.now().toISOString();
      if (job.mode !== 'full' || !isFullLoadType(type)) {
        if (!(await jobs.settle(trx, job.id, token, { state: 'done', now }))) throw new LostClaim();
        return;
      }
      const counts = await jobs.fullLoadCounts(trx, job.tenant_id, type, job.id);
      const confirmed = (await jobs.findById(trx, job.id))?.confirmed === 1;
      if (!confirmed && counts.unnamed > counts.scope * deactivationWithoutConfirmation) {
        if (!(await jobs.settle(trx, job.id, token, { state: 'needs_confirmation', now, scopeCount: counts.scope, wouldDeactivate: counts.unnamed }))) throw new LostClaim();
        return;
      }
      const deactivated = await jobs.deactivateUnnamed(trx, job.tenant_id, type, job.id, now);
      if (!(await jobs.settle(trx, job.id, token, { state: 'done', now, scopeCount: counts.scope, wouldDeactivate: counts.unnamed, deactivated }))) throw new LostClaim();
      if (deactivated > 0) (type === 'products' ? later.effects.catalogChanged : later.effects.companiesChanged)();
    });
    later.tell(deps.effects);
  }

  /** Whether a job is under way now (the stock alarms' worker on the same thread waits for its end). */
  let jobUnderWay = false;

  async function run(job: JobRow, token: string): Promise<void> {
    jobUnderWay = true;
    try {
      for (let chunkNo = job.next_chunk; chunkNo < job.chunk_count; chunkNo += 1) {
        const started = performance.now();
        await runChunk(job, token, chunkNo);
        // Between chunks the thread answers what came in meanwhile, and other writers get their turn.
        await deps.stepAside(performance.now() - started);
      }
      await finish(job, token);
    } catch (error) {
      if (error instanceof LostClaim) return;
      const attempts = await jobs.noteFailedAttempt(job.id, token);
      log.error({ err: error, job: job.public_id, attempts }, 'a load job’s chunk did not commit');
      // The claim is kept: the chunk is tried again once its lease ran out, in this process or another.
      if (attempts >= attemptsPerChunk) await db.transaction().execute((trx) => jobs.settle(trx, job.id, token, { state: 'failed', now: clock.now().toISOString(), failure: 'erp.job.failed' }));
    } finally {
      jobUnderWay = false;
      deps.jobEnded?.();
    }
  }

  /** Runs every job that may run now, one after the other; answers how many it took. */
  async function runRound(): Promise<number> {
    let taken = 0;
    try {
      const now = clock.now().getTime();
      await jobs.deleteExpired(new Date(now - finishedJobsKeptMs).toISOString(), new Date(now - receptionsKeptMs).toISOString());
      for (;;) {
        const token = randomUUID();
        const job = await jobs.claimNext(clock.now().toISOString(), leaseUntil(), token);
        if (!job) break;
        taken += 1;
        await run(job, token);
      }
    } catch (error) {
      log.error({ err: error }, 'the load job runner’s round failed');
    }
    return taken;
  }

  return { ...createBackgroundLoop({ runRound, pauseMs: () => deps.pauseMs }), jobUnderWay: () => jobUnderWay };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
