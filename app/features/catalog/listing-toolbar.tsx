import type { KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { GridGlyph, ListGlyph } from './catalog-glyphs';
import { listingSearch, type CategoryView } from './listing-params';
import { formatNumber } from './format-number';

/** A toggle that is a link: the state lives in the URL, so the server renders it and links share it. */
export function SwitchLink({ on, param, label, testId }: { on: boolean; param: string; label: string; testId: string }) {
  const location = useLocation();
  return (
    <Link
      to={listingSearch(new URLSearchParams(location.search), { [param]: on ? null : '1' })}
      role="switch"
      aria-checked={on}
      data-testid={testId}
      preventScrollReset
      // Switches answer to Space as well as Enter.
      onKeyDown={(event: KeyboardEvent<HTMLAnchorElement>) => {
        if (event.key === ' ') {
          event.preventDefault();
          event.currentTarget.click();
        }
      }}
      className="inline-flex items-center gap-2 rounded-md py-1 text-sm text-zinc-800"
    >
      <span aria-hidden="true" className={`relative h-5 w-9 shrink-0 rounded-full transition-colors ${on ? 'bg-brand' : 'bg-zinc-400'}`}>
        <span className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-4.5' : 'translate-x-0.5'}`} />
      </span>
      {label}
    </Link>
  );
}

function ViewLink({ view, current, label, icon: Icon }: { view: CategoryView; current: CategoryView; label: string; icon: typeof GridGlyph }) {
  const location = useLocation();
  const active = view === current;
  return (
    <Link
      to={listingSearch(new URLSearchParams(location.search), { view, page: new URLSearchParams(location.search).get('page') })}
      aria-current={active ? 'true' : undefined}
      aria-label={label}
      title={label}
      data-testid={`view-${view}`}
      preventScrollReset
      className={`inline-flex size-9 items-center justify-center rounded-md ${active ? 'bg-brand-soft text-brand-text' : 'text-zinc-600 hover:bg-zinc-100'}`}
    >
      <Icon className="size-5" />
    </Link>
  );
}

export interface ListingToolbarProps {
  total: number;
  /** The total as shown, where it is not just the number (a search's "1,000+"). */
  totalText?: string;
  stockAvail: boolean;
  preOrder: boolean;
  showPreOrderToggle: boolean;
  view: CategoryView;
}

/** Result count, the two catalogue toggles (pre-order mode, only available stock) and the list/grid switch. */
export function ListingToolbar({ total, totalText, stockAvail, preOrder, showPreOrderToggle, view }: ListingToolbarProps) {
  const { t, locale } = useTranslation();
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-6 gap-y-2 border-y border-zinc-200 py-2">
      <p className="num text-sm text-zinc-700" data-testid="result-count" aria-live="polite">
        {t('catalog.result.count', { count: total, formatted: totalText ?? formatNumber(total, locale) })}
      </p>
      <SwitchLink on={stockAvail} param="stockAvail" label={t('catalog.toggle.stock')} testId="toggle-stock" />
      {showPreOrderToggle ? <SwitchLink on={preOrder} param="preOrder" label={t('catalog.toggle.preorder')} testId="toggle-preorder" /> : null}
      <div className="ml-auto flex gap-1" role="group" aria-label={t('catalog.view.label')}>
        <ViewLink view="list" current={view} label={t('catalog.view.list')} icon={ListGlyph} />
        <ViewLink view="grid" current={view} label={t('catalog.view.grid')} icon={GridGlyph} />
      </div>
    </div>
  );
}
