import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../config.ts';
import type { DB, NewRow } from '../schema.ts';
import { insertAll } from './batch.ts';
import { inactiveCategory } from './catalog-words.ts';
import { generateProduct, type GeneratedProduct } from './product-generator.ts';
import { int, mulberry32, pickDistinct } from './prng.ts';
import { SEED_TIME } from './reference-data.ts';

// Order history, invoices and credit notes for companies 10001 and 10002, plus stock alarms,
// notifications and reviews for the user "customer". Uses only the first few hundred products.

interface Candidate extends GeneratedProduct {
  id: number;
  variantIds: Map<string, number>;
}

export interface DocumentsContext {
  db: Kysely<DB>;
  engine: DatabaseEngine;
  tenantId: number;
  companyIds: ReadonlyMap<string, number>;
  userIds: ReadonlyMap<string, number>;
  seasonIds: readonly number[];
}

const VAT = { DE: { standard: 1900, reduced: 700 }, AT: { standard: 2000, reduced: 1000 } } as const;
const CARRIERS = ['DHL', 'DPD', 'GLS', 'UPS'] as const;

function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString();
}

async function loadCandidates(ctx: DocumentsContext, productCount: number): Promise<Candidate[]> {
  const count = Math.min(productCount, 400);
  if (count === 0) return [];
  const generated = Array.from({ length: count }, (_, k) => generateProduct(k + 1)).filter(
    (p) => p.isActive && p.categorySlug !== inactiveCategory.slug,
  );
  const skus = generated.map((p) => p.sku);
  if (skus.length === 0) return [];
  const ids = await ctx.db.selectFrom('products').select(['id', 'sku']).where('tenant_id', '=', ctx.tenantId).where('sku', 'in', skus).execute();
  if (ids.length === 0) return [];
  const variants = await ctx.db
    .selectFrom('product_variants')
    .select(['id', 'variant_sku'])
    .where('tenant_id', '=', ctx.tenantId)
    .where('product_id', 'in', ids.map((r) => r.id))
    .execute();
  const idBySku = new Map(ids.map((r) => [r.sku, r.id]));
  const variantIds = new Map(variants.map((v) => [v.variant_sku, v.id]));
  return generated.flatMap((p) => {
    const id = idBySku.get(p.sku);
    return id === undefined ? [] : [{ ...p, id, variantIds }];
  });
}

interface OrderPlan {
  customerNo: '10001' | '10002';
  username: string;
  status: string;
  preOrder?: boolean;
}

const plans: OrderPlan[] = [
  { customerNo: '10001', username: 'customer', status: '4' },
  { customerNo: '10002', username: 'customer2', status: '4' },
  { customerNo: '10001', username: 'customeradmin', status: '4' },
  { customerNo: '10001', username: 'customer', status: '3' },
  { customerNo: '10002', username: 'customer2', status: '3' },
  { customerNo: '10001', username: 'customer', status: '5' },
  { customerNo: '10002', username: 'customer2', status: '2' },
  { customerNo: '10001', username: 'customeradmin', status: '2' },
  { customerNo: '10001', username: 'customer', status: '1', preOrder: true },
  { customerNo: '10002', username: 'customer2', status: '1' },
  { customerNo: '10001', username: 'customer', status: '1' },
];

async function seedOrders(ctx: DocumentsContext, candidates: Candidate[]): Promise<Candidate[]> {
  const random = mulberry32(0x0de5);
  const { db, tenantId: tenant_id } = ctx;
  const bought: Candidate[] = [];
  let invoiceNo = 5001;

  for (const [k, plan] of plans.entries()) {
    const company_id = ctx.companyIds.get(plan.customerNo);
    if (company_id === undefined) continue;
    const country = plan.customerNo === '10002' ? 'AT' : 'DE';
    const discountBp = plan.customerNo === '10001' ? 300 : 0;
    const orderDate = new Date(Date.UTC(2026, 5, 2 + k * 14, 8 + (k % 9), (k * 17) % 60)).toISOString();
    const docDate = orderDate.slice(0, 10);
    const items = pickDistinct(random, candidates, int(random, 2, 5));
    if (plan.username === 'customer' && plan.status === '4') bought.push(...items);

    const itemRows: Omit<NewRow<'order_items'>, 'order_id'>[] = [];
    let itemsNet = 0;
    let highestRate = 0;
    for (const p of items) {
      const variant = p.variants[0];
      const rate = VAT[country][p.taxCategory];
      highestRate = Math.max(highestRate, rate);
      const customerPrice = p.customerPrices.find((c) => c.customerNo === plan.customerNo)?.priceCents;
      const unit = customerPrice ?? variant?.priceCents ?? (plan.preOrder ? p.preOrderPriceCents : p.priceCents);
      const seasons = plan.preOrder ? ctx.seasonIds.slice(0, 2) : [null];
      for (const season_id of seasons) {
        const quantity = p.salesBatchSize * int(random, 1, 4);
        itemsNet += unit * quantity;
        itemRows.push({
          tenant_id, product_id: p.id, variant_id: variant ? (p.variantIds.get(variant.sku) ?? null) : null,
          sku: p.sku, variant_sku: variant?.sku ?? null, name: variant?.name ?? p.name,
          order_type: plan.preOrder ? 'preOrder' : 'order', season_id, quantity, unit_price_cents: unit,
          vat_rate_bp: rate, line_net_cents: unit * quantity, currency: 'EUR', custom_attributes: null, sort_order: itemRows.length,
        });
      }
    }
    const discount = Math.round((itemsNet * discountBp) / 10000);
    const shipping =
      country === 'AT' ? (itemsNet <= 30000 ? 1500 : itemsNet > 40000 ? 648 : 1295) : itemsNet > 25000 ? 0 : 695;
    const itemsVat = itemRows.reduce((sum, r) => sum + Math.round(((r.line_net_cents - (r.line_net_cents * discountBp) / 10000) * r.vat_rate_bp) / 10000), 0);
    const vat = itemsVat + Math.round((shipping * highestRate) / 10000);
    const net = itemsNet - discount + shipping;
    const shipped = plan.status === '3' || plan.status === '4';
    const paymentMethod = plan.customerNo === '10002' && k % 2 === 0 ? 'prepayment' : 'invoice';
    const paid = paymentMethod === 'prepayment' || plan.status === '4';
    const address = await db
      .selectFrom('addresses')
      .selectAll()
      .where('tenant_id', '=', tenant_id)
      .where('company_id', '=', company_id)
      .orderBy('type', 'desc')
      .executeTakeFirst();
    const company = await db.selectFrom('companies').select('name').where('id', '=', company_id).executeTakeFirstOrThrow();

    const order = await db
      .insertInto('orders')
      .values({
        tenant_id, order_number: `AU-2026-${String(101 + k).padStart(5, '0')}`, company_id, user_id: ctx.userIds.get(plan.username) ?? null,
        order_type: plan.preOrder ? 'preOrder' : 'order', order_date: orderDate, doc_date: docDate, delivery_date: addDays(orderDate, 4).slice(0, 10),
        doc_number: `AB-2026-${String(101 + k).padStart(5, '0')}`, doc_type: plan.preOrder ? 'Vorbestellung' : 'Auftrag',
        external_order_number: k % 2 === 0 ? `PO-${4711 + k}` : null, displayed_order_description: plan.preOrder ? 'Vorbestellung Saison 2027' : 'Webshop-Bestellung',
        status_id: plan.status, sales_head_status: plan.status === '4' ? '4' : plan.status === '3' ? (k % 2 === 0 ? '3' : '2') : '1',
        delivery_status: plan.status === '4' ? 'delivered' : plan.status === '3' ? 'partial' : 'open',
        payment_method: paymentMethod, payment_status: paid ? 'paid' : 'open', shipping_method_id: null,
        receiver_company: company.name, receiver_first_name: address?.first_name ?? null, receiver_last_name: address?.last_name ?? null,
        receiver_street: address?.street ?? null, receiver_street2: null, receiver_zip_code: address?.zip_code ?? null, receiver_city: address?.city ?? null,
        receiver_country_code: address?.country_code ?? null, receiver_country_name: address?.country_name ?? null, receiver_phone: address?.phone_number ?? null,
        shipping_price_cents: shipping, discount_percent_bp: discountBp, discount_cents: discount,
        net_total_cents: net, vat_total_cents: vat, gross_total_cents: net + vat, currency: 'EUR', idempotency_key: null,
        document_link: null, del_documents_links: '[]', created_at: orderDate, updated_at: orderDate,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertAll(db, ctx.engine, 'order_items', itemRows.map((r) => ({ ...r, order_id: order.id })));

    if (k % 3 === 0) {
      await db
        .insertInto('order_notes')
        .values({ tenant_id, order_id: order.id, delivery_date: addDays(orderDate, 4).slice(0, 10), note: k % 2 === 0 ? 'Bitte Anlieferung über Tor 2, Ansprechpartner Lager Süd.' : 'Avis bitte einen Tag vorher telefonisch.' })
        .execute();
    }
    if (shipped) {
      const packs = 1 + (k % 2);
      await db
        .insertInto('order_packs')
        .values(Array.from({ length: packs }, (_, n) => ({ tenant_id, order_id: order.id, carrier: CARRIERS[(k + n) % CARRIERS.length] ?? 'DHL', tracking_code: `00340434${String(161094 + k * 97 + n).padStart(10, '0')}`, tracking_url: null })))
        .execute();
      const invoiceDate = addDays(orderDate, 2).slice(0, 10);
      const dueDate = addDays(orderDate, 32).slice(0, 10);
      const open = paid ? 0 : net + vat;
      await db
        .insertInto('invoices')
        .values({
          tenant_id, company_id, order_id: order.id, fin_doc_number: `RE-2026-${invoiceNo++}`, external_invoice_number: k % 2 === 0 ? `${plan.customerNo}/${k + 1}` : null,
          doc_date: invoiceDate, doc_type_name: 'Rechnung', amount_cents: net + vat, open_amount_cents: open, balance_cents: open, currency: 'EUR', invoice_link: null,
          payment_status: paid ? 'paid' : dueDate < SEED_TIME.slice(0, 10) ? 'overdue' : 'open', postway: k % 2 === 0 ? 'E-Mail' : 'Post', due_date: dueDate, created_at: invoiceDate + 'T06:00:00.000Z',
        })
        .execute();
    }
  }
  return bought;
}

async function seedCredits(ctx: DocumentsContext): Promise<void> {
  const rows: NewRow<'credits'>[] = [];
  for (const [n, customerNo] of ['10001', '10002', '10001'].entries()) {
    const company_id = ctx.companyIds.get(customerNo);
    if (company_id === undefined) continue;
    const amount = [5938, 11900, 2380][n] ?? 0;
    const docDate = `2026-${String(8 + n).padStart(2, '0')}-15`;
    rows.push({
      tenant_id: ctx.tenantId, company_id, invoice_id: null, fin_doc_number: `GS-2026-${String(n + 1).padStart(4, '0')}`, external_credit_number: null,
      doc_date: docDate, doc_type_name: 'Gutschrift', amount_cents: amount, open_amount_cents: n === 2 ? amount : 0, balance_cents: n === 2 ? amount : 0,
      currency: 'EUR', credit_link: null, payment_status: n === 2 ? 'open' : 'paid', postway: 'E-Mail', due_date: null, created_at: `${docDate}T06:00:00.000Z`,
    });
  }
  await insertAll(ctx.db, ctx.engine, 'credits', rows);
}

async function seedCustomerExtras(ctx: DocumentsContext, candidates: Candidate[], bought: Candidate[]): Promise<void> {
  const user_id = ctx.userIds.get('customer');
  if (user_id === undefined) return;
  const tenant_id = ctx.tenantId;
  const outOfStock = candidates.filter((p) => p.stock === 0).slice(0, 3);
  await insertAll(ctx.db, ctx.engine, 'stock_alarms', outOfStock.map((p, i) => ({ tenant_id, user_id, product_id: p.id, name: p.name, domain_reference: p.sku, created_at: `2026-10-${String(10 + i).padStart(2, '0')}T09:00:00.000Z` })));
  const inStock = candidates.filter((p) => p.stock > 0 && p.variants.length === 0).slice(5, 9);
  await insertAll(ctx.db, ctx.engine, 'notifications', inStock.map((p, i) => ({ tenant_id, user_id, product_id: p.id, name: p.name, domain_reference: p.sku, viewed: i < 2 ? (1 as const) : (0 as const), created_at: `2026-10-${String(20 + i).padStart(2, '0')}T07:30:00.000Z` })));
  const texts = [
    [5, 'Top Qualität', 'Sauber verarbeitet und schnell geliefert. Gerne wieder.'],
    [4, 'Gutes Preis-Leistungs-Verhältnis', 'Macht einen soliden Eindruck, die Verpackung könnte stabiler sein.'],
    [5, 'Bewährt auf der Baustelle', 'Nutzen wir seit Jahren im Team – zuverlässig.'],
  ] as const;
  await insertAll(ctx.db, ctx.engine, 'reviews', bought.slice(0, 3).map((p, i) => ({ tenant_id, product_id: p.id, user_id, rating: texts[i]?.[0] ?? 5, title: texts[i]?.[1] ?? '', text: texts[i]?.[2] ?? '', name: 'Petra M.', created_at: `2026-10-0${i + 1}T12:00:00.000Z` })));
}

export async function seedDocuments(ctx: DocumentsContext, productCount: number): Promise<void> {
  await seedCredits(ctx);
  const candidates = await loadCandidates(ctx, productCount);
  if (candidates.length === 0) return;
  const bought = await seedOrders(ctx, candidates);
  await seedCustomerExtras(ctx, candidates, bought);
}
