import { maxAlarms, snappedQuantity, type StockAlarm } from '../../../core/stock-alarms.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { ErpContext } from '../access/erp-access.ts';
import type { NotificationUsers } from '../access/notification-users.ts';
import { auditHook } from '../sales-persons/acting-audit.ts';
import type { AlarmOwner, AlarmRepository, AlarmRow, DemandEntry } from './alarm.repository.ts';
import { lookUpWishedProducts, type WishedProductDeps, type WishedProducts } from './wished-products.ts';

// Stock alarms (docs/product.md, Stock alarms and notifications): a buyer asks to be told when a product (or
// one of its variants) is there in the wished quantity. One alarm per user, company they act for and domain
// reference: asking again changes the quantity and re-arms it. A product the buyer may not see answers like
// an unknown one. The list shows each alarm with the product's name in the reader's language and its stock
// state now; an alarm whose product the reader no longer sees keeps its stored name and shows as out of stock.

export interface AlarmInput {
  name: string;
  domainId: number;
  domainReference: string;
  quantity?: number | undefined;
}

interface AlarmDeps extends WishedProductDeps {
  alarms: AlarmRepository;
  notificationUsers: NotificationUsers;
}

function ownerOf(ctx: { tenant: { id: number }; identity: { userId: number; companyId: number } }): AlarmOwner {
  return { tenantId: ctx.tenant.id, userId: ctx.identity.userId, companyId: ctx.identity.companyId };
}

function toAlarm(row: AlarmRow, wished: WishedProducts): StockAlarm {
  return {
    _id: row.id,
    name: wished.find(row.product_id, row.domain_reference)?.name ?? row.name,
    domainId: row.product_id,
    domainReference: row.domain_reference,
    quantity: row.quantity,
    createdAt: row.created_at,
    firedAt: row.fired_at,
    stock: wished.stockOf(row.product_id, row.domain_reference, row.quantity),
  };
}

export function createAlarmService(deps: AlarmDeps) {
  return {
    /** Sets an alarm (or changes the quantity of the one there is, and re-arms it). */
    async saveAlarm(requestCtx: RequestContext, input: AlarmInput): Promise<StockAlarm> {
      const ctx = await deps.notificationUsers.contextOf(requestCtx);
      const wished = await lookUpWishedProducts(ctx, deps, [{ productId: input.domainId, domainReference: input.domainReference }]);
      const found = wished.find(input.domainId, input.domainReference);
      if (!found) throw new AppError('not_found', 'error.product_not_found', { field: 'domainId' });
      const quantity = snappedQuantity(input.quantity, found.product.salesBatchSize);
      const saved = await deps.alarms.save(
        ownerOf(ctx),
        { productId: found.product.id, variantId: found.variant?.id ?? null, name: input.name, domainReference: input.domainReference, quantity },
        maxAlarms,
        auditHook(ctx, 'alarm.saved', { domainReference: input.domainReference, quantity }),
      );
      if (saved === 'limit') throw new AppError('unprocessable', 'error.alarm_limit', { params: { max: maxAlarms } });
      return toAlarm(saved, wished);
    },

    /** The caller's alarms for the company they act for, newest first. */
    async listAlarms(requestCtx: RequestContext): Promise<StockAlarm[]> {
      const ctx = await deps.notificationUsers.contextOf(requestCtx);
      const rows = await deps.alarms.list(ownerOf(ctx), maxAlarms);
      const wished = await lookUpWishedProducts(ctx, deps, rows.map((row) => ({ productId: row.product_id, domainReference: row.domain_reference })));
      return rows.map((row) => toAlarm(row, wished));
    },

    /** Deletes the caller's alarms among `ids`; ids of others delete nothing and count 0. */
    async deleteAlarms(requestCtx: RequestContext, ids: readonly number[]): Promise<{ deleted: number }> {
      const ctx = await deps.notificationUsers.contextOf(requestCtx);
      return { deleted: await deps.alarms.delete(ownerOf(ctx), [...new Set(ids)], auditHook(ctx, 'alarm.deleted')) };
    },

    /** Purchasing's view (GET /erp/v1/alarms/demand): open alarms per sku or variant sku of the client's tenant. */
    async demand(ctx: ErpContext, page: { after: string | null; limit: number }): Promise<{ data: DemandEntry[]; next: string | null }> {
      const rows = await deps.alarms.demand(ctx.tenantId, page.after, page.limit);
      const last = rows.at(-1);
      return { data: rows.map((row) => row.entry), next: rows.length === page.limit && last ? last.domainReference : null };
    },
  };
}

export type AlarmService = ReturnType<typeof createAlarmService>;
