import { Link } from 'react-router';
import { formatAmount } from '../../../core/money';
import { buttonClasses } from '../../components/ui/button';
import type { OrderLineDownload } from '../../../core/product-files';
import type { OrderDetail } from '../../../server/page-surface.server';
import { useTranslation } from '../../lib/i18n';
import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { formatNumber } from '../catalog/format-number';
import { LineDownloads } from '../downloads/line-downloads';
import { ReorderButton } from './reorder-button';

// The order's lines as they were ordered (the snapshot: name, item number, quantity and price of that
// day), each with its own "order again", and "review" where the buyer could review its product now. A table from 768 px, a card per line below; the one not
// displayed is hidden from screen readers too. A downloadable product's line lists its files while the company may download them.

type Item = OrderDetail['items'][number] & { downloads?: readonly OrderLineDownload[] };

function useLineText() {
  const { t, locale } = useTranslation();
  return {
    money: (amount: { value: number; currency: string }) => formatAmount(amount, locale),
    quantity: (item: Item) => formatNumber(item.quantity, locale),
    delivery: (item: Item) => (item.deliveryDate ? formatShopDateNumeric(item.deliveryDate, locale) : t('thank_you.delivery.asap')),
  };
}

/** A line's product to review, when the buyer could review it now. */
export interface ReviewableLine {
  sku: string;
  variantSku: string | null;
  productId: number;
}

function LineReview({ item, reviewable }: { item: Item; reviewable: readonly ReviewableLine[] }) {
  const { t } = useTranslation();
  const line = reviewable.find((candidate) => candidate.sku === item.sku && candidate.variantSku === item.variantSku);
  if (!line) return null;
  return (
    <Link to={`/product/${line.productId}?sku=${encodeURIComponent(line.variantSku ?? line.sku)}#review-form`} className={buttonClasses('ghost', 'sm')} data-testid="review-line">
      {t('order_detail.review_line')}
      <span className="sr-only">: {item.name}</span>
    </Link>
  );
}

function LineReorder({ item, index }: { item: Item; index: number }) {
  const { t } = useTranslation();
  return (
    <ReorderButton line={index} variant="secondary" size="sm" testId="reorder-line">
      {t('order_detail.reorder_line')}
      <span className="sr-only">: {item.name}</span>
    </ReorderButton>
  );
}

const th = 'border-b border-zinc-200 px-3 py-2 text-xs font-medium text-zinc-600';

export function OrderLines({ items, reviewable }: { items: readonly Item[]; reviewable: readonly ReviewableLine[] }) {
  const { t } = useTranslation();
  const text = useLineText();
  return (
    <section aria-labelledby="order-lines" className="rounded-lg border border-zinc-200 bg-white" data-testid="order-lines">
      <h2 id="order-lines" className="px-4 pt-4 text-base font-semibold text-zinc-900">
        {t('order_detail.lines', { count: items.length })}
      </h2>
      <table className="mt-2 hidden w-full border-separate border-spacing-0 text-sm md:table">
        <thead>
          <tr className="text-left">
            <th scope="col" className={th}>{t('thank_you.column.sku')}</th>
            <th scope="col" className={th}>{t('cart.column.product')}</th>
            <th scope="col" className={`${th} text-right`}>{t('cart.column.quantity')}</th>
            <th scope="col" className={`${th} text-right`}>{t('cart.column.unit.price')}</th>
            <th scope="col" className={`${th} text-right`}>{t('cart.column.total')}</th>
            <th scope="col" className={`${th} text-right`}>{t('thank_you.column.delivery')}</th>
            <th scope="col" className={th}><span className="sr-only">{t('order_detail.actions')}</span></th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={index} data-testid="order-line">
              <td className="border-b border-zinc-100 px-3 py-2 font-mono text-xs whitespace-nowrap text-zinc-700">{item.variantSku ?? item.sku}</td>
              <td className="border-b border-zinc-100 px-3 py-2 text-zinc-900">
                {item.name}
                {item.orderType === 'preOrder' ? <span className="ml-2 text-xs text-zinc-600">({t('order.type.preOrder')})</span> : null}
                <LineDownloads downloads={item.downloads} />
              </td>
              <td className="price border-b border-zinc-100 px-3 py-2 text-right">{text.quantity(item)}</td>
              <td className="price border-b border-zinc-100 px-3 py-2 text-right">{text.money(item.price)}</td>
              <td className="price border-b border-zinc-100 px-3 py-2 text-right">{text.money(item.lineNet)}</td>
              <td className="num border-b border-zinc-100 px-3 py-2 text-right text-zinc-700">{text.delivery(item)}</td>
              <td className="border-b border-zinc-100 px-3 py-1.5 text-right whitespace-nowrap">
                <LineReview item={item} reviewable={reviewable} />
                <LineReorder item={item} index={index} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-2 divide-y divide-zinc-100 md:hidden">
        {items.map((item, index) => (
          <li key={index} className="space-y-1 px-4 py-3" data-testid="order-line-card">
            <p className="font-medium text-zinc-900">{item.name}</p>
            <p className="font-mono text-xs text-zinc-600">{item.variantSku ?? item.sku}</p>
            <LineDownloads downloads={item.downloads} />
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="price text-zinc-700">
                {text.quantity(item)} × {text.money(item.price)}
              </span>
              <span className="price font-medium text-zinc-900">{text.money(item.lineNet)}</span>
            </div>
            <div className="flex items-center justify-between gap-3">
              <span className="text-xs text-zinc-600">
                {t('thank_you.column.delivery')}: <span className="num">{text.delivery(item)}</span>
              </span>
              <span className="flex items-center gap-2">
                <LineReview item={item} reviewable={reviewable} />
                <LineReorder item={item} index={index} />
              </span>
            </div>
          </li>
        ))}
      </ul>
      <p className="px-4 pt-1 pb-4 text-xs text-zinc-600">{t('cart.prices.net')}</p>
    </section>
  );
}
