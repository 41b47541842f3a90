import { randomBytes } from 'node:crypto';
import { amountOut } from '../../../core/api-money.ts';
import { basketLineLimit } from '../../../core/cart-state.ts';
import { readPastedSheet, readSkuRefusal } from '../../../core/order-sheet-paste.ts';
import type { RequestContext } from '../../context.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireAccess, seesStockNumbers, type SignedInContext } from '../access/access-policy.ts';
import type { BasketRepository } from '../basket/basket.repository.ts';
import type { BasketAnswer, BasketService } from '../basket/basket.service.ts';
import type { BuyerProductsRepository } from '../basket/buyer-products.repository.ts';
import type { VisibilitySource } from '../basket/buyer-scope.ts';
import { auditHook } from '../sales-persons/acting-audit.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { correctionsFile, correctionsSeasons, type CorrectionsFile } from './corrections/corrections-file.ts';
import { previewOf, rowAnswer, summaryOf, type ImportAnswer, type PreviewEntry } from './order-sheet-answer.ts';
import { planConfirm, type ConfirmedLine, type ConfirmMode, type ConfirmPlan, type RefusedAtConfirm } from './order-sheet-confirm-plan.ts';
import { judgeSheet, type JudgedRow } from './order-sheet-judge.ts';
import type { OrderSheetRepository, StoredImport } from './order-sheet.repository.ts';
import { lookUpSheetCatalogue } from './sheet-catalogue.ts';
import type { SheetCatalogueRepository } from './sheet-catalogue.repository.ts';
import type { OrderSheetTarget, SheetInput, SheetInputRow } from './sheet-input.ts';
import { priceChangesSince, type SheetOrigin } from './template/sheet-origin.ts';

// Order-sheet imports (docs/product.md, Order sheets; ADR 0024): a reader's rows judged on the server and
// kept for 24 hours, owned by the user and the company the session acts for. Every answer judges the rows
// again against today's catalogue (prices, stock and visibility move); nothing touches a cart until
// confirm, which writes in the basket's one transaction and happens once.

/** How long an import is kept: a working day's preview, not a saved list. */
const importLifetimeMs = 24 * 60 * 60 * 1000;

export interface OrderSheetDeps {
  imports: OrderSheetRepository;
  baskets: BasketRepository;
  basket: Pick<BasketService, 'getBasket'>;
  catalog: VisibilitySource;
  products: BuyerProductsRepository;
  sheetCatalogue: SheetCatalogueRepository;
  settings: Pick<SettingsService, 'getConfiguration'>;
  clock: Clock;
}

/** What changed for a row between the preview the buyer saw and confirm. */
export type ConfirmChange =
  | { line: number; sku: string; change: 'price'; oldPrice: number; newPrice: number; currency: string }
  | { line: number; sku: string; change: 'refused'; messageKey: string; params: Record<string, string | number> };

export interface Confirmation {
  mode: ConfirmMode;
  confirmedAt: string;
  /** How many rows went into the cart. */
  added: number;
  lines: ConfirmedLine[];
  /** Rows that were to go in and did not, with the reason. */
  refused: RefusedAtConfirm[];
  changes: ConfirmChange[];
}

export type OrderSheetAnswer = ImportAnswer<Confirmation>;
export type ConfirmAnswer = Confirmation & { basket: BasketAnswer };

export interface RowChange {
  quantity?: number | null | undefined;
  quantities?: (number | null)[] | undefined;
  variantSku?: string | null | undefined;
  sku?: string | undefined;
}

const newPublicId = () => randomBytes(16).toString('base64url');

/**
 * An edit's season quantities (in the shop's season order, as the rows answer them) in the order of the
 * seasons the import's quantities refer to; a quantity for a season the import has no column for is refused.
 */
function inSheetSeasons(quantities: readonly (number | null)[], shopSeasonIds: readonly number[], sheetSeasonIds: readonly number[]): (number | null)[] {
  const outside = quantities.findIndex((quantity, season) => Boolean(quantity) && !sheetSeasonIds.includes(shopSeasonIds[season] ?? Number.NaN));
  if (outside >= 0) throw new AppError('validation', 'validation.too_many_seasons', { field: `quantities.${outside}` });
  return sheetSeasonIds.map((seasonId) => quantities[shopSeasonIds.indexOf(seasonId)] ?? null);
}

const notFound = () => new AppError('not_found', 'error.order_sheet_not_found');

function changesSincePreview(preview: readonly PreviewEntry[], rows: readonly JudgedRow[]): ConfirmChange[] {
  const now = new Map(rows.map((row) => [row.line, row]));
  const changes: ConfirmChange[] = [];
  for (const shown of preview) {
    const row = now.get(shown.line);
    if (!row || (shown.status !== 'ready' && shown.status !== 'adjusted')) continue;
    if (row.status === 'refused') {
      changes.push({ line: row.line, sku: row.input.sku, change: 'refused', messageKey: row.messageKey ?? 'orderSheet.confirm.notAdded', params: row.params ?? {} });
    } else if (row.product && shown.unitPriceCents !== null && row.product.unitPriceCents !== shown.unitPriceCents) {
      changes.push({ line: row.line, sku: row.product.sku, change: 'price', oldPrice: amountOut(shown.unitPriceCents), newPrice: amountOut(row.product.unitPriceCents), currency: row.product.currency });
    }
  }
  return changes;
}

export function createOrderSheetService(deps: OrderSheetDeps) {
  const { imports, baskets, clock } = deps;

  async function judged(ctx: SignedInContext, input: SheetInput) {
    const [catalogue, configuration] = await Promise.all([
      lookUpSheetCatalogue(ctx, input.rows, { catalog: deps.catalog, products: deps.products, sheetCatalogue: deps.sheetCatalogue }),
      deps.settings.getConfiguration(ctx),
    ]);
    const rules = {
      isBatchSizeActive: configuration.isBatchSizeActive,
      buyableWithoutStock: configuration.buyableWithoutStock,
      seasonIds: configuration.seasons.map((season) => season._id),
      seasonNames: configuration.seasons.map((season) => season.name),
      maxLines: basketLineLimit,
    };
    const productsById = new Map([...catalogue.productsBySku.values()].map((product) => [product.id, product]));
    return { rows: judgeSheet(input, catalogue, rules), productsById, rules, judge: (again: SheetInput) => judgeSheet(again, catalogue, rules) };
  }

  type Judged = Awaited<ReturnType<typeof judged>>;

  function inputOf(stored: StoredImport): SheetInput {
    return {
      source: stored.source,
      target: stored.target,
      rows: parseJsonColumn<SheetInputRow[]>(stored.rows, []),
      seasonIds: parseJsonColumn<number[]>(stored.season_ids, []),
    };
  }

  /** The answer to the buyer: every row judged now, and with a personalised sheet the prices changed since it was made. */
  function answer(
    ctx: SignedInContext,
    stored: Pick<StoredImport, 'public_id' | 'target' | 'created_at' | 'expires_at' | 'confirmation' | 'origin'>,
    { rows, productsById }: Pick<Judged, 'rows' | 'productsById'>,
  ): OrderSheetAnswer {
    const viewer = { isSalesPerson: seesStockNumbers(ctx.identity) };
    const origin = parseJsonColumn<SheetOrigin | null>(stored.origin, null);
    const changes = origin && 'madeAt' in origin ? priceChangesSince(rows, productsById, stored.target) : new Map();
    return {
      importId: stored.public_id,
      target: stored.target,
      createdAt: stored.created_at,
      expiresAt: stored.expires_at,
      origin: origin && 'madeAt' in origin ? { madeAt: origin.madeAt, pricesChanged: changes.size } : origin,
      summary: summaryOf(rows),
      rows: rows.map((row) => {
        const change = changes.get(row.line);
        return { ...rowAnswer(row, viewer), ...(change ? { priceChange: change } : {}) };
      }),
      confirmed: parseJsonColumn<Confirmation | null>(stored.confirmation, null),
    };
  }

  async function owned(ctx: SignedInContext, publicId: string): Promise<StoredImport> {
    const stored = await imports.findOwned(ctx.tenant.id, ctx.identity, publicId, clock.now().toISOString());
    if (!stored) throw notFound();
    return stored;
  }

  async function createImport(requestCtx: RequestContext, input: SheetInput, origin: SheetOrigin | null = null): Promise<OrderSheetAnswer> {
    const ctx = requireAccess(requestCtx, 'buyer');
    const judgement = await judged(ctx, input);
    const { rows, rules } = judgement;
    const now = clock.now();
    const stored = {
      public_id: newPublicId(),
      target: input.target,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + importLifetimeMs).toISOString(),
      confirmation: null,
      origin: origin === null ? null : JSON.stringify(origin),
    };
    await imports.create(ctx.tenant.id, ctx.identity, {
      publicId: stored.public_id,
      target: input.target,
      source: input.source,
      rows: JSON.stringify(input.rows),
      // The seasons the quantities refer to as of now, so a season added later does not shift them.
      seasonIds: JSON.stringify(input.seasonIds ?? rules.seasonIds),
      preview: JSON.stringify(previewOf(rows)),
      createdAt: stored.created_at,
      expiresAt: stored.expires_at,
      origin: stored.origin,
    });
    return answer(ctx, stored, judgement);
  }

  return {
    /** Judges and keeps a reader's rows (the paste route and the upload route both end here). */
    createImport,

    /** Reads pasted text (core/order-sheet-paste.ts); a paste it refuses as a whole is a 400 naming `text`. */
    async pasteImport(requestCtx: RequestContext, body: { text: string; target: OrderSheetTarget }): Promise<OrderSheetAnswer> {
      requireAccess(requestCtx, 'buyer');
      const read = readPastedSheet(body.text);
      if ('refusal' in read) throw new AppError('validation', read.refusal.messageKey, { field: 'text', params: read.refusal.params });
      return createImport(requestCtx, { source: 'paste', target: body.target, rows: read.rows });
    },

    /** The import judged as of now; what the buyer is shown is remembered for confirm's "changed since". */
    async getImport(requestCtx: RequestContext, publicId: string): Promise<OrderSheetAnswer> {
      const ctx = requireAccess(requestCtx, 'buyer');
      const stored = await owned(ctx, publicId);
      const judgement = await judged(ctx, inputOf(stored));
      const preview = JSON.stringify(previewOf(judgement.rows));
      if (stored.confirmed_at === null && preview !== stored.preview) await imports.updatePreview(stored.id, preview);
      return answer(ctx, stored, judgement);
    },

    /** The import's rows as an XLSX file to correct in a spreadsheet and upload again, judged as of now. */
    async corrections(requestCtx: RequestContext, publicId: string): Promise<CorrectionsFile> {
      const ctx = requireAccess(requestCtx, 'buyer');
      const stored = await owned(ctx, publicId);
      const input = inputOf(stored);
      const { rows, rules } = await judged(ctx, input);
      const seasons = correctionsSeasons(input.seasonIds ?? rules.seasonIds, { ids: rules.seasonIds, names: rules.seasonNames });
      return correctionsFile(rows, stored.target, seasons, ctx.locale);
    },

    /** Changes one row's quantity, season quantities, variant or sku, and judges every row again (merging depends on all). */
    async changeRow(requestCtx: RequestContext, publicId: string, line: number, change: RowChange): Promise<OrderSheetAnswer> {
      const ctx = requireAccess(requestCtx, 'buyer');
      const stored = await owned(ctx, publicId);
      if (stored.confirmed_at !== null) throw new AppError('conflict', 'error.order_sheet_confirmed');
      const input = inputOf(stored);
      const index = input.rows.findIndex((row) => row.line === line);
      if (index < 0) throw new AppError('not_found', 'error.order_sheet_row_not_found');
      const skuRefusal = change.sku === undefined ? null : readSkuRefusal(change.sku);
      if (skuRefusal) throw new AppError('validation', skuRefusal.messageKey, { field: 'sku', params: skuRefusal.params });
      // The buyer's edit replaces what was read: the reader's refusal of the row is theirs to overrule, and
      // a typed sku is text (its zeros are as typed, not lost to a number cell).
      const { readRefusal: _read, ...read } = input.rows[index]!;
      const { skuFromNumber: _number, ...typed } = read;
      const row = change.sku === undefined || change.sku === read.sku ? read : { ...typed, sku: change.sku };
      const shopSeasonIds = (await deps.settings.getConfiguration(ctx)).seasons.map((season) => season._id);
      input.rows[index] = {
        ...row,
        ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
        ...(change.quantities !== undefined ? { quantities: inSheetSeasons(change.quantities, shopSeasonIds, input.seasonIds ?? shopSeasonIds) } : {}),
        ...(change.variantSku !== undefined ? { variantSku: change.variantSku || null } : {}),
      };
      const judgement = await judged(ctx, input);
      await imports.updateRows(stored.id, JSON.stringify(input.rows), JSON.stringify(previewOf(judgement.rows)));
      return answer(ctx, stored, judgement);
    },

    /**
     * Puts the ready and adjusted rows into the target cart, judged again now, in the basket's one
     * transaction; the import is marked confirmed in that transaction only if no confirm came first, so a
     * second confirm (or five at once) answers the first one and changes nothing.
     */
    async confirm(requestCtx: RequestContext, publicId: string, mode: ConfirmMode): Promise<ConfirmAnswer> {
      const ctx = requireAccess(requestCtx, 'buyer');
      const stored = await owned(ctx, publicId);
      const earlier = parseJsonColumn<Confirmation | null>(stored.confirmation, null);
      if (earlier) return { ...earlier, basket: await deps.basket.getBasket(ctx) };

      const { rows, productsById, rules, judge } = await judged(ctx, inputOf(stored));
      if (!rows.some((row) => row.status === 'ready' || row.status === 'adjusted')) throw new AppError('unprocessable', 'orderSheet.confirm.nothingToAdd');
      const changes = changesSincePreview(parseJsonColumn<PreviewEntry[]>(stored.preview, []), rows);
      const basketId = await baskets.ensureBasketId(ctx.tenant.id, ctx.identity);
      const confirmedAt = clock.now().toISOString();
      let plan: ConfirmPlan | undefined;
      const wrote = await baskets.replaceLines(
        ctx.tenant.id,
        basketId,
        (current) => {
          plan = planConfirm(rows, current, { target: stored.target, mode, seasonIds: rules.seasonIds, maxLines: rules.maxLines, products: productsById, judge });
          return plan.lines;
        },
        auditHook(ctx, 'basket.changed'),
        (trx) => imports.markConfirmed(trx, stored.id, JSON.stringify(confirmationOf(plan!)), confirmedAt),
      );
      function confirmationOf(done: ConfirmPlan): Confirmation {
        return { mode, confirmedAt, added: done.went.length, lines: done.went, refused: done.refused, changes };
      }
      const confirmation = wrote ? confirmationOf(plan!) : parseJsonColumn<Confirmation | null>(await imports.findConfirmation(stored.id), null);
      if (!confirmation) throw notFound();
      return { ...confirmation, basket: await deps.basket.getBasket(ctx) };
    },
  };
}

export type OrderSheetService = ReturnType<typeof createOrderSheetService>;
