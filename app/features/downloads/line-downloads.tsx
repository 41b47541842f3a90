import { formatFileSize } from '../../../core/file-size';
import type { OrderLineDownload } from '../../../core/product-files';
import { useTranslation } from '../../lib/i18n';
import { DownloadGlyph } from '../order-history/history-glyphs';

// The files of a downloadable product on its line in the order detail, while the company may download them:
// plain links signed for this session (they work without JavaScript), each with its version, its file's name
// (which says its format) and size.

export function LineDownloads({ downloads }: { downloads: readonly OrderLineDownload[] | undefined }) {
  const { t, locale } = useTranslation();
  if (!downloads || downloads.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5" aria-label={t('order_detail.downloads')} data-testid="line-downloads">
      {downloads.map((download) => (
        <li key={download._id}>
          <a href={download.url} download={download.fileName} className="inline-flex min-h-6 items-center gap-1.5 text-sm text-brand-text underline-offset-2 hover:underline" data-testid="line-download">
            <DownloadGlyph className="size-4 shrink-0" />
            <span>
              {download.title}{' '}
              <span className="num text-xs text-zinc-600">
                ({t('downloads.version', { version: download.version })}, {download.fileName}, {formatFileSize(download.bytes, locale)})
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
