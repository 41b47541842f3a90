import { formatAmount } from '../../../core/money.ts';
import type { Locale } from '../../../core/locale.ts';
import { formatShopDate } from '../../../core/shop-date-format.ts';
import { translatorFor } from '../../i18n.ts';
import type { AddressSnapshot, OrderView } from '../orders/order-view.ts';
import { escapeHtml, framedMail, type RenderedMail, type ShopIdentity } from './mail-layout.ts';

// The order confirmation, in the buyer's language, from the order's snapshot as the
// API shows it: never recomputed from today's catalogue. Every value is HTML-escaped in the HTML part.

function addressLines(address: AddressSnapshot | null): string[] {
  if (!address) return [];
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const city = [address.zipCode, address.city].filter(Boolean).join(' ');
  return [address.companyName, name, address.street, address.street2, city, address.country?.name ?? address.country?.code ?? null].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
}

/** What the confirmation says, in the buyer's language: shared by the mail and its PDF (documents/order-confirmation-pdf.ts). */
export interface ConfirmationContent {
  facts: [label: string, value: string][];
  lines: { sku: string; name: string; quantity: string; unitPrice: string; lineTotal: string; deliveryDate: string }[];
  /** An empty value: a remark without an amount (a discount already in the prices). */
  totals: [label: string, value: string][];
  receiver: string[];
  invoice: string[];
  notes: { deliveryDate: string; text: string }[];
}

export function confirmationContent(order: OrderView, locale: Locale): ConfirmationContent {
  const t = translatorFor(locale);
  const k = (key: string, params?: Record<string, string | number>) => t(`mail.order_confirmation.${key}`, params);
  const money = (amount: { value: number; currency: string }) => formatAmount(amount, locale);

  const facts: [string, string][] = [
    [k('order_number'), order.orderNumber],
    [k('order_date'), formatShopDate(order.orderDate, locale, true)],
  ];
  if (order.externalOrderNumber) facts.push([k('po_number'), order.externalOrderNumber]);
  // A sales person's order for the company: the customer's admins get this confirmation too, and its PDF says it.
  if (order.placedBy) facts.push([k('placed_by'), order.placedBy.name]);
  if (order.paymentMethod) facts.push([k('payment_method'), order.paymentMethod]);
  if (order.shippingMethod) facts.push([k('shipping_method'), order.shippingMethod]);

  const lineTotal = (item: OrderView['items'][number]) => ({ value: item.lineNet.value, currency: item.lineNet.currency });
  const lines = order.items.map((item) => ({
    sku: item.variantSku ?? item.sku,
    name: item.name,
    quantity: String(item.quantity),
    unitPrice: money(item.price),
    lineTotal: money(lineTotal(item)),
    deliveryDate: formatShopDate(item.deliveryDate, locale),
  }));

  const { costs } = order;
  const totals: [string, string][] = [[k('goods'), money(costs.goodsNet)]];
  if (costs.discount.treatment === 'deducted' && 'value' in costs.discount) {
    totals.push([k('discount', { percent: costs.discount.percent }), `−${money({ value: costs.discount.value, currency: costs.discount.currency })}`]);
  } else if (costs.discount.treatment === 'included' && 'percent' in costs.discount) {
    totals.push([k('discount_included', { percent: costs.discount.percent }), '']);
  }
  totals.push([k('shipping'), money(costs.shippingPriceForOrder)]);
  totals.push([k('net'), money(costs.valueNet)]);
  for (const share of costs.vatByRate) totals.push([k('vat', { rate: share.vatRate }), money(share.vat)]);
  totals.push([k('gross'), money(costs.valueGross)]);

  return {
    facts,
    lines,
    totals,
    receiver: addressLines(order.receiverAddress),
    invoice: addressLines(order.invoiceAddress),
    notes: order.notes.filter((note) => note.text.trim() !== '').map((note) => ({ deliveryDate: formatShopDate(note.deliveryDate, locale), text: note.text })),
  };
}

export function renderOrderConfirmation(order: OrderView, options: { locale: Locale; publicUrl: string; shop: ShopIdentity }): RenderedMail {
  const { locale } = options;
  const shopName = options.shop.name;
  const t = translatorFor(locale);
  const k = (key: string, params?: Record<string, string | number>) => t(`mail.order_confirmation.${key}`, params);
  const link = `${options.publicUrl.replace(/\/+$/, '')}/my-account/order-history/${order._id}`;
  const { facts, lines, totals, receiver, invoice, notes } = confirmationContent(order, locale);
  const subject = k('subject', { orderNumber: order.orderNumber, shop: shopName });

  // Plain text.
  const text: string[] = [k('greeting'), '', k('intro', { orderNumber: order.orderNumber }), ''];
  for (const [label, value] of facts) text.push(`${label}: ${value}`);
  text.push('', `${k('items')}:`);
  for (const line of lines) {
    text.push(`- ${line.sku} ${line.name}`);
    text.push(`  ${k('quantity')}: ${line.quantity} × ${line.unitPrice} = ${line.lineTotal}${line.deliveryDate ? ` · ${k('delivery_date')}: ${line.deliveryDate}` : ''}`);
  }
  text.push('');
  for (const [label, value] of totals) text.push(value ? `${label}: ${value}` : label);
  text.push('', `${k('receiver_address')}:`, ...receiver);
  if (invoice.length > 0) text.push('', `${k('invoice_address')}:`, ...invoice);
  if (notes.length > 0) {
    text.push('', `${k('notes')}:`);
    for (const note of notes) text.push(`${note.deliveryDate ? `${note.deliveryDate}: ` : ''}${note.text}`);
  }
  text.push('', `${k('link')}: ${link}`, '', k('closing', { shop: shopName }));

  // HTML: every value escaped.
  const e = escapeHtml;
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"';
  const right = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right;vertical-align:top;white-space:nowrap"';
  const address = (title: string, rows: string[]) => (rows.length ? `<h3>${e(title)}</h3><p>${rows.map(e).join('<br>')}</p>` : '');
  const html = [
    `<p>${e(k('greeting'))}</p>`,
    `<p>${e(k('intro', { orderNumber: order.orderNumber }))}</p>`,
    `<table style="border-collapse:collapse">${facts.map(([label, value]) => `<tr><th ${cell}>${e(label)}</th><td ${cell}>${e(value)}</td></tr>`).join('')}</table>`,
    `<h3>${e(k('items'))}</h3>`,
    '<table style="border-collapse:collapse;width:100%">',
    `<tr><th ${cell}>${e(k('sku'))}</th><th ${cell}>${e(k('name'))}</th><th ${right}>${e(k('quantity'))}</th><th ${right}>${e(k('unit_price'))}</th><th ${right}>${e(k('line_total'))}</th><th ${cell}>${e(k('delivery_date'))}</th></tr>`,
    ...lines.map(
      (line) =>
        `<tr><td ${cell}>${e(line.sku)}</td><td ${cell}>${e(line.name)}</td><td ${right}>${e(line.quantity)}</td><td ${right}>${e(line.unitPrice)}</td><td ${right}>${e(line.lineTotal)}</td><td ${cell}>${e(line.deliveryDate)}</td></tr>`,
    ),
    '</table>',
    `<table style="border-collapse:collapse;margin-top:12px;margin-left:auto">${totals.map(([label, value]) => `<tr><th ${cell}>${e(label)}</th><td ${right}>${e(value)}</td></tr>`).join('')}</table>`,
    address(k('receiver_address'), receiver),
    address(k('invoice_address'), invoice),
    notes.length
      ? `<h3>${e(k('notes'))}</h3>${notes.map((note) => `<p>${note.deliveryDate ? `${e(note.deliveryDate)}: ` : ''}${e(note.text)}</p>`).join('')}`
      : '',
    `<p><a href="${e(link)}">${e(k('link'))}</a></p>`,
    `<p>${e(k('closing', { shop: shopName })).replace(/\n/g, '<br>')}</p>`,
  ].join('\n');

  return framedMail({ subject, text: text.join('\n'), html }, options.shop, locale);
}
