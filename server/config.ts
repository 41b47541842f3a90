import path from 'node:path';
import { z } from 'zod';
import type { CacheLifetimes } from './cache.ts';

// Every setting the process reads from its environment, parsed once at start.
// Anything the browser may see goes through `publicConfig` below, never this object.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).default('./data/shop.sqlite'),
  PUBLIC_URL: z.url().optional(),
  DEFAULT_TENANT: z.string().regex(/^[a-z0-9-]+$/).default('demo'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_OUTBOX_DIR: z.string().default('./data/outbox'),
  MAIL_WORKER: z.enum(['on', 'off']).optional(),
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
  ALARM_WORKER: z.enum(['on', 'off']).optional(),
  ALARM_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
  MEDIA_DIR: z.string().default('./data/media'),
  FILES_DIR: z.string().default('./data/files'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 14),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  CATALOG_ANSWER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  CATALOG_COUNT_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  HOUSEKEEPING_MS: z.coerce.number().int().min(1_000).max(24 * 3_600_000).default(3_600_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(15_000),
  // `true` trusts any proxy; better a list of the load balancers' addresses or networks, so an X-Forwarded-For
  // is read only when the proxy sent it (docs/operations.md).
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, context) => {
      if (v === 'true' || v === 'false') return v === 'true';
      const addresses = v.split(',').map((part) => part.trim());
      if (addresses.every((address) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(address))) return addresses;
      context.addIssue({ code: 'custom', message: 'must be true, false or a comma-separated list of IP addresses or networks' });
      return z.NEVER;
    }),
  SEARCH_ENGINE_URL: z.url().optional(),
  SEARCH_ENGINE_PUBLIC_URL: z.url().optional(),
  SEARCH_ENGINE_API_KEY: z.string().min(1).optional(),
  SEARCH_ENV: z.string().regex(/^[A-Za-z0-9_-]+$/).default('shop'),
  SEARCH_ENGINE_SYNC_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url().optional(),
  PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  PAYMENT_SWEEP_MS: z.coerce.number().int().min(50).max(600_000).default(60_000),
  ERP_EVENT_SEQUENCE_MS: z.coerce.number().int().min(20).max(10_000).default(200),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
  ERP_JOBS: z.enum(['thread', 'inline', 'off']).optional(),
  ERP_JOB_CHUNK_ROWS: z.coerce.number().int().min(1).max(1_000).default(250),
  ERP_JOB_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  ERP_JOB_CHUNK_PAUSE_MS: z.coerce.number().int().min(0).max(10_000).default(5),
  ERP_JOB_MAX_MB: z.coerce.number().int().min(1).max(2_048).default(200),
  ERP_JOB_MAX_UNPACKED_MB: z.coerce.number().int().min(1).max(8_192).default(1_024),
  METRICS_TOKEN: z.string().min(16).optional(),
}).refine((e) => !e.SEARCH_ENGINE_URL || e.SEARCH_ENGINE_API_KEY, { path: ['SEARCH_ENGINE_API_KEY'], message: 'is required with SEARCH_ENGINE_URL' })
  .refine((e) => !e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET, { path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required with STRIPE_SECRET_KEY' })
  .refine((e) => !e.STRIPE_WEBHOOK_SECRET || e.STRIPE_SECRET_KEY, { path: ['STRIPE_SECRET_KEY'], message: 'is required with STRIPE_WEBHOOK_SECRET' })
  .refine((e) => e.SHUTDOWN_TIMEOUT_MS > e.SHUTDOWN_DRAIN_MS, { path: ['SHUTDOWN_TIMEOUT_MS'], message: 'must be longer than SHUTDOWN_DRAIN_MS' });

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { engine: DatabaseEngine; url: string };
  publicUrl: string;
  defaultTenant: string;
  smtpUrl: string | undefined;
  mailOutboxDir: string;
  /** The mail outbox worker of this process (on by default; off by default under NODE_ENV=test, where tests drive it). */
  mailWorker: { enabled: boolean; pollMs: number };
  /** The stock alarms' worker of this process (ADR 0027; on by default; off by default under NODE_ENV=test, where tests drive it). */
  alarmWorker: { enabled: boolean; pollMs: number };
  mediaDir: string;
  /** The file store of product documents and downloads (ADR 0030): shared by every instance of the shop. */
  filesDir: string;
  /** Seed the demo data when the database has no tenant yet (first start). */
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionTtlHours: number;
  loginThrottle: { maxAttempts: number; windowMinutes: number };
  /** Whose X-Forwarded-For is believed: nobody's, any proxy's, or the listed addresses' and networks'. */
  trustProxy: boolean | string[];
  /** How long each kind of cached data lives; a catalogue answer's 0 never reuses one (for measurements). */
  cacheLifetimes: CacheLifetimes;
  /** Deleting what expired (sessions, login attempts and throttles, password links): the pause between rounds; off by default under NODE_ENV=test, where tests run the rounds. */
  housekeeping: { pauseMs: number; enabled: boolean };
  /**
   * Stopping on SIGTERM or SIGINT (server/lib/graceful-stop.ts): how long /readyz answers 503 before the
   * server closes, so the load balancer has taken the instance out; and the limit after which it exits anyway.
   */
  shutdown: { drainMs: number; timeoutMs: number };
  /** The external search engine (Meilisearch, ADR 0009), or null: the built-in search serves alone. */
  searchEngine: SearchEngineConfig | null;
  payment: PaymentConfig;
  /** The ERP event feed's sequencer (ADR 0021): the pause between rounds; off by default under NODE_ENV=test, where commits and tests run the rounds. */
  erpEvents: { sequenceMs: number; sequencerEnabled: boolean };
  /** The pause between rounds of the webhook worker; off under NODE_ENV=test (tests drive a round). */
  webhooks: { pollMs: number; workerEnabled: boolean };
  /**
   * Load jobs (ADR 0023): where this process runs them (a worker thread of its own, the request thread, or
   * not at all: other processes do), rows per chunk and transaction, the pause between looks for jobs,
   * and the largest body taken, as sent and unpacked. Inline by default under NODE_ENV=test.
   */
  erpJobs: { runner: 'thread' | 'inline' | 'off'; chunkRows: number; pollMs: number; chunkPauseMs: number; maxBodyBytes: number; maxTextBytes: number };
  /** GET /metrics (Prometheus): the bearer token a scraper sends, or null: the route answers like an unknown path. */
  metrics: { token: string | null };
}

export interface PaymentConfig {
  /** Stripe Checkout, or null: only the methods on account are offered. */
  stripe: StripeConfig | null;
  /** An online order still unpaid after this is cancelled and its stock released. */
  timeoutMinutes: number;
  /** Pause between two looks for overdue online orders. */
  sweepMs: number;
  /** Off by default under NODE_ENV=test, where tests run the rounds themselves. */
  sweepEnabled: boolean;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its requests (a local stand-in in tests), or null: Stripe's own API. */
  apiBase: URL | null;
  /** The origin of the hosted checkout pages, which the checkout form may be redirected to. */
  checkoutOrigin: string;
}

export interface SearchEngineConfig {
  /** Where the shop reaches the engine. */
  url: string;
  /** Where browsers reach it (defaults to `url`). */
  publicUrl: string;
  /** An admin key: indexes the documents and signs the tenant tokens (never sent to a browser). */
  apiKey: string;
  /** Prefix of the index names: `{env}_b2b_material`. */
  env: string;
  /** Pause between two rounds of sending changed documents. */
  syncIntervalMs: number;
}

export function databaseEngineOf(url: string): DatabaseEngine {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration in the environment:\n${problems}`);
  }
  const e = parsed.data;
  const engine = databaseEngineOf(e.DATABASE_URL);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: {
      engine,
      url: engine === 'sqlite' && e.DATABASE_URL !== ':memory:' ? path.resolve(e.DATABASE_URL) : e.DATABASE_URL,
    },
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    defaultTenant: e.DEFAULT_TENANT,
    smtpUrl: e.SMTP_URL,
    mailOutboxDir: path.resolve(e.MAIL_OUTBOX_DIR),
    mailWorker: { enabled: e.MAIL_WORKER ? e.MAIL_WORKER === 'on' : e.NODE_ENV !== 'test', pollMs: e.MAIL_POLL_MS },
    alarmWorker: { enabled: e.ALARM_WORKER ? e.ALARM_WORKER === 'on' : e.NODE_ENV !== 'test', pollMs: e.ALARM_POLL_MS },
    mediaDir: path.resolve(e.MEDIA_DIR),
    filesDir: path.resolve(e.FILES_DIR),
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    loginThrottle: { maxAttempts: e.LOGIN_MAX_ATTEMPTS, windowMinutes: e.LOGIN_WINDOW_MINUTES },
    trustProxy: e.TRUST_PROXY,
    cacheLifetimes: { sharedMs: e.CACHE_MS, answerMs: e.CATALOG_ANSWER_CACHE_MS, countMs: e.CATALOG_COUNT_CACHE_MS },
    housekeeping: { pauseMs: e.HOUSEKEEPING_MS, enabled: e.NODE_ENV !== 'test' },
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    searchEngine:
      e.SEARCH_ENGINE_URL && e.SEARCH_ENGINE_API_KEY
        ? {
            url: e.SEARCH_ENGINE_URL.replace(/\/+$/, ''),
            publicUrl: (e.SEARCH_ENGINE_PUBLIC_URL ?? e.SEARCH_ENGINE_URL).replace(/\/+$/, ''),
            apiKey: e.SEARCH_ENGINE_API_KEY,
            env: e.SEARCH_ENV,
            syncIntervalMs: e.SEARCH_ENGINE_SYNC_MS,
          }
        : null,
    payment: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : null,
              checkoutOrigin: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE).origin : 'https://checkout.stripe.com',
            }
          : null,
      timeoutMinutes: e.PAYMENT_TIMEOUT_MINUTES,
      sweepMs: e.PAYMENT_SWEEP_MS,
      sweepEnabled: e.NODE_ENV !== 'test',
    },
    erpEvents: { sequenceMs: e.ERP_EVENT_SEQUENCE_MS, sequencerEnabled: e.NODE_ENV !== 'test' },
    webhooks: { pollMs: e.WEBHOOK_POLL_MS, workerEnabled: e.NODE_ENV !== 'test' },
    erpJobs: {
      runner: e.ERP_JOBS ?? (e.NODE_ENV === 'test' ? 'inline' : 'thread'),
      chunkRows: e.ERP_JOB_CHUNK_ROWS,
      pollMs: e.ERP_JOB_POLL_MS,
      chunkPauseMs: e.ERP_JOB_CHUNK_PAUSE_MS,
      maxBodyBytes: e.ERP_JOB_MAX_MB * 1024 * 1024,
      maxTextBytes: e.ERP_JOB_MAX_UNPACKED_MB * 1024 * 1024,
    },
    metrics: { token: e.METRICS_TOKEN ?? null },
  };
}
