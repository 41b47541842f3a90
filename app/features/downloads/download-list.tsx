import { Link } from 'react-router';
import { productPath } from '../../../core/category-path';
import { fileFormatOf, formatFileSize } from '../../../core/file-size';
import type { DownloadAccess } from '../../../core/product-files';
import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { buttonClasses } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { formatNumber } from '../catalog/format-number';
import { DownloadGlyph } from '../order-history/history-glyphs';
import { orderPath } from '../order-history/history-fields';

// The files the company may download: a table with a sticky header from 1024 px, a card per file below (the
// other one is display:none, hidden from screen readers too). Each names its product (linked to its page), the
// file, its version and date, its size, the orders that gave it (linked to their detail, where the reader may
// open them), how often the reader downloaded it, and a plain download link that says the file's format: it
// works without JavaScript, its link signed for this session only.

const productLinkOf = (download: DownloadAccess) => productPath({ _id: download.productId, sku: download.sku, variantSku: download.variantSku ?? undefined });

function useDownloadText() {
  const { t, locale } = useTranslation();
  return {
    /** Version, the date it was stored and the size, one line. */
    facts: (download: DownloadAccess) => `${t('downloads.version', { version: download.version })} · ${formatShopDateNumeric(download.updatedAt, locale)} · ${formatFileSize(download.bytes, locale)}`,
    count: (download: DownloadAccess) => t('downloads.count', { count: download.downloadCount, formatted: formatNumber(download.downloadCount, locale) }),
    last: (download: DownloadAccess) => (download.lastDownloadedAt ? t('downloads.last', { date: formatShopDateNumeric(download.lastDownloadedAt, locale) }) : null),
  };
}

function DownloadLink({ download }: { download: DownloadAccess }) {
  const { t } = useTranslation();
  const label = t('downloads.download', { format: fileFormatOf(download.contentType) });
  // The row's other links name the product: the button's name says which file it downloads.
  return (
    <a href={download.url} download={download.fileName} aria-label={`${label}: ${download.title}`} className={buttonClasses('primary', 'sm', 'min-h-10 sm:min-h-8')} data-testid="download-link">
      <DownloadGlyph className="size-4" />
      {label}
    </a>
  );
}

function OrderLinks({ download }: { download: DownloadAccess }) {
  const { t } = useTranslation();
  if (download.orders.length === 0) return <span className="text-zinc-500">–</span>;
  return (
    <ul className="space-y-0.5" aria-label={t('downloads.column.orders')}>
      {download.orders.map((order) => (
        <li key={order._id}>
          <Link to={orderPath(order._id)} className="num inline-flex min-h-6 items-center whitespace-nowrap text-brand-text underline-offset-2 hover:underline" data-testid="download-order">
            {order.orderNumber}
          </Link>
        </li>
      ))}
    </ul>
  );
}

// Under the sticky page header, as the order history's table.
const th = 'sticky top-[6.875rem] z-10 border-b border-zinc-200 bg-zinc-50 px-2.5 py-2 text-left text-xs font-medium text-zinc-600';
const td = 'border-b border-zinc-100 px-2.5 py-2 align-top';

function DownloadTable({ downloads }: { downloads: readonly DownloadAccess[] }) {
  const { t } = useTranslation();
  const text = useDownloadText();
  return (
    <table className="hidden w-full border-separate border-spacing-0 text-sm lg:table" data-testid="download-table">
      <caption className="sr-only">{t('downloads.title')}</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>{t('downloads.column.product')}</th>
          <th scope="col" className={th}>{t('downloads.column.file')}</th>
          <th scope="col" className={th}>{t('downloads.column.orders')}</th>
          <th scope="col" className={th}>{t('downloads.column.downloaded')}</th>
          <th scope="col" className={th}><span className="sr-only">{t('downloads.column.download')}</span></th>
        </tr>
      </thead>
      <tbody>
        {downloads.map((download) => (
          <tr key={download._id} className="hover:bg-zinc-50" data-testid="download-row">
            <td className={td}>
              <Link to={productLinkOf(download)} className="font-medium text-brand-text underline-offset-2 hover:underline" data-testid="download-product">
                {download.productName}
              </Link>
              <span className="num block text-xs text-zinc-600">{download.variantSku ?? download.sku}</span>
            </td>
            <td className={td}>
              <span className="block text-zinc-900">{download.title}</span>
              <span className="block text-xs break-words text-zinc-600">{download.fileName}</span>
              <span className="num block text-xs text-zinc-600">{text.facts(download)}</span>
            </td>
            <td className={td}><OrderLinks download={download} /></td>
            <td className={`${td} whitespace-nowrap`}>
              <span className="num block text-zinc-800" data-testid="download-count">{text.count(download)}</span>
              {text.last(download) ? <span className="num block text-xs text-zinc-600">{text.last(download)}</span> : null}
            </td>
            <td className={`${td} text-right`}><DownloadLink download={download} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DownloadCards({ downloads }: { downloads: readonly DownloadAccess[] }) {
  const { t } = useTranslation();
  const text = useDownloadText();
  return (
    <ul className="grid gap-2 md:grid-cols-2 lg:hidden" data-testid="download-cards">
      {downloads.map((download) => (
        <li key={download._id} className="space-y-1.5 rounded-lg border border-zinc-200 bg-white p-3" data-testid="download-card">
          <div>
            <p className="font-semibold text-zinc-900">{download.title}</p>
            <Link to={productLinkOf(download)} className="text-sm text-brand-text underline-offset-2 hover:underline">
              {download.productName}
            </Link>
            <span className="num text-xs text-zinc-600"> · {download.variantSku ?? download.sku}</span>
          </div>
          <p className="num text-xs text-zinc-600">
            {text.facts(download)}
          </p>
          <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-zinc-600">
            <span>{t('downloads.column.orders')}:</span>
            <OrderLinks download={download} />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
            <span className="num text-xs text-zinc-700">
              {text.count(download)}
              {text.last(download) ? ` · ${text.last(download)}` : null}
            </span>
            <DownloadLink download={download} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function DownloadList({ downloads }: { downloads: readonly DownloadAccess[] }) {
  return (
    <>
      <div className="hidden rounded-lg border border-zinc-200 bg-white lg:block">
        <DownloadTable downloads={downloads} />
      </div>
      <DownloadCards downloads={downloads} />
    </>
  );
}
