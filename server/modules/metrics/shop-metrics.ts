import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, PoolUsage } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createOutboxReadingsRepository, type OutboxReading, type OutboxReadings } from './outbox-readings.repository.ts';

// The metrics one app serves at GET /metrics (Prometheus text format). Each app has its own registry, never
// prom-client's global one: tests build several apps in one process, and each must count only its own.
// Requests are counted as they are answered (one histogram observation each); pool, outboxes and process
// are read when scraped. The outboxes' gauges are a registry apart, appended only when the database answered:
// a scrape while it does not leaves them out rather than repeat old values.

export interface ShopMetricsLog {
  warn(details: object, message: string): void;
}

export interface ShopMetricsOptions {
  db: Database;
  clock: Clock;
  /** The PostgreSQL pool's usage; absent on SQLite, which then has no pool metrics. */
  poolUsage?: (() => PoolUsage) | undefined;
  log: ShopMetricsLog;
}

/** From a fast API answer (a few ms) to a slow export or page (seconds). */
const requestBucketsSeconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The outboxes as the `outbox` label names them. */
const outboxNames = {
  mail: 'mail',
  searchEngine: 'search_engine',
  webhook: 'webhook',
  stockAlarm: 'stock_alarm',
  erpJob: 'erp_job',
  erpEvent: 'erp_event',
} as const satisfies Record<keyof OutboxReadings, string>;

export function createShopMetrics(options: ShopMetricsOptions) {
  const { clock, poolUsage, log } = options;
  const outboxes = createOutboxReadingsRepository(options.db);
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer sent, by route pattern, method and status (_count: the requests).',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: requestBucketsSeconds,
    registers,
  });

  const mailSendFailures = new Counter({
    name: 'shop_mail_send_failures_total',
    help: 'Mails this process failed to send (each is retried later), by mail kind.',
    labelNames: ['kind'] as const,
    registers,
  });

  if (poolUsage) {
    const poolGauge = (name: string, help: string, read: (usage: PoolUsage) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(poolUsage()));
        },
      });
    poolGauge('shop_db_pool_connections', 'Connections the database pool holds open (busy and idle).', (usage) => usage.total);
    poolGauge('shop_db_pool_idle_connections', 'Open connections of the database pool that no query uses.', (usage) => usage.idle);
    poolGauge('shop_db_pool_waiting_callers', 'Queries waiting for a connection of the full database pool.', (usage) => usage.waiting);
  }

  const outboxReadSuccess = new Gauge({
    name: 'shop_outbox_read_success',
    help: '1 when this scrape read the outboxes from the database, 0 when it could not (their metrics are then left out).',
    registers,
  });

  const outboxRegistry = new Registry();
  const outboxRegisters = [outboxRegistry];
  const outboxDepth = new Gauge({
    name: 'shop_outbox_depth',
    help: 'What waits in each outbox (webhook: the events the enabled endpoints are behind, summed).',
    labelNames: ['outbox'] as const,
    registers: outboxRegisters,
  });
  const outboxOldestAge = new Gauge({
    name: 'shop_outbox_oldest_age_seconds',
    help: 'Age of the oldest thing waiting in each outbox; 0 when none waits (the search-engine outbox keeps no time).',
    labelNames: ['outbox'] as const,
    registers: outboxRegisters,
  });
  const mailFailing = new Gauge({
    name: 'shop_mail_outbox_failing',
    help: 'Unsent mails whose last attempt failed (retried with a growing pause).',
    registers: outboxRegisters,
  });
  const erpEventHead = new Gauge({
    name: 'shop_erp_event_feed_head_seq',
    help: 'The highest seq the ERP event feed has given (of any tenant).',
    registers: outboxRegisters,
  });

  function ageSeconds(reading: OutboxReading, now: number): number {
    if (reading.oldestAt === null) return 0;
    // Another instance's clock may run a little ahead: a thing written "in the future" is 0 s old.
    return Math.max(0, (now - Date.parse(reading.oldestAt)) / 1000);
  }

  /** Sets the outboxes' gauges from the database; answers whether it could read them. */
  async function readOutboxes(): Promise<boolean> {
    let readings: OutboxReadings;
    try {
      readings = await outboxes.read();
    } catch (error) {
      log.warn({ err: error }, 'metrics: the outboxes could not be read');
      return false;
    }
    const now = clock.now().getTime();
    for (const [key, outbox] of Object.entries(outboxNames) as [keyof OutboxReadings, string][]) {
      const reading = readings[key];
      outboxDepth.set({ outbox }, reading.depth);
      if (key !== 'searchEngine') outboxOldestAge.set({ outbox }, ageSeconds(reading, now));
    }
    mailFailing.set(readings.mail.failing);
    erpEventHead.set(readings.erpEvent.headSeq);
    return true;
  }

  return {
    contentType: registry.contentType,

    /** Notes one answered request (`route`: a pattern or a fixed name, never a raw path). */
    observeRequest(route: string, method: string, status: number, seconds: number): void {
      requestDuration.observe({ route, method, status }, seconds);
    },

    mailSendFailed(kind: string): void {
      mailSendFailures.inc({ kind });
    },

    /** Every metric as Prometheus text, the outboxes read from the database now. */
    async render(): Promise<string> {
      const read = await readOutboxes();
      outboxReadSuccess.set(read ? 1 : 0);
      return read ? `${await registry.metrics()}\n${await outboxRegistry.metrics()}` : registry.metrics();
    },
  };
}

export type ShopMetrics = ReturnType<typeof createShopMetrics>;
