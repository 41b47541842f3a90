import { Link } from 'react-router';
import { productPath } from '../../../core/category-path';
import type { SafetySheetDelivery } from '../../../core/product-files';
import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { useTranslation } from '../../lib/i18n';
import { documentFilePath } from '../product-documents/product-documents';

// The safety data sheets the company received (docs/product.md, Product documents and downloads): every version
// sent to it because it bought the product in the 12 months before, newest first, with the version current
// now. A received version older than the current one says so, with the current file to download (a plain
// link: it works without JavaScript), as long as the reader may still open it.

export function ReceivedSafetySheets({ sheets }: { sheets: readonly SafetySheetDelivery[] }) {
  const { t, locale } = useTranslation();
  if (sheets.length === 0) return null;
  return (
    <section aria-labelledby="received-safety-sheets" className="space-y-2" data-testid="received-safety-sheets">
      <h2 id="received-safety-sheets" className="text-lg font-semibold text-zinc-900">
        {t('safety_sheets.title')}
      </h2>
      <p className="max-w-prose text-sm text-zinc-700">{t('safety_sheets.intro')}</p>
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white">
        {sheets.map((sheet) => {
          const outdated = sheet.receivedVersion !== sheet.currentVersion;
          return (
            <li key={`${sheet.documentId}:${sheet.receivedVersion}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm" data-testid="received-safety-sheet">
              <div className="min-w-48 flex-1">
                <Link to={productPath({ _id: sheet.productId, sku: sheet.sku })} className="font-medium text-brand-text underline-offset-2 hover:underline">
                  {sheet.productName}
                </Link>
                <span className="num block text-xs text-zinc-600">
                  {sheet.sku} · {sheet.title}
                  {sheet.language && sheet.language !== locale ? ` · ${t(`language.${sheet.language}`)}` : ''}
                </span>
              </div>
              <div className="num text-zinc-800">
                {t('safety_sheets.received', { version: sheet.receivedVersion, date: formatShopDateNumeric(sheet.receivedAt, locale) })}
                {outdated ? <span className="block text-xs font-medium text-amber-800">{t('safety_sheets.newer', { version: sheet.currentVersion })}</span> : null}
              </div>
              {sheet.url ? (
                <a
                  href={documentFilePath(sheet.documentId)}
                  download
                  aria-label={`${t('safety_sheets.open_current', { version: sheet.currentVersion })}: ${sheet.productName}`}
                  className="inline-flex min-h-10 items-center text-brand-text underline underline-offset-2 sm:min-h-8"
                  data-testid="received-safety-sheet-file"
                >
                  {t('safety_sheets.open_current', { version: sheet.currentVersion })}
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
