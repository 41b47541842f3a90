import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import type { TestShop } from './helper.ts';

// What the load job tests share: POST /erp/v1/jobs with an NDJSON body, and waiting for a job to settle.

export interface JobAnswer {
  id: string;
  type: string;
  mode: string;
  state: string;
  rows: number;
  counts: { read: number; created: number; updated: number; unchanged: number; failed: number; deactivated: number };
  chunks: { total: number; committed: number };
  deactivation: { scope: number; wouldDeactivate: number; confirmed: boolean } | null;
  failure: string | null;
  receivedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface JobErrorRow {
  line: number;
  key: string;
  errors: { path: string; code: string; message: string }[];
}

export const ndjson = (rows: readonly unknown[]) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n';

export interface PostJobOptions {
  mode?: string;
  idempotencyKey?: string;
  gzip?: boolean;
  headers?: Record<string, string>;
}

/** POST /erp/v1/jobs?type=…: `body` as sent (rows become NDJSON). */
export function postJob(shop: TestShop, secret: string, type: string, body: string | Buffer | readonly unknown[], options: PostJobOptions = {}) {
  const text = typeof body === 'string' || Buffer.isBuffer(body) ? body : ndjson(body);
  const payload = options.gzip ? gzipSync(text) : text;
  return shop.app.inject({
    method: 'POST',
    url: `/erp/v1/jobs?type=${type}${options.mode ? `&mode=${options.mode}` : ''}`,
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/x-ndjson',
      ...(options.gzip ? { 'content-encoding': 'gzip' } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...options.headers,
    },
    payload,
  });
}

/** A job that must be accepted: its id. */
export async function startJob(shop: TestShop, secret: string, type: string, body: string | Buffer | readonly unknown[], options: PostJobOptions = {}): Promise<string> {
  const answer = await postJob(shop, secret, type, body, options);
  expect(answer.statusCode, answer.body).toBe(202);
  return answer.json<{ jobId: string }>().jobId;
}

export async function readJob(shop: TestShop, secret: string, id: string) {
  const answer = await shop.app.inject({ method: 'GET', url: `/erp/v1/jobs/${id}`, headers: { authorization: `Bearer ${secret}` } });
  return { statusCode: answer.statusCode, body: answer.json<JobAnswer>() };
}

/** Waits until the job is done, failed or waits for confirmation (the test shop runs jobs on its request thread). */
export async function settledJob(shop: TestShop, secret: string, id: string): Promise<JobAnswer> {
  for (let tries = 0; tries < 400; tries++) {
    await shop.services.erpJobRunner.runNow();
    const { statusCode, body } = await readJob(shop, secret, id);
    expect(statusCode).toBe(200);
    if (!['queued', 'running'].includes(body.state)) return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not settle`);
}

/** Every failed row of the job, page by page. */
export async function jobErrors(shop: TestShop, secret: string, id: string, limit = 100): Promise<{ rows: JobErrorRow[]; pages: number }> {
  const rows: JobErrorRow[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = `/erp/v1/jobs/${id}/errors?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const answer = await shop.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });
    expect(answer.statusCode, answer.body).toBe(200);
    const page: { rows: JobErrorRow[]; nextCursor: string | null } = answer.json();
    rows.push(...page.rows);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor);
  return { rows, pages };
}
