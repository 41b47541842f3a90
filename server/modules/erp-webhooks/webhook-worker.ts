import { createBackgroundLoop } from '../../lib/background-loop.ts';
import type { Clock } from '../../lib/clock.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import type { ClaimedEndpoint, EndpointProgress, WebhookRepository } from './webhook.repository.ts';
import { isRetryableStatus, retryAfterMs, webhookGiveUpAfterMs, webhookRetryPauseMs } from './webhook-retry.ts';
import { webhookSignature } from './webhook-signature.ts';

// Sends the ERP event feed's sequenced events to the webhook endpoints that asked for their types
// (docs/erp-integration.md, Webhooks), in every app process on the background loop. A round claims due
// endpoints (a lease, safe across processes: webhook.repository.ts) and works on each in parallel: it
// sends the endpoint's next event after its cursor, one at a time in seq order. A 2xx or another 4xx
// moves the cursor on (the latter noted as failed); a 5xx, 408, 429 or no answer within the timeout
// keeps the event and tries it again later (webhook-retry.ts) until 24 hours of failures disable the
// endpoint. Every attempt is noted for GET /erp/v1/webhooks/{id}/deliveries. Delivery is at least once.

export interface WebhookWorkerLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WebhookWorkerOptions {
  webhooks: WebhookRepository;
  clock: Clock;
  pauseMs: number;
  log: WebhookWorkerLog;
  /** How long a receiver has to answer. */
  timeoutMs?: number;
}

/** Endpoints claimed per round, worked on in parallel; each one's events go out one after another. */
const endpointsPerClaim = 50;
/** Events sent to one endpoint per claim: with the timeout they end well within the lease. */
const eventsPerClaim = 4;
const leaseMs = 60_000;
/** The attempts GET …/deliveries shows; older ones are deleted. */
export const attemptsKept = 50;

type Outcome = { kind: 'delivered' | 'refused'; status: number } | { kind: 'retry'; status: number | null; error: string | null; retryAfterMs?: number };

export function createWebhookWorker(options: WebhookWorkerOptions) {
  const { webhooks, clock, log } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function send(endpoint: ClaimedEndpoint, eventId: number, body: string): Promise<Outcome> {
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/json',
          'webhook-id': String(eventId),
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(endpoint.secret, String(eventId), timestamp, body),
        },
        body,
      });
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) return { kind: 'delivered', status: response.status };
      if (isRetryableStatus(response.status)) {
        const pause = retryAfterMs(response.headers.get('retry-after'), clock.now());
        return { kind: 'retry', status: response.status, error: null, ...(pause !== undefined ? { retryAfterMs: pause } : {}) };
      }
      return { kind: 'refused', status: response.status };
    } catch (error) {
      const message = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      return { kind: 'retry', status: null, error: message };
    }
  }

  /** Sends the claimed endpoint's next events; stops at a failure to try again, or when it lost its lease. */
  async function work(endpoint: ClaimedEndpoint, until: string): Promise<number> {
    const types = parseJsonColumn<string[]>(endpoint.types, []);
    let state = { lastSeq: Number(endpoint.last_seq), attempts: Number(endpoint.attempts), failingSince: endpoint.failing_since };
    let delivered = 0;
    for (let sent = 0; sent < eventsPerClaim; sent++) {
      // The head is read first: every event up to it is visible, so none of the endpoint's types is passed over.
      const head = await webhooks.headSeq(endpoint.tenant_id);
      const event = await webhooks.nextEvent(endpoint.tenant_id, state.lastSeq, types);
      if (!event) {
        // Only events of other types are left: the cursor moves past them, so the endpoint is not claimed for them again.
        if (head > state.lastSeq) await webhooks.saveProgress(endpoint.id, until, { ...state, lastSeq: head, nextAttemptAt: clock.now().toISOString(), disabledAt: null });
        break;
      }
      const body = JSON.stringify({ id: event.id, type: event.type, seq: Number(event.seq), occurredAt: event.occurred_at, data: parseJsonColumn<unknown>(event.data, {}) });
      const outcome = await send(endpoint, event.id, body);
      const now = clock.now();
      const attempt = state.attempts + 1;
      await webhooks.noteAttempt({
        endpointId: endpoint.id,
        eventId: event.id,
        type: event.type,
        attempt,
        status: outcome.status,
        error: outcome.kind === 'retry' ? outcome.error : null,
        at: now.toISOString(),
      });
      let progress: EndpointProgress;
      if (outcome.kind !== 'retry') {
        if (outcome.kind === 'delivered') delivered += 1;
        else log.warn({ endpointId: endpoint.id, eventId: event.id, status: outcome.status }, 'webhook refused; going on with the next event');
        progress = { lastSeq: Number(event.seq), attempts: 0, failingSince: null, nextAttemptAt: now.toISOString(), disabledAt: null };
      } else {
        const failingSince = state.failingSince ?? now.toISOString();
        const givenUp = now.getTime() - Date.parse(failingSince) >= webhookGiveUpAfterMs;
        const pause = outcome.retryAfterMs ?? webhookRetryPauseMs(attempt);
        progress = { lastSeq: state.lastSeq, attempts: attempt, failingSince, nextAttemptAt: new Date(now.getTime() + pause).toISOString(), disabledAt: givenUp ? now.toISOString() : null };
        if (givenUp) log.error({ endpointId: endpoint.id, eventId: event.id }, 'webhook endpoint disabled after 24 hours of failures');
      }
      if (!(await webhooks.saveProgress(endpoint.id, until, progress))) return delivered;
      await webhooks.trimAttempts(endpoint.id, attemptsKept);
      if (outcome.kind === 'retry') break;
      state = progress;
    }
    await webhooks.release(endpoint.id, until);
    return delivered;
  }

  /** One round: claims the due endpoints (up to a batch; the next round takes the rest); answers how many events were delivered. */
  async function runRound(): Promise<number> {
    try {
      const now = clock.now();
      const until = new Date(now.getTime() + leaseMs).toISOString();
      const claimed = await webhooks.claimDue(endpointsPerClaim, now.toISOString(), until);
      // One endpoint's failure (it was deleted meanwhile, the database hiccupped) leaves the others be; its lease runs out.
      const counts = await Promise.all(
        claimed.map((endpoint) =>
          work(endpoint, until).catch((error: unknown) => {
            log.error({ err: error, endpointId: endpoint.id }, 'webhook delivery failed');
            return 0;
          }),
        ),
      );
      return counts.reduce((sum, count) => sum + count, 0);
    } catch (error) {
      log.error({ err: error }, 'webhook round failed');
      return 0;
    }
  }

  const loop = createBackgroundLoop({ runRound, pauseMs: () => options.pauseMs });
  return {
    start: loop.start,
    stop: loop.stop,
    /** Sends what is due now (after the round under way); answers how many events were delivered. For tests. */
    deliverOnce: loop.runNow,
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
