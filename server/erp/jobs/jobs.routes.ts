import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isIdempotencyKey } from '../../../core/idempotency-key.ts';
import { AppError } from '../../errors.ts';
import { announcedLengthHeaders } from '../../http/announced-length.ts';
import { parseInput } from '../../http/validation.ts';
import { translatorFor } from '../../i18n.ts';
import { defaultErrorsPageSize } from '../../modules/erp-jobs/erp-jobs.service.ts';
import { jobModes, jobStates, jobTypes } from '../../modules/erp-jobs/job-types.ts';
import { answeredErrors, rowErrorSchema } from '../../modules/erp/row-results.ts';
import type { Services } from '../../services.ts';
import { errorAnswerSchema } from '../erp-route-docs.ts';
import { ndjsonContentType } from '../ndjson.ts';

// Large loads as jobs (docs/erp-integration.md, "Large loads as jobs"; ADR 0023):
//   POST /jobs?type=…&mode=delta|full     NDJSON (gzip with Content-Encoding: gzip), streamed into the
//                                         database: 202 {jobId}; Idempotency-Key gives the same job again;
//   GET  /jobs/{id}                       state, counts, timings;
//   GET  /jobs/{id}/errors?cursor=        the failed rows, a page at a time;
//   POST /jobs/{id}/confirm               a full load waiting for confirmation deactivates what it would.
// A job needs its type's scope (that of its PUT route), checked by the route (erpScope 'jobType'); a job
// of a type the client may not load, of another tenant or unknown answers the same 404.

const tags = ['Load jobs'];
const config = { erpScope: 'jobType' } as const;
const maxErrorsPageSize = 1000;

const jobQuery = z.object({
  type: z.enum(jobTypes).meta({ description: 'What the rows are: the same rows as the PUT route of that name takes.', example: 'products' }),
  mode: z
    .enum(jobModes)
    .default('delta')
    .meta({ description: '`full`: the load is the whole set; records of its scope it does not name are deactivated (products and companies only).' }),
});

const jobParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).meta({ description: 'The job’s id as POST /jobs answered it.' }) });

const errorsQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional()
    .meta({ description: '`nextCursor` of the previous page; the first page without it.' }),
  limit: z.coerce.number().int().min(1).max(maxErrorsPageSize).default(defaultErrorsPageSize),
});

const acceptedAnswer = z.object({ jobId: z.string() }).meta({ id: 'JobAccepted', example: { jobId: 'q3Hn0m1x8GZ1cYk8Vb2o7A' } });

const jobAnswer = z
  .object({
    id: z.string(),
    type: z.enum(jobTypes),
    mode: z.enum(jobModes),
    state: z.enum(jobStates).meta({ description: 'queued → running → done; failed; needs_confirmation (a full load that would deactivate over 5 % of its scope).' }),
    rows: z.number().int().meta({ description: 'The rows (non-blank lines) received.' }),
    counts: z.object({
      read: z.number().int().meta({ description: 'Rows run so far; equals `rows` once done.' }),
      created: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      failed: z.number().int(),
      deactivated: z.number().int().meta({ description: 'Records of the scope a full load did not name, deactivated (never deleted).' }),
    }),
    chunks: z.object({ total: z.number().int(), committed: z.number().int() }),
    deactivation: z
      .object({
        scope: z.number().int().meta({ description: 'Active records of the type before the deactivation.' }),
        wouldDeactivate: z.number().int(),
        confirmed: z.boolean(),
      })
      .nullable()
      .meta({ description: 'A full load’s reckoning once its rows ran; null before and for delta loads.' }),
    failure: z.string().nullable().meta({ description: 'The message key a failed job failed with.' }),
    receivedAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({
    id: 'Job',
    example: {
      id: 'q3Hn0m1x8GZ1cYk8Vb2o7A',
      type: 'products',
      mode: 'delta',
      state: 'done',
      rows: 20000,
      counts: { read: 20000, created: 120, updated: 1830, unchanged: 18045, failed: 5, deactivated: 0 },
      chunks: { total: 80, committed: 80 },
      deactivation: null,
      failure: null,
      receivedAt: '2026-11-26T02:00:04.120Z',
      startedAt: '2026-11-26T02:00:04.180Z',
      finishedAt: '2026-11-26T02:01:31.977Z',
    },
  });

const errorsAnswer = z
  .object({
    rows: z.array(
      z.object({
        line: z.number().int().meta({ description: 'The row’s line in the body, from 1 (blank lines counted).' }),
        key: z.string().meta({ description: 'The row’s key as sent; empty when it had none (or the line was no JSON).' }),
        errors: z.array(rowErrorSchema),
      }),
    ),
    nextCursor: z.string().nullable().meta({ description: 'Send as `cursor` for the next page; null on the last.' }),
  })
  .meta({ id: 'JobErrors' });

/** The body as it streams in (the parser below hands it on unread). */
const ndjsonStream = z
  .custom<Readable>((value) => typeof value === 'object' && value !== null && typeof (value as Readable).pipe === 'function', 'erp.job.body.empty')
  .meta({ type: 'string', format: 'binary', description: 'NDJSON: one row a line, as the PUT route of the type takes them; gzip with Content-Encoding: gzip.' });

const idempotencyHeaders = z.object({
  'idempotency-key': z.string().optional().meta({ description: 'The same key with the same body answers the first job again; with another body 422.' }),
  'content-encoding': z.string().optional().meta({ description: '`gzip` for a compressed body; none otherwise.' }),
});

export default async function jobRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { maxBodyBytes } = services.erpJobs.limits;

  // The upload's own scope: NDJSON only, handed on as the stream it is, never read whole into memory.
  await app.register(async (uploadScope) => {
    uploadScope.removeAllContentTypeParsers();
    uploadScope.addContentTypeParser(ndjsonContentType, (_request, payload, done) => done(null, payload));
    uploadScope.withTypeProvider<ZodTypeProvider>().post(
      '/jobs',
      {
        config,
        bodyLimit: maxBodyBytes,
        schema: {
          tags,
          summary: 'Start a load job',
          description: [
            `Takes a load of any size (up to ${Math.round(maxBodyBytes / 1024 / 1024)} MB as sent) as NDJSON, the rows of the PUT route of \`type\`, and answers 202 with the job’s id at once;`,
            'the rows run in the background, a few hundred per transaction, jobs of one client and type one after the other in the order received.',
            'Needs the scope of that PUT route. A line that is no JSON fails as its row. `mode=full` (products, companies) deactivates the records it did not name;',
            'over 5 % of them it waits in needs_confirmation for POST /jobs/{id}/confirm. An empty body answers 400, one too large (as sent or unpacked) 413,',
            'another Content-Type 415, an Idempotency-Key used before with another body 422.',
          ].join(' '),
          consumes: [ndjsonContentType],
          querystring: jobQuery,
          headers: idempotencyHeaders,
          body: ndjsonStream,
          response: { 202: acceptedAnswer, 413: errorAnswerSchema, 415: errorAnswerSchema, 422: errorAnswerSchema },
        },
      },
      async (request, reply) => {
        const { type, mode } = request.query;
        const key = request.headers['idempotency-key'];
        if (key !== undefined && !isIdempotencyKey(key)) throw new AppError('validation', 'erp.job.idempotency_key.invalid', { field: 'Idempotency-Key' });
        const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
        if (encoding !== 'gzip' && encoding !== 'identity') throw new AppError('unsupported_media_type', 'erp.job.encoding.unsupported', { params: { encoding } });
        const announced = parseInput(announcedLengthHeaders, request.headers)['content-length'] ?? 0;
        if (announced > maxBodyBytes) throw new AppError('payload_too_large', 'erp.job.body.too_large', { params: { max: Math.round(maxBodyBytes / 1024 / 1024) } });
        const answer = await services.erpJobs.receive(request.erp, { type, mode, idempotencyKey: key ?? null, gzip: encoding === 'gzip', body: request.body });
        return reply.code(202).send(answer);
      },
    );
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/jobs/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A load job’s state and counts',
        description: 'Readable by the clients of the tenant with the scope of the job’s type; any other id answers 404.',
        params: jobParams,
        response: { 200: jobAnswer },
      },
    },
    async (request) => services.erpJobs.get(request.erp, request.params.id),
  );

  routes.get(
    '/jobs/:id/errors',
    {
      config,
      schema: {
        tags,
        summary: 'A load job’s failed rows',
        description: 'The failed rows in line order, `limit` a page (100 by default): each with its line, its key and its errors, as the PUT routes answer them.',
        params: jobParams,
        querystring: errorsQuery,
        response: { 200: errorsAnswer },
      },
    },
    async (request) => {
      const page = await services.erpJobs.errors(request.erp, request.params.id, Number(request.query.cursor ?? 0), request.query.limit);
      const translate = translatorFor(request.ctx.locale);
      return {
        rows: page.rows.map((row) => ({
          line: row.line,
          key: row.key,
          errors: answeredErrors(row.problems, translate),
        })),
        nextCursor: page.nextCursor,
      };
    },
  );

  routes.post(
    '/jobs/:id/confirm',
    {
      config,
      schema: {
        tags,
        summary: 'Confirm a full load’s deactivation',
        description: 'A full load in needs_confirmation goes on and deactivates the records it did not name. A job in any other state answers 409.',
        params: jobParams,
        response: { 200: jobAnswer, 409: errorAnswerSchema },
      },
    },
    async (request) => services.erpJobs.confirm(request.erp, request.params.id),
  );
}
