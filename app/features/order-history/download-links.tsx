import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { DocumentGlyph, DownloadGlyph } from './history-glyphs';

// Downloads of the account area. Plain links to the page's own download routes, which read through the
// services with the page's session (the JSON API takes its token in a header a link cannot carry): the
// browser saves an export or opens a PDF without the page reloading, with or without JavaScript. Every
// link says its format, and an export how many rows it holds (every download says its format and size class).

const linkClass =
  'inline-flex h-9 items-center gap-1.5 rounded-md border border-zinc-300 bg-white px-2.5 text-sm font-medium whitespace-nowrap text-zinc-900 hover:bg-zinc-100';

export interface ExportChoice {
  href: string;
  /** The format as the link shows it ('XLSX', 'CSV'). */
  format: string;
  testId: string;
}

export interface ExportGroup {
  /** What the files hold ('Orders', 'Orders with lines'); names the group for screen readers too. */
  label: string;
  choices: readonly ExportChoice[];
}

/** The export links of a list: each a spreadsheet of the list as filtered now, grouped by what it holds. */
export function ExportLinks({ title, rowsText, groups }: { title: string; rowsText: string; groups: readonly ExportGroup[] }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="export-links">
      <p className="text-xs text-zinc-600">
        <span className="font-medium text-zinc-800">{title}</span> ({rowsText})
      </p>
      {groups.map((group, index) => (
        <div key={group.label} role="group" aria-labelledby={`export-group-${index}`} className="flex items-center gap-1.5">
          <span id={`export-group-${index}`} className="text-xs text-zinc-700">
            {group.label}
          </span>
          {group.choices.map((choice) => (
            <a key={choice.testId} href={choice.href} download className={linkClass} data-testid={choice.testId}>
              <DownloadGlyph className="size-4" />
              {choice.format}
            </a>
          ))}
        </div>
      ))}
    </div>
  );
}

/** A PDF, opened in a new tab; the caller's text says which document it is (with sr-only words where a list repeats it). */
export function PdfLink({ href, children, testId, className = linkClass }: { href: string; children: ReactNode; testId: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener" className={className} data-testid={testId}>
      <DocumentGlyph className="size-4 shrink-0" />
      {children}
      <span className="sr-only"> {t('common.opens_new_tab')}</span>
    </a>
  );
}
