import type { Selectable } from 'kysely';
import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import type { ErpJobsTable } from '../../db/schema.ts';
import type { FullLoadType, JobType } from './job-types.ts';

// The SQL of load jobs (migration 0041). Claiming is safe across processes without locks held between
// statements: a job is taken by one conditional update (queued, or running with its lease run out), which
// one process wins; every later write of the runner names its claim (claim_token) and the chunk it commits
// (next_chunk), so a process that lost its lease, or a chunk committed twice, changes nothing.

const jobColumns = [
  'id',
  'public_id',
  'tenant_id',
  'client_id',
  'type',
  'mode',
  'state',
  'row_count',
  'chunk_count',
  'next_chunk',
  'read_count',
  'created_count',
  'updated_count',
  'unchanged_count',
  'failed_count',
  'deactivated_count',
  'scope_count',
  'would_deactivate',
  'confirmed',
  'attempts',
  'failure',
  'received_at',
  'started_at',
  'finished_at',
] as const;

/** A job as the runner and the routes read it. */
export type JobRow = Pick<Selectable<ErpJobsTable>, (typeof jobColumns)[number]>;

/** What a committed chunk adds to its job. */
export interface ChunkOutcome {
  counts: { read: number; created: number; updated: number; unchanged: number; failed: number };
  errors: { line: number; key: string; problems: string }[];
  /** The keys the chunk's rows named (full loads only). */
  keys: string[];
}

/** The unfinished states: a job in one of them holds back the later jobs of its client and type. */
const waitingStates = ['queued', 'running', 'needs_confirmation'];

export function createErpJobRepository(db: Database) {
  return {
    transaction<T>(work: (trx: DatabaseTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    async createReceiving(job: { publicId: string; tenantId: number; clientId: number; type: JobType; mode: string; now: string }): Promise<number> {
      const row = await db
        .insertInto('erp_jobs')
        .values({ public_id: job.publicId, tenant_id: job.tenantId, client_id: job.clientId, type: job.type, mode: job.mode, state: 'receiving', created_at: job.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async addChunk(jobId: number, chunkNo: number, firstLine: number, body: string): Promise<void> {
      await db.insertInto('erp_job_chunks').values({ job_id: jobId, chunk_no: chunkNo, first_line: firstLine, body }).execute();
    },

    /** Deletes a job with its chunks, errors and keys. */
    async discard(jobId: number): Promise<void> {
      await db.deleteFrom('erp_jobs').where('id', '=', jobId).execute();
    },

    findByIdempotencyKey(tenantId: number, clientId: number, key: string) {
      return db
        .selectFrom('erp_jobs')
        .select(['id', 'public_id', 'body_sha256'])
        .where('tenant_id', '=', tenantId)
        .where('client_id', '=', clientId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    /** The received job joins its client's queue; a key another job of the client holds throws (unique index). */
    async markQueued(jobId: number, received: { idempotencyKey: string | null; sha256: string; rowCount: number; chunkCount: number; now: string }): Promise<void> {
      await db
        .updateTable('erp_jobs')
        .set({ state: 'queued', idempotency_key: received.idempotencyKey, body_sha256: received.sha256, row_count: received.rowCount, chunk_count: received.chunkCount, received_at: received.now })
        .where('id', '=', jobId)
        .execute();
    },

    /** The tenant's job by its public id, if it is of one of `types`. */
    findVisible(tenantId: number, publicId: string, types: readonly JobType[]): Promise<JobRow | undefined> {
      if (types.length === 0) return Promise.resolve(undefined);
      return db.selectFrom('erp_jobs').select(jobColumns).where('tenant_id', '=', tenantId).where('public_id', '=', publicId).where('type', 'in', types).where('state', '!=', 'receiving').executeTakeFirst();
    },

    findById(executor: Executor, id: number): Promise<JobRow | undefined> {
      return executor.selectFrom('erp_jobs').select(jobColumns).where('id', '=', id).executeTakeFirst();
    },

    /** A page of the job's failed rows after `afterLine`, in line order. */
    errorsAfter(jobId: number, afterLine: number, limit: number) {
      return db.selectFrom('erp_job_errors').select(['line', 'key', 'problems']).where('job_id', '=', jobId).where('line', '>', afterLine).orderBy('line').limit(limit).execute();
    },

    /** A job waiting for confirmation is queued again, confirmed; answers whether it was waiting. */
    async confirm(jobId: number): Promise<boolean> {
      const result = await db.updateTable('erp_jobs').set({ state: 'queued', confirmed: 1 }).where('id', '=', jobId).where('state', '=', 'needs_confirmation').executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Claims the oldest job that may run: queued (or running under a lease that ran out) with no earlier
     * unfinished job of its client and type, so those run one after the other in the order received.
     */
    async claimNext(now: string, until: string, token: string): Promise<JobRow | undefined> {
      const candidates = await db
        .selectFrom('erp_jobs as j')
        .select('j.id')
        .where((eb) => eb.or([eb('j.state', '=', 'queued'), eb.and([eb('j.state', '=', 'running'), eb('j.claimed_until', '<', now)])]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('erp_jobs as e')
                .select('e.id')
                .whereRef('e.client_id', '=', 'j.client_id')
                .whereRef('e.type', '=', 'j.type')
                .where('e.state', 'in', waitingStates)
                .where((eb) => eb.or([eb('e.received_at', '<', eb.ref('j.received_at')), eb.and([eb('e.received_at', '=', eb.ref('j.received_at')), eb('e.id', '<', eb.ref('j.id'))])])),
            ),
          ),
        )
        .orderBy('j.received_at')
        .orderBy('j.id')
        .limit(5)
        .execute();
      for (const candidate of candidates) {
        const taken = await db
          .updateTable('erp_jobs')
          .set((eb) => ({ state: 'running', claim_token: token, claimed_until: until, started_at: eb.fn.coalesce('started_at', eb.val(now)) }))
          .where('id', '=', candidate.id)
          .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('claimed_until', '<', now)])]))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) > 0) return this.findById(db, candidate.id);
      }
      return undefined;
    },

    chunk(executor: Executor, jobId: number, chunkNo: number) {
      return executor.selectFrom('erp_job_chunks').select(['first_line', 'body']).where('job_id', '=', jobId).where('chunk_no', '=', chunkNo).executeTakeFirst();
    },

    /**
     * Notes chunk `chunkNo` committed with what it did, and extends the lease, in the caller's transaction;
     * answers false (and writes nothing) when the claim is no longer this runner's or the chunk was committed.
     */
    async commitChunk(trx: Executor, jobId: number, claim: { token: string; until: string }, chunkNo: number, outcome: ChunkOutcome): Promise<boolean> {
      const { counts } = outcome;
      const result = await trx
        .updateTable('erp_jobs')
        .set((eb) => ({
          next_chunk: chunkNo + 1,
          attempts: 0,
          claimed_until: claim.until,
          read_count: eb('read_count', '+', counts.read),
          created_count: eb('created_count', '+', counts.created),
          updated_count: eb('updated_count', '+', counts.updated),
          unchanged_count: eb('unchanged_count', '+', counts.unchanged),
          failed_count: eb('failed_count', '+', counts.failed),
        }))
        .where('id', '=', jobId)
        .where('claim_token', '=', claim.token)
        .where('state', '=', 'running')
        .where('next_chunk', '=', chunkNo)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      if (outcome.errors.length > 0) await trx.insertInto('erp_job_errors').values(outcome.errors.map((error) => ({ job_id: jobId, ...error }))).execute();
      const keys = [...new Set(outcome.keys)];
      if (keys.length > 0) await trx.insertInto('erp_job_keys').values(keys.map((key) => ({ job_id: jobId, key }))).onConflict((conflict) => conflict.columns(['job_id', 'key']).doNothing()).execute();
      return true;
    },

    /** A run of the current chunk failed (it rolled back): counts the attempt; answers how many there were. */
    async noteFailedAttempt(jobId: number, token: string): Promise<number> {
      await db.updateTable('erp_jobs').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', jobId).where('claim_token', '=', token).execute();
      return (await db.selectFrom('erp_jobs').select('attempts').where('id', '=', jobId).executeTakeFirst())?.attempts ?? 0;
    },

    /** Ends the claim with the job in its final or waiting state; body chunks and keys go once it is final. */
    async settle(
      trx: Executor,
      jobId: number,
      token: string,
      outcome: { state: 'done' | 'failed' | 'needs_confirmation'; now: string; failure?: string; scopeCount?: number; wouldDeactivate?: number; deactivated?: number },
    ): Promise<boolean> {
      const result = await trx
        .updateTable('erp_jobs')
        .set({
          state: outcome.state,
          claim_token: null,
          claimed_until: null,
          ...(outcome.state === 'needs_confirmation' ? {} : { finished_at: outcome.now }),
          ...(outcome.failure ? { failure: outcome.failure } : {}),
          ...(outcome.scopeCount !== undefined ? { scope_count: outcome.scopeCount } : {}),
          ...(outcome.wouldDeactivate !== undefined ? { would_deactivate: outcome.wouldDeactivate } : {}),
          ...(outcome.deactivated !== undefined ? { deactivated_count: outcome.deactivated } : {}),
        })
        .where('id', '=', jobId)
        .where('claim_token', '=', token)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      if (outcome.state !== 'needs_confirmation') {
        await trx.deleteFrom('erp_job_chunks').where('job_id', '=', jobId).execute();
        await trx.deleteFrom('erp_job_keys').where('job_id', '=', jobId).execute();
      }
      return true;
    },

    /** The active records of a full load's scope, and those of them the job did not name. */
    async fullLoadCounts(trx: Executor, tenantId: number, type: FullLoadType, jobId: number): Promise<{ scope: number; unnamed: number }> {
      const count = async (onlyUnnamed: boolean) => {
        const found =
          type === 'products'
            ? await trx
                .selectFrom('products')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('tenant_id', '=', tenantId)
                .where('erp_active', '=', 1)
                .$if(onlyUnnamed, (query) => query.where(({ not, exists, selectFrom }) => not(exists(selectFrom('erp_job_keys').select('key').where('job_id', '=', jobId).whereRef('key', '=', 'products.sku')))))
                .executeTakeFirstOrThrow()
            : await trx
                .selectFrom('companies')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('tenant_id', '=', tenantId)
                .where('is_active', '=', 1)
                .$if(onlyUnnamed, (query) => query.where(({ not, exists, selectFrom }) => not(exists(selectFrom('erp_job_keys').select('key').where('job_id', '=', jobId).whereRef('key', '=', 'companies.customer_no')))))
                .executeTakeFirstOrThrow();
        return Number(found.n);
      };
      return { scope: await count(false), unnamed: await count(true) };
    },

    /** Deactivates the active records of the scope the job did not name (never deletes them); answers how many. */
    async deactivateUnnamed(trx: Executor, tenantId: number, type: FullLoadType, jobId: number, now: string): Promise<number> {
      const result =
        type === 'products'
          ? await trx
              .updateTable('products')
              // No longer as its last row wrote it: that row, sent again, must show the product again.
              .set({ erp_active: 0, is_active: 0, erp_row_fingerprint: null, updated_at: now })
              .where('tenant_id', '=', tenantId)
              .where('erp_active', '=', 1)
              .where(({ not, exists, selectFrom }) => not(exists(selectFrom('erp_job_keys').select('key').where('job_id', '=', jobId).whereRef('key', '=', 'products.sku'))))
              .executeTakeFirst()
          : await trx
              .updateTable('companies')
              .set({ is_active: 0 })
              .where('tenant_id', '=', tenantId)
              .where('is_active', '=', 1)
              .where(({ not, exists, selectFrom }) => not(exists(selectFrom('erp_job_keys').select('key').where('job_id', '=', jobId).whereRef('key', '=', 'companies.customer_no'))))
              .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Finished jobs older than `finishedBefore` go with their errors; receptions cut off before `receivingBefore` too. */
    async deleteExpired(finishedBefore: string, receivingBefore: string): Promise<void> {
      await db.deleteFrom('erp_jobs').where('finished_at', '<', finishedBefore).execute();
      await db.deleteFrom('erp_jobs').where('state', '=', 'receiving').where('created_at', '<', receivingBefore).execute();
    },
  };
}

export type ErpJobRepository = ReturnType<typeof createErpJobRepository>;
