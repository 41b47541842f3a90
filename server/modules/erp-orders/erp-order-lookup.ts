import type { ErpContext } from '../access/erp-access.ts';
import { AppError } from '../../errors.ts';
import type { ErpOrderRepository, ErpOrderRow } from './erp-order.repository.ts';

/** The tenant's order by its number; another tenant's order answers exactly like an unknown one (404). */
export async function erpOrderOf(orders: ErpOrderRepository, ctx: ErpContext, orderNumber: string): Promise<ErpOrderRow> {
  const order = await orders.findOrder(ctx.tenantId, orderNumber);
  if (!order) throw new AppError('not_found', 'order.not_found');
  return order;
}
