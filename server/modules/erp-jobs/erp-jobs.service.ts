import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireScope, type ErpContext } from '../access/erp-access.ts';
import { isUniqueViolation } from '../company-users/company-users.repository.ts';
import type { RowProblem } from '../erp/row-results.ts';
import type { ErpJobRepository, JobRow } from './erp-job.repository.ts';
import { receiveJobBody, type JobBodyLimits } from './job-body.ts';
import { isFullLoadType, jobTypesOf, scopeOfJobType, type JobMode, type JobType } from './job-types.ts';

// POST /erp/v1/jobs and the job's reads (docs/erp-integration.md, "Large loads as jobs"; ADR 0023).
// Receiving: the job is noted first (state receiving, seen by nobody), its body stored chunk by chunk as it
// streams in; once it is whole, the job joins its client's queue, or, for an Idempotency-Key the client
// used before, gives way to that key's job (same body) or is refused (another body). A refused or broken
// upload leaves nothing behind. Reading: a job is seen by the clients of its tenant holding its type's
// scope; any other id answers like an unknown one.

export interface ErpJobsDeps {
  jobs: ErpJobRepository;
  clock: Clock;
  limits: JobBodyLimits;
  /** Tells the runner a job was queued (or confirmed). */
  wake(): void;
}

export interface ReceiveJob {
  type: JobType;
  mode: JobMode;
  idempotencyKey: string | null;
  gzip: boolean;
  body: Readable;
}

/** The errors page's size when the ERP names none. */
export const defaultErrorsPageSize = 100;

const newPublicId = () => randomBytes(16).toString('base64url');

export function createErpJobsService(deps: ErpJobsDeps) {
  const { jobs, clock } = deps;

  async function visibleJob(erp: ErpContext, publicId: string): Promise<JobRow> {
    const job = await jobs.findVisible(erp.tenantId, publicId, jobTypesOf(erp.client.scopes));
    if (!job) throw new AppError('not_found', 'erp.job.not_found');
    return job;
  }

  /** The job a repeated Idempotency-Key stands for, or the refusal of another body under it. */
  async function earlierJob(erp: ErpContext, key: string, sha256: string): Promise<string | undefined> {
    const earlier = await jobs.findByIdempotencyKey(erp.tenantId, erp.client.id, key);
    if (!earlier) return undefined;
    if (earlier.body_sha256 !== sha256) throw new AppError('unprocessable', 'erp.job.idempotency.mismatch', { field: 'Idempotency-Key' });
    return earlier.public_id;
  }

  return {
    limits: deps.limits,

    /** Receives a load; answers its job's id (an earlier job's for a repeated Idempotency-Key and body). */
    async receive(erp: ErpContext, request: ReceiveJob): Promise<{ jobId: string }> {
      requireScope(erp, scopeOfJobType[request.type]);
      if (request.mode === 'full' && !isFullLoadType(request.type)) throw new AppError('validation', 'erp.job.full.unsupported', { field: 'mode', params: { type: request.type } });
      const publicId = newPublicId();
      const jobId = await jobs.createReceiving({ publicId, tenantId: erp.tenantId, clientId: erp.client.id, type: request.type, mode: request.mode, now: clock.now().toISOString() });
      try {
        const received = await receiveJobBody(request.body, { ...deps.limits, gzip: request.gzip }, (chunkNo, firstLine, text) => jobs.addChunk(jobId, chunkNo, firstLine, text));
        const key = request.idempotencyKey;
        const earlier = key ? await earlierJob(erp, key, received.sha256) : undefined;
        if (earlier) {
          await jobs.discard(jobId);
          return { jobId: earlier };
        }
        try {
          await jobs.markQueued(jobId, { idempotencyKey: key, sha256: received.sha256, rowCount: received.rows, chunkCount: received.chunks, now: clock.now().toISOString() });
        } catch (error) {
          // The same key sent twice at once: the one queued first stands.
          if (!key || !isUniqueViolation(error)) throw error;
          const first = await earlierJob(erp, key, received.sha256);
          await jobs.discard(jobId);
          if (!first) throw error;
          return { jobId: first };
        }
        deps.wake();
        return { jobId: publicId };
      } catch (error) {
        await jobs.discard(jobId);
        throw error;
      }
    },

    async get(erp: ErpContext, publicId: string) {
      return jobView(await visibleJob(erp, publicId));
    },

    /** The failed rows after line `afterLine`, `limit` at a time; nextCursor while more follow. */
    async errors(erp: ErpContext, publicId: string, afterLine: number, limit: number) {
      const job = await visibleJob(erp, publicId);
      const page = await jobs.errorsAfter(job.id, afterLine, limit + 1);
      const rows = page.slice(0, limit).map((row) => ({ line: row.line, key: row.key, problems: JSON.parse(row.problems) as RowProblem[] }));
      return { rows, nextCursor: page.length > limit ? String(rows.at(-1)!.line) : null };
    },

    /** Lets a full load waiting for confirmation deactivate what it would. */
    async confirm(erp: ErpContext, publicId: string) {
      const job = await visibleJob(erp, publicId);
      if (!(await jobs.confirm(job.id))) throw new AppError('conflict', 'erp.job.confirm.not_waiting', { params: { state: job.state } });
      deps.wake();
      return jobView({ ...job, state: 'queued', confirmed: 1 });
    },
  };
}

/** A job as GET /erp/v1/jobs/{id} answers it. */
export function jobView(job: JobRow) {
  return {
    id: job.public_id,
    type: job.type as JobType,
    mode: job.mode as JobMode,
    state: job.state as 'queued' | 'running' | 'done' | 'failed' | 'needs_confirmation',
    rows: job.row_count,
    counts: {
      read: job.read_count,
      created: job.created_count,
      updated: job.updated_count,
      unchanged: job.unchanged_count,
      failed: job.failed_count,
      deactivated: job.deactivated_count,
    },
    chunks: { total: job.chunk_count, committed: job.next_chunk },
    deactivation: job.would_deactivate === null ? null : { scope: job.scope_count ?? 0, wouldDeactivate: job.would_deactivate, confirmed: job.confirmed === 1 },
    failure: job.failure,
    receivedAt: job.received_at!,
    startedAt: job.started_at,
    finishedAt: job.finished_at,
  };
}

export type ErpJobsService = ReturnType<typeof createErpJobsService>;
