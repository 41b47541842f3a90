import { moneyIn, moneyOut } from '../../../core/api-money.ts';
import { bpToPercent } from '../../../core/basis-points.ts';
import type { TotalsLine } from '../../../core/cart-totals.ts';
import { checkoutTotals } from '../../../core/checkout-totals.ts';
import { formatCents } from '../../../core/money.ts';
import { orderLinesSearchText } from '../../../core/order-search-words.ts';
import type { DatabaseTransaction } from '../../db/database.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import type { NewRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordErpEvent } from '../erp-events/erp-event.repository.ts';
import { createBasketRepository, type StoredBasketLine } from '../basket/basket.repository.ts';
import { refreshPrice } from '../basket/basket-prices.ts';
import { groupBuyerProducts, unitPriceCents, type BuyerProduct, type BuyerVariant } from '../basket/buyer-products.ts';
import { createBuyerProductsRepository, type BuyerScope } from '../basket/buyer-products.repository.ts';
import type { Configuration } from '../settings/settings.service.ts';
import type { CheckoutAddress, CheckoutBuyer } from './checkout-data.repository.ts';
import { createCheckoutRequestRepository } from './checkout-request.repository.ts';
import { createOrderWrites, provisionalOrderNumber } from './order-writes.repository.ts';
import { addressSnapshotOf, orderProgressOf, toOrderDetail, type CostsSnapshot, type OrderDetail } from './order-view.ts';
import type { StatusNames } from './order-history-statuses.ts';
import type { PlaceOrderInput } from './order-placement.service.ts';
import type { ShippingMethodRates } from '../../../core/shipping-price.ts';
import { allocateStock, mustNotOversell } from '../../../core/stock-allocation.ts';
import type { TaxConversionError } from '../../../core/tax-conversion.ts';
import type { SignedInContext } from '../access/access-policy.ts';
import { actingFor } from '../sales-persons/acting-audit.ts';
import { placedByOf, recordActing } from '../sales-persons/acting-audit.repository.ts';

// Step 3 of placing an order (order-placement.service.ts), all on one transaction: whatever fails,
// nothing of the order, its stock, its number or the basket's change stays. A broken rule throws a
// RefusedPlacement carrying the price changes the basket must show, which the caller writes after the
// rollback.

export interface PlacementPlan {
  ctx: SignedInContext;
  input: PlaceOrderInput;
  scope: BuyerScope;
  configuration: Configuration;
  buyer: CheckoutBuyer;
  address: CheckoutAddress;
  invoiceAddress: CheckoutAddress | null;
  shipping: { name: string; rates: ShippingMethodRates };
  /** The method as the configuration offers it, its name in the buyer's language. */
  payment: { id: number; code: string; name: string };
  /** Paid online: the order waits for its payment until this time (no confirmation mail before). */
  paymentDueAt: Date | null;
  minimumOrderCents: number;
  notes: { deliveryDate: string | null; text: string }[];
  /** The status names in the buyer's language: the answer shows the placed order's status by name. */
  statuses: StatusNames;
}

type PriceChange = Parameters<ReturnType<typeof createBasketRepository>['updateLinePrices']>[1][number];


interface PricedLine {
  line: StoredBasketLine;
  product: BuyerProduct;
  variant: BuyerVariant | null;
  unitCents: number;
  /** The rate this buyer pays for the line (buyerVatRateBp), known: a line without one refuses the order. */
  vatRateBp: number;
  quantities: number[];
}

/** A broken rule: thrown out of the transaction so it rolls back, with the price changes the basket must show after. */
export class RefusedPlacement extends Error {
  readonly error: AppError;
  readonly priceChanges: PriceChange[];
  constructor(error: AppError, priceChanges: PriceChange[] = []) {
    super(error.messageKey);
    this.error = error;
    this.priceChanges = priceChanges;
  }
}

function quantitiesOf(line: StoredBasketLine, seasonCount: number): number[] {
  if (line.order_type === 'order') return [line.quantity];
  const stored = parseJsonColumn<unknown>(line.quantities, null);
  const list = Array.isArray(stored) ? stored : [];
  return Array.from({ length: seasonCount }, (_, index) => (Number.isInteger(list[index]) && list[index] > 0 ? (list[index] as number) : 0));
}

/** Reads the cart of the plan's type under the basket's lock and prices it as of now. */
async function pricedLines(trx: DatabaseTransaction, plan: PlacementPlan): Promise<PricedLine[]> {
  const { ctx, input, configuration } = plan;
  const basketId = await createOrderWrites(trx).lockBasket(ctx.tenant.id, ctx.identity);
  const stored = basketId === undefined ? [] : await createBasketRepository(trx).listLines(ctx.tenant.id, basketId);
  const seasonCount = configuration.seasons.length;
  const lines = stored.filter((line) => line.order_type === input.orderType && quantitiesOf(line, seasonCount).some((q) => q > 0));
  if (lines.length === 0) throw new RefusedPlacement(new AppError('unprocessable', 'checkout.cart.empty'));

  const variantSkus = [...new Set(lines.flatMap((line) => (line.variant_sku ? [line.variant_sku] : [])))];
  const rows = await createBuyerProductsRepository(trx).find(plan.scope, { by: 'id', ids: [...new Set(lines.map((line) => line.product_id))] }, variantSkus);
  const products = groupBuyerProducts(rows, ctx.locale, plan.scope);
  const unavailable: { sku: string; variantSku: string | null }[] = [];
  const untaxed: { sku: string; variantSku: string | null; name: string; error: TaxConversionError }[] = [];
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const product = products.get(line.product_id);
    const variant = line.variant_sku ? (product?.variants.get(line.variant_sku) ?? null) : null;
    const unitCents = product && (variant || !line.variant_sku) ? unitPriceCents(product, variant, { orderType: line.order_type, quantity: line.quantity }) : 0;
    if (!product || unitCents <= 0) unavailable.push({ sku: line.sku, variantSku: line.variant_sku });
    else if (!product.vat.ok) untaxed.push({ sku: line.sku, variantSku: line.variant_sku, name: variant?.name ?? product.name, error: product.vat.error });
    else priced.push({ line, product, variant, unitCents, vatRateBp: product.vat.rateBp, quantities: quantitiesOf(line, seasonCount) });
  }
  if (unavailable.length > 0) throw new RefusedPlacement(new AppError('conflict', 'checkout.lines.unavailable', { details: { lines: unavailable } }));
  // The shop never guesses a VAT rate (ADR 0016): a line the buyer's country has no rate for cannot be charged.
  if (untaxed.length > 0) {
    const { key, params } = untaxed[0]!.error;
    throw new RefusedPlacement(new AppError('unprocessable', key, { params, details: { lines: untaxed } }));
  }

  const changes = priced.flatMap(({ line, unitCents }) => {
    const refreshed = refreshPrice({ unitPriceCents: line.unit_price_cents, oldPriceCents: line.old_price_cents }, unitCents);
    return refreshed ? [{ line, unitCents, change: { lineId: line.id, expectedUnitPriceCents: line.unit_price_cents, ...refreshed } }] : [];
  });
  if (changes.length > 0) {
    const currency = priced[0]!.product.currency;
    const details = changes.map(({ line, unitCents }) => ({
      sku: line.sku,
      variantSku: line.variant_sku,
      oldPrice: moneyOut(line.unit_price_cents, currency),
      newPrice: moneyOut(unitCents, currency),
    }));
    throw new RefusedPlacement(new AppError('conflict', 'checkout.price.changed', { details: { lines: details } }), changes.map((entry) => entry.change));
  }
  return priced;
}

/** Takes stock for every line that needs it, in product and variant id order; answers the backordered quantity per line. */
async function allocate(trx: DatabaseTransaction, plan: PlacementPlan, lines: readonly PricedLine[]): Promise<Map<number, number>> {
  const writes = createOrderWrites(trx);
  const tenantId = plan.ctx.tenant.id;
  const backordered = new Map<number, number>();
  const ordered = [...lines].sort((a, b) => a.product.id - b.product.id || (a.variant?.id ?? 0) - (b.variant?.id ?? 0));
  const stockLines = ordered.filter((entry) => entry.line.order_type === 'order');
  const stock = await writes.lockStock(
    tenantId,
    [...new Set(stockLines.filter((entry) => !entry.variant).map((entry) => entry.product.id))],
    [...new Set(stockLines.flatMap((entry) => (entry.variant ? [entry.variant.id] : [])))],
  );
  const short: { sku: string; variantSku: string | null; requested: number; available: number; season?: number }[] = [];
  const takes: { entry: PricedLine; productId: number; variantId: number | null; quantity: number }[] = [];
  for (const entry of stockLines) {
    const available = (entry.variant ? stock.variants.get(entry.variant.id) : stock.products.get(entry.product.id)) ?? 0;
    const decision = allocateStock({ requested: entry.line.quantity, available, mustNotOversell: mustNotOversell(entry.product, plan.configuration) });
    if (!decision.ok) {
      short.push({ sku: entry.line.sku, variantSku: entry.line.variant_sku, requested: entry.line.quantity, available: decision.available });
      continue;
    }
    // What this line takes is no longer there for a later line of the same product.
    if (entry.variant) stock.variants.set(entry.variant.id, available - decision.taken);
    else stock.products.set(entry.product.id, available - decision.taken);
    backordered.set(entry.line.id, decision.backordered);
    takes.push({ entry, productId: entry.product.id, variantId: entry.variant?.id ?? null, quantity: decision.taken });
  }
  // One guarded update per table for every line (a refused order takes nothing: it rolls back anyway).
  if (short.length === 0) {
    const missing = await writes.takeStocks(tenantId, takes);
    for (const { entry, productId, variantId } of takes) {
      if (variantId ? missing.variants.has(variantId) : missing.products.has(productId)) {
        short.push({ sku: entry.line.sku, variantSku: entry.line.variant_sku, requested: entry.line.quantity, available: 0 });
      }
    }
  }
  const seasons = plan.configuration.seasons;
  for (const entry of ordered.filter((candidate) => candidate.line.order_type === 'preOrder' && candidate.product.isStockFreeze)) {
    for (const [index, quantity] of entry.quantities.entries()) {
      const season = seasons[index];
      if (!season || quantity === 0) continue;
      if (!(await writes.takePreStock(tenantId, entry.product.id, season._id, quantity))) {
        short.push({ sku: entry.line.sku, variantSku: entry.line.variant_sku, requested: quantity, available: 0, season: season._id });
      }
    }
  }
  if (short.length > 0) throw new RefusedPlacement(new AppError('conflict', 'stock.not.enough.error', { details: { lines: short } }));
  return backordered;
}

/**
 * Places the order of the plan on `trx`; throws RefusedPlacement (Kysely then rolls back) for every broken
 * rule. Gives back the order as it is shown, made of the rows the database returned from the writes: the
 * same snapshot a later read finds, without three more queries on the way to the buyer's answer.
 */
export async function placeInTransaction(trx: DatabaseTransaction, plan: PlacementPlan): Promise<{ orderId: number; order: OrderDetail }> {
  const { ctx, input, configuration, buyer } = plan;
  const tenantId = ctx.tenant.id;
  const lines = await pricedLines(trx, plan);
  const currency = lines[0]!.product.currency;
  const totalsLines: TotalsLine[] = lines.map((entry) => ({
    orderType: entry.line.order_type,
    quantity: entry.line.quantity,
    quantities: entry.quantities,
    unitPriceCents: entry.unitCents,
    // unitPriceCents is already the price of the line's type (core/buyer-price.ts).
    preOrderPriceCents: null,
    vatRateBp: entry.vatRateBp,
    currency,
  }));
  const freight =
    buyer.freight_expense_cents !== null && buyer.freight_expense_until_cents !== null
      ? { freightExpenseCents: buyer.freight_expense_cents, freightExpenseUntilCents: buyer.freight_expense_until_cents }
      : null;
  const figures = checkoutTotals({
    lines: totalsLines,
    discountPercent: bpToPercent(buyer.discount_percent_bp),
    discountType: buyer.discount_type,
    showNetPrices: buyer.show_net_prices === 1,
    fallbackCurrency: currency,
    shipping: { method: plan.shipping.rates, countryCode: plan.address.country_code!, freight },
    minimumOrderCents: plan.minimumOrderCents,
  });
  if (figures.shippingUnavailable || !figures.shipping) throw new RefusedPlacement(new AppError('unprocessable', 'checkout.shipping.unavailable', { field: 'shippingMethodId' }));
  if (!figures.minimum.meets) {
    const { amountCents, missingCents } = figures.minimum;
    const locale = ctx.locale;
    throw new RefusedPlacement(
      new AppError('unprocessable', 'cart.minimum.amount', {
        params: { amount: formatCents(amountCents, currency, locale), missing: formatCents(missingCents, currency, locale) },
        details: { minimum: moneyOut(amountCents, currency), missing: moneyOut(missingCents, currency) },
      }),
    );
  }
  const totals = figures.totals;
  // A total with a fraction of a cent (moneyIn answers null) is no total the buyer was shown.
  if (input.expectedTotal !== undefined && moneyIn(input.expectedTotal.valueGross) !== totals.total.grossCents) {
    throw new RefusedPlacement(new AppError('conflict', 'checkout.total.changed', { details: { total: moneyOut(totals.total.grossCents, currency) } }));
  }

  const backordered = await allocate(trx, plan, lines);
  const writes = createOrderWrites(trx);
  const now = new Date().toISOString();
  // A sales person acting for the company: the order says who placed it, and the company's audit trail too.
  const acting = actingFor(ctx);
  const placedBy = acting ? await placedByOf(trx, acting) : null;
  const costs: CostsSnapshot = {
    goodsNetCents: totals.goods.netCents,
    discount: totals.discount.treatment === 'deducted' ? { treatment: 'deducted', percent: totals.discount.percent, netCents: totals.discount.netCents } : totals.discount,
    shippingNetCents: figures.shipping.methodCents,
    freightNetCents: figures.shipping.freightCents,
    vatByRate: totals.vatByRate,
    netCents: totals.total.netCents,
    vatCents: totals.total.vatCents,
    grossCents: totals.total.grossCents,
  };
  const order = await writes.insertOrder({
    tenant_id: tenantId,
    // The real number comes last (assignOrderNumber): the tenant's counter stays locked until the commit.
    order_number: provisionalOrderNumber(input.idempotencyKey),
    company_id: buyer.company_id,
    user_id: ctx.identity.userId,
    order_type: input.orderType,
    order_date: now,
    delivery_date: input.orderType === 'order' ? (input.requestedDeliveryDate ?? null) : null,
    external_order_number: input.externalOrderNumber ?? null,
    displayed_order_description: input.orderType === 'preOrder' ? 'preOrder' : 'order',
    status_id: '1',
    payment_method: plan.payment.name,
    payment_method_id: plan.payment.id,
    payment_status: plan.paymentDueAt ? 'awaiting' : 'open',
    payment_due_at: plan.paymentDueAt?.toISOString() ?? null,
    locale: ctx.locale,
    shipping_method_id: input.shippingMethodId,
    shipping_method_name: plan.shipping.name,
    receiver_company: plan.address.company_name ?? buyer.company_name,
    receiver_first_name: plan.address.first_name,
    receiver_last_name: plan.address.last_name,
    receiver_street: plan.address.street,
    receiver_street2: plan.address.street2,
    receiver_zip_code: plan.address.zip_code,
    receiver_city: plan.address.city,
    receiver_country_code: plan.address.country_code,
    receiver_country_name: plan.address.country_name,
    receiver_phone: plan.address.phone_number,
    invoice_address: plan.invoiceAddress ? JSON.stringify(addressSnapshotOf(plan.invoiceAddress)) : null,
    shipping_price_cents: totals.shipping.netCents,
    discount_percent_bp: buyer.discount_percent_bp,
    discount_cents: totals.discount.treatment === 'deducted' ? totals.discount.netCents : 0,
    net_total_cents: totals.total.netCents,
    vat_total_cents: totals.total.vatCents,
    gross_total_cents: totals.total.grossCents,
    currency,
    costs: JSON.stringify(costs),
    // The seller as it is at placement (migration 0017's shape): the order's confirmation PDF prints this, whatever changes later.
    seller: JSON.stringify({
      name: configuration.company.name,
      address: configuration.company.address,
      postCode: configuration.company.postCode,
      city: configuration.company.city,
      countryCode: configuration.company.country.code,
      countryName: configuration.company.country.name,
      phone: configuration.company.phone,
      email: configuration.company.email,
      logoUrl: configuration.company.logo,
    }),
    search_text: orderLinesSearchText(lines.map((entry) => ({ sku: entry.line.sku, variant_sku: entry.line.variant_sku, name: entry.variant?.name ?? entry.product.name }))),
    idempotency_key: input.idempotencyKey,
    placed_by_user_id: acting?.salesPersonId ?? null,
    placed_by: placedBy ? JSON.stringify(placedBy) : null,
    created_at: now,
    updated_at: now,
  });
  const orderId = order.id;

  const seasons = configuration.seasons;
  const items: NewRow<'order_items'>[] = [];
  for (const entry of lines) {
    const base = {
      tenant_id: tenantId,
      order_id: orderId,
      product_id: entry.product.id,
      variant_id: entry.variant?.id ?? null,
      sku: entry.line.sku,
      variant_sku: entry.line.variant_sku,
      name: entry.variant?.name ?? entry.product.name,
      order_type: entry.line.order_type,
      unit_price_cents: entry.unitCents,
      vat_rate_bp: entry.vatRateBp,
      currency,
      custom_attributes: entry.line.custom_attributes,
    };
    if (entry.line.order_type === 'order') {
      const quantity = entry.line.quantity;
      const backorderedQuantity = backordered.get(entry.line.id) ?? 0;
      items.push({
        ...base,
        season_id: null,
        quantity,
        line_net_cents: entry.unitCents * quantity,
        delivery_date: input.requestedDeliveryDate ?? null,
        backordered_quantity: backorderedQuantity,
        allocated_quantity: quantity - backorderedQuantity,
        sort_order: items.length,
      });
      continue;
    }
    entry.quantities.forEach((quantity, index) => {
      const season = seasons[index];
      if (!season || quantity === 0) return;
      // A frozen product's pre-order took its quantity from the season's pre-stock (allocate above).
      const allocated = entry.product.isStockFreeze ? quantity : 0;
      items.push({ ...base, season_id: season._id, quantity, line_net_cents: entry.unitCents * quantity, delivery_date: season.date, backordered_quantity: 0, allocated_quantity: allocated, sort_order: items.length });
    });
  }
  const itemRows = await writes.insertItems(items);
  const notes = plan.notes.map((note) => ({ tenant_id: tenantId, order_id: orderId, delivery_date: note.deliveryDate, note: note.text }));
  await writes.insertNotes(notes);
  await writes.removeBasketLines(tenantId, lines.map((entry) => entry.line.id));
  await createCheckoutRequestRepository(trx).bind(tenantId, input.idempotencyKey, orderId);
  // The confirmation mail commits (or rolls back) with the order: exactly one per committed order. An
  // order paid online gets it when the payment is confirmed (payments/payment.repository.ts).
  if (!plan.paymentDueAt) await writes.queueConfirmationMail({ tenantId, orderId, recipient: buyer.email, locale: ctx.locale, placedForCompanyId: acting?.companyId });
  const orderNumber = await writes.assignOrderNumber(tenantId, orderId);
  // The ERP's feed reports the order with its commit (docs/decisions/0021-erp-event-feed.md).
  await recordErpEvent(trx, { tenantId, type: 'order.placed', data: { orderNumber }, occurredAt: now });
  if (acting) await recordActing(trx, acting, 'order.placed', { orderId, orderNumber, orderType: input.orderType }, placedBy?.name);
  // Just placed: the default status, a timeline of its placement, no parcels yet (what a read finds too).
  const progress = orderProgressOf(order, plan.statuses, [], [], [], []);
  return { orderId, order: toOrderDetail({ ...order, order_number: orderNumber }, itemRows, notes, progress) };
}
