import { createHash } from 'node:crypto';
import { minimumOrderAmount, personalMinimumOrderCents } from '../../../core/cart-totals.ts';
import { amountToCents } from '../../../core/money.ts';
import { shippingMethodRates } from '../../../core/checkout-input.ts';
import type { OrderType } from '../../../core/catalog-types.ts';
import { earliestDeliveryDate } from '../../../core/delivery-date.ts';
import type { RequestContext } from '../../context.ts';
import { actsForCompany, requireAccess, requireCompany, type SignedInContext } from '../access/access-policy.ts';
import type { Database, DatabaseTransaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { createBasketRepository } from '../basket/basket.repository.ts';
import type { BuyerScope } from '../basket/buyer-products.repository.ts';
import { buyerVatUnder } from '../catalog/catalog-viewer.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ProductVisibility } from '../catalog/product-visibility.repository.ts';
import { orderBlockerOf } from './buyer-standing.ts';
import { onlinePaymentCode } from '../payments/payment-provider.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { createCheckoutDataRepository, type CheckoutDataRepository } from './checkout-data.repository.ts';
import { createCheckoutRequestRepository, type CheckoutRequestRepository } from './checkout-request.repository.ts';
import type { OrderStatusNames, StatusNames } from './order-history-statuses.ts';
import { placeInTransaction, RefusedPlacement, type PlacementPlan } from './order-transaction.ts';

// POST /api/order/create (docs/product.md, Checkout): the buyer's cart of one type becomes an order, exactly once.
//  1. Claim the Idempotency-Key: a repeated request gets the order of the first (200), a second click
//     while the first still runs is told so (409), the key with another body is refused (422).
//  2. In one transaction with step 3, read as stored now and never from what an instance keeps in memory
//     (an order placed on one instance right after a change made on another charges the change): the
//     account, the company's blocks, discount, freight, minimum and VAT country, the site's shipping rates,
//     minimum amount, VAT table and seasons; then check the terms, the address, the shipping and payment
//     method, the delivery date and notes.
//  3. In the same transaction (order-transaction.ts): re-price every line, check the rules, allocate stock
//     with guarded updates, take the order number, write the snapshot, empty that cart type, bind the key.
//  The payment mode says which methods the caller may use: on account here (POST /api/order/create),
//  online through POST /api/payment/createOrder, whose order waits for its payment.
//  4. A refusal gives the key back, so the corrected cart can be ordered with it; prices that changed
//     are written to the basket lines (updatedPrice/oldPrice) after the rollback.

export interface PlaceOrderInput {
  idempotencyKey: string;
  orderType: OrderType;
  shippingAddressId: number;
  shippingMethodId: number;
  paymentMethodId: number;
  termsAccepted: boolean;
  externalOrderNumber?: string | undefined;
  requestedDeliveryDate?: string | undefined;
  notes?: { deliveryDate: string; text: string }[] | undefined;
  expectedTotal?: { valueGross: number } | undefined;
}

/** How the order is paid: on account (placed at once) or online (placed awaiting its payment). */
export type PaymentMode = 'onAccount' | 'online';

interface PlacementDeps {
  db: Database;
  /** Which products the buyer may see (the category tree this instance keeps), and the day of their prices. */
  catalog: Pick<CatalogService, 'visibilityOf' | 'priceDay'>;
  settings: Pick<SettingsService, 'readConfiguration'>;
  /** The buyer's standing outside an order (orderBlocker); an order reads it on its transaction. */
  checkoutData: CheckoutDataRepository;
  /** Whether online payment is configured, and how long an online order may wait for its payment. */
  onlinePayment: { available: boolean; timeoutMinutes: number };
  /** The order as the API answers it, for a repeated key. */
  orderView(ctx: RequestContext, orderId: number): Promise<unknown>;
  /** The status names the answer shows (kept in memory: no statement on the way to the order). */
  statusNames: Pick<OrderStatusNames, 'namesFor'>;
  clock: Clock;
  /** Told after the order committed with its ERP event, to sequence it soon. */
  erpEvents: { afterCommit(): void };
}

interface KeptForPlacement {
  visibility: ProductVisibility;
  statuses: StatusNames;
}

/** A claim older than this belongs to a request whose process died: the key may be used again. */
const abandonedAfterMs = 60_000;

function requestHash(input: PlaceOrderInput): string {
  const { idempotencyKey: _key, ...body } = input;
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

export function createOrderPlacement(deps: PlacementDeps) {
  const requests: CheckoutRequestRepository = createCheckoutRequestRepository(deps.db);

  /** Step 1: null when this request may place the order, else the answer a repeated key gets. */
  async function claimKey(ctx: SignedInContext, input: PlaceOrderInput, hash: string) {
    const tenantId = ctx.tenant.id;
    const now = deps.clock.now();
    const existing = await requests.claim({ tenantId, key: input.idempotencyKey, userId: ctx.identity.userId, requestHash: hash, now: now.toISOString() });
    if (!existing) return null;
    if (existing.user_id !== ctx.identity.userId || existing.request_hash !== hash) throw new AppError('unprocessable', 'checkout.idempotency.mismatch');
    if (existing.order_id !== null) return { status: 200 as const, orderId: existing.order_id, order: await deps.orderView(ctx, existing.order_id) };
    const startedBefore = new Date(now.getTime() - abandonedAfterMs).toISOString();
    if (await requests.takeOverAbandoned({ tenantId, key: input.idempotencyKey, startedBefore, now: now.toISOString() })) return null;
    throw new AppError('conflict', 'checkout.already.clicked');
  }

  /**
   * What this instance keeps in memory and an order may take from there, read before the transaction (a
   * read on the pool while the transaction holds a connection could wait for a connection forever): which
   * products the buyer may see, and the status names the answer shows.
   */
  async function keptFor(ctx: SignedInContext): Promise<KeptForPlacement> {
    const [visibility, statuses] = await Promise.all([deps.catalog.visibilityOf(ctx), deps.statusNames.namesFor(ctx)]);
    return { visibility, statuses };
  }

  /** Step 2, on the order's transaction (its one connection, one statement at a time): everything step 3 needs to know, and the checks that need no lock. */
  async function planOf(trx: DatabaseTransaction, ctx: SignedInContext, input: PlaceOrderInput, mode: PaymentMode, kept: KeptForPlacement): Promise<PlacementPlan> {
    const tenantId = ctx.tenant.id;
    const { companyId } = requireCompany(ctx).identity;
    const checkoutData = createCheckoutDataRepository(trx);
    const buyer = await checkoutData.findBuyer(tenantId, ctx.identity.userId, companyId);
    const configuration = await deps.settings.readConfiguration(ctx, createSettingsRepository(trx));
    const { address, invoiceAddress } = await checkoutData.findAddresses(tenantId, companyId, input.shippingAddressId);
    const { visibility, statuses } = kept;
    const blocker = orderBlockerOf(buyer);
    if (blocker || !buyer) throw new AppError('forbidden', blocker ?? 'login.blocked');
    if (!input.termsAccepted) throw new AppError('unprocessable', 'checkout.terms.required', { field: 'termsAccepted' });
    if (!address) throw new AppError('not_found', 'address.not_found', { field: 'shippingAddressId' });
    if (!address.country_code) throw new AppError('unprocessable', 'address.missing.country', { field: 'shippingAddressId' });
    const method = configuration.shippingMethods.find((candidate) => candidate._id === input.shippingMethodId);
    if (!method) throw new AppError('not_found', 'checkout.shipping_method.not_found', { field: 'shippingMethodId' });
    const shipping = { name: method.name, rates: shippingMethodRates(method) };
    // Like the shipping methods, the payment methods the configuration offers: the active ones, the online
    // method only with a configured provider (an unoffered one answers like an unknown one).
    const offered = configuration.paymentMethods.find((candidate) => candidate._id === input.paymentMethodId);
    if (!offered) throw new AppError('not_found', 'checkout.payment_method.not_found', { field: 'paymentMethodId' });
    const online = offered.code === onlinePaymentCode;
    // An order paid online is placed by POST /api/payment/createOrder, which sends the buyer to pay it.
    if (online !== (mode === 'online')) throw new AppError('unprocessable', online ? 'checkout.payment_method.online' : 'checkout.payment_method.on_account', { field: 'paymentMethodId' });

    const earliest = earliestDeliveryDate(deps.clock.now());
    if (input.orderType === 'order' && input.requestedDeliveryDate && input.requestedDeliveryDate < earliest) {
      throw new AppError('validation', 'checkout.delivery_date.too_early', { field: 'requestedDeliveryDate', params: { date: earliest } });
    }
    const deliveryDates =
      input.orderType === 'order' ? [input.requestedDeliveryDate ?? null] : configuration.seasons.map((season) => season.date);
    const notes = configuration.isOrderNoteFieldActive ? (input.notes ?? []).filter((note) => note.text.trim() !== '') : [];
    const strayNote = notes.findIndex((note) => !deliveryDates.includes(note.deliveryDate) && !(input.orderType === 'order' && deliveryDates[0] === null));
    if (strayNote >= 0) throw new AppError('validation', 'checkout.note.date', { field: `notes.${strayNote}.deliveryDate` });

    const personalMinimum = personalMinimumOrderCents(buyer.user_min_cart_amount_cents, buyer.company_min_cart_amount_cents);
    const scope: BuyerScope = { ...visibility, companyId, vat: buyerVatUnder(configuration, buyer.vat_country_code), today: deps.catalog.priceDay() };
    return {
      ctx,
      input,
      scope,
      configuration,
      buyer,
      address,
      invoiceAddress: invoiceAddress ?? null,
      shipping,
      payment: { id: offered._id, code: offered.code, name: offered.translatedName },
      paymentDueAt: online ? new Date(deps.clock.now().getTime() + deps.onlinePayment.timeoutMinutes * 60_000) : null,
      minimumOrderCents: minimumOrderAmount(personalMinimum, amountToCents(configuration.minimumOrderAmount.price.value)),
      notes: notes.map((note) => ({ deliveryDate: input.orderType === 'order' ? (input.requestedDeliveryDate ?? null) : note.deliveryDate, text: note.text.trim() })),
      statuses,
    };
  }

  return {
    /** The first day a buyer may ask delivery for, on the shop's clock: the checkout offers it, placement holds to it. */
    earliestDeliveryDate(): string {
      return earliestDeliveryDate(deps.clock.now());
    },

    /**
     * What keeps the signed-in buyer from ordering at all, as a message key (buyer-standing.ts), or null:
     * the checkout says it before the click.
     */
    async orderBlocker(requestCtx: RequestContext): Promise<string | null> {
      const ctx = requireAccess(requestCtx, 'buyer');
      if (!actsForCompany(ctx)) return 'error.forbidden';
      return orderBlockerOf(await deps.checkoutData.findBuyer(ctx.tenant.id, ctx.identity.userId, ctx.identity.companyId));
    },

    async placeOrder(requestCtx: RequestContext, input: PlaceOrderInput, mode: PaymentMode = 'onAccount'): Promise<{ status: 200 | 201; orderId: number; order: unknown }> {
      const ctx = requireAccess(requestCtx, 'buyer');
      const hash = requestHash(input);
      const repeated = await claimKey(ctx, input, hash);
      if (repeated) return repeated;
      try {
        const kept = await keptFor(requireCompany(ctx));
        const { orderId, order } = await deps.db.transaction().execute(async (trx) => placeInTransaction(trx, await planOf(trx, ctx, input, mode, kept)));
        deps.erpEvents.afterCommit();
        return { status: 201, orderId, order };
      } catch (error) {
        await requests.release(ctx.tenant.id, input.idempotencyKey);
        if (!(error instanceof RefusedPlacement)) throw error;
        // Step 4: the rollback undid everything; the prices the buyer must see next go to the basket now.
        if (error.priceChanges.length > 0) await createBasketRepository(deps.db).updateLinePrices(ctx.tenant.id, error.priceChanges);
        throw error.error;
      }
    },
  };
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
