import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import type { ErpContext } from '../access/erp-access.ts';
import type { ErpEventType } from '../erp-events/erp-event-types.ts';
import type { WebhookRepository } from './webhook.repository.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { attemptsKept } from './webhook-worker.ts';

// The ERP's webhook endpoints (docs/erp-integration.md, Webhooks): registered, listed, changed (enabled
// again after the worker gave up) and removed per tenant; the worker (webhook-worker.ts) sends them the events of their types sequenced after their
// registration.

/** Plain http only to this machine (a receiver under test); everything else must be https. */
const localHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

function checkedUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('validation', 'erp.webhooks.url.invalid', { field: 'url' });
  }
  const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && localHosts.has(url.hostname));
  if (!allowed || url.username !== '' || url.password !== '') throw new AppError('validation', 'erp.webhooks.url.invalid', { field: 'url' });
  return url.href;
}

function endpointView(row: { id: number; url: string; types: string; disabled_at: string | null; created_at: string }) {
  return { id: row.id, url: row.url, types: parseJsonColumn<ErpEventType[]>(row.types, []), disabled: row.disabled_at !== null, disabledAt: row.disabled_at, createdAt: row.created_at };
}

export function createWebhookService(deps: { webhooks: WebhookRepository; clock: Clock }) {
  const { webhooks, clock } = deps;

  async function mustExist(ctx: ErpContext, id: number): Promise<void> {
    if (!(await webhooks.exists(ctx.tenantId, id))) throw new AppError('not_found', 'erp.webhooks.not_found');
  }

  return {
    /** Registers an endpoint for the events sequenced from now on; answers it with its secret, shown only here. */
    async register(ctx: ErpContext, input: { url: string; types: readonly ErpEventType[] }) {
      const url = checkedUrl(input.url);
      const secret = newWebhookSecret();
      const row = await webhooks.create({
        tenantId: ctx.tenantId,
        url,
        types: [...new Set(input.types)],
        secret,
        lastSeq: await webhooks.headSeq(ctx.tenantId),
        now: clock.now().toISOString(),
      });
      return { ...endpointView(row), secret };
    },

    async list(ctx: ErpContext) {
      return (await webhooks.list(ctx.tenantId)).map(endpointView);
    },

    /**
     * Changes an endpoint's address or types, enables or disables it. Enabling resumes where it stopped:
     * the event it failed on first, then every one after it the feed still keeps (30 days), with the retry
     * state forgotten. A new address is tried at once too: the old one's failures do not count against it.
     */
    async change(ctx: ErpContext, id: number, input: { url?: string | undefined; types?: readonly ErpEventType[] | undefined; enabled?: boolean | undefined }) {
      const now = clock.now().toISOString();
      const row = await webhooks.update(ctx.tenantId, id, {
        ...(input.url !== undefined ? { url: checkedUrl(input.url), retriesFrom: now } : {}),
        ...(input.types !== undefined ? { types: [...new Set(input.types)] } : {}),
        ...(input.enabled === true ? { disabledAt: null, retriesFrom: now } : {}),
        ...(input.enabled === false ? { disabledAt: now } : {}),
      });
      if (!row) throw new AppError('not_found', 'erp.webhooks.not_found');
      return endpointView(row);
    },

    async remove(ctx: ErpContext, id: number): Promise<void> {
      if (!(await webhooks.remove(ctx.tenantId, id))) throw new AppError('not_found', 'erp.webhooks.not_found');
    },

    /** The endpoint's last attempts, newest first. */
    async deliveries(ctx: ErpContext, id: number) {
      await mustExist(ctx, id);
      const rows = await webhooks.attempts(id, attemptsKept);
      return rows.map((row) => ({ eventId: row.event_id, type: row.type as ErpEventType, attempt: row.attempt, status: row.status, error: row.error, at: row.at }));
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
