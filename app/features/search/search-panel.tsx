import { useEffect, useLayoutEffect, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Category, HighlightRange, SearchProduct } from '../../../core/catalog-types';
import { productPath } from '../../../core/category-path';
import { formatCents } from '../../../core/money';
import { highlightRanges, searchTotalText, searchWords } from '../../../core/search-text';
import { stockStatus } from '../../../core/stock';
import { CheckCircleIcon, ErrorIcon, Icon } from '../../components/ui/icons';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { ReviewBadge } from '../reviews/review-badge';
import { useInterfaceStore } from '../../stores/interface-store';
import { formatNumber } from '../catalog/format-number';
import { VatNote } from '../catalog/price-text';
import { useRootData } from '../session/use-root-data';
import { splitHighlights } from './highlight';
import { createLatestRequestGuard } from './latest-request';
import { shownUnitCents } from '../../../core/vat';
import { searchDelayMs, searchProducts } from './search-client';
import { moveActive, panelCategoryCount, panelPageSize, searchPagePath, searchTerm } from './search-term';

// The search panel under the header's search field (docs/product.md, Catalogue), loaded on demand by
// header-search.tsx. The header renders a plain search form; from the first focus on, this module
// drives its field as a combobox: it follows the input, opens and closes the panel, keeps the
// field's aria attributes current, takes its arrow, Enter and Escape keys and the form's submit.
// Results come from the search client (never a URL of its own): the matching categories and the
// products, as the options of a listbox.
//
// What it shows of a product comes from core/ and a few lines of its own, not from the catalogue's
// components: a module shared with the category page's chunks would make the bundler split those
// chunks, and the category page pays for that up front (see panel-price.ts).

interface ResultOptionProps {
  id: string;
  active: boolean;
  to: string;
  onChoose: () => void;
  testId: string;
  sku?: string;
  className: string;
  children: ReactNode;
}

/** One result: a link in the listbox; the field keeps the focus and points at it (aria-activedescendant). */
function ResultOption({ id, active, to, onChoose, testId, sku, className, children }: ResultOptionProps) {
  return (
    <Link id={id} role="option" aria-selected={active} tabIndex={-1} to={to} onClick={onChoose} data-testid={testId} data-sku={sku} className={className}>
      {children}
    </Link>
  );
}

/** A labelled group of options in the result list (categories, products). */
function ResultGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={id}>
      <div id={id} className="px-3 pt-2 pb-1 text-xs font-semibold text-zinc-600">
        {title}
      </div>
      {children}
    </div>
  );
}

export interface SearchPanelProps {
  /** The id of the header's field; the panel's own ids start with it. */
  fieldId: string;
}

interface Results {
  /** The request the results answer: term and toggles. */
  request: string;
  term: string;
  products: SearchProduct[];
  categories: Category[];
  total: number;
  page: number;
  /** The answer's page size: load-more asks for the next page of it (the engine's pages have 20). */
  pageSize: number;
}

const optionClass =
  'flex gap-3 px-3 py-2 text-zinc-900 hover:bg-zinc-50 aria-selected:bg-zinc-50 aria-selected:outline-2 aria-selected:-outline-offset-2 aria-selected:outline-brand-text';

function Highlighted({ text, ranges }: { text: string; ranges: readonly HighlightRange[] | undefined }) {
  return splitHighlights(text, ranges).map((piece, index) =>
    piece.match ? (
      <mark key={index} className="rounded-sm bg-amber-100 text-inherit">
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}

interface PanelViewer {
  showNetPrices: boolean;
  isSalesPerson: boolean;
  preOrder: boolean;
}

// The catalogue's clock glyph (catalog-glyphs.tsx), drawn here: each file the panel needs puts its
// name into the layout's script, which every page loads.
const ClockIcon = ({ className }: { className: string }) => (
  <Icon className={className}>
    <path d="M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0" />
  </Icon>
);

// The catalogue's stock looks (stock-indicator.tsx, whose tooltip an option must not hold).
const stockLooks = {
  success: { text: 'text-success', icon: CheckCircleIcon },
  warning: { text: 'text-warning', icon: ClockIcon },
  danger: { text: 'text-danger', icon: ErrorIcon },
} as const;

/** Stock as icon and text (colour is never the only signal); an option holds nothing focusable, so no tooltip. */
function PanelStock({ product, viewer }: { product: SearchProduct; viewer: PanelViewer }) {
  const { t, locale } = useTranslation();
  const status = stockStatus(product, { isSalesPerson: viewer.isSalesPerson, now: new Date() });
  const look = stockLooks[status.colour];
  return (
    <span className={`inline-flex items-center gap-1 font-medium ${look.text}`} data-testid="search-stock" data-stock={status.colour}>
      <look.icon className="size-4 shrink-0" />
      {t(status.labelKey)}
      {status.numericStock !== null ? <span className="num font-normal text-zinc-700">({formatNumber(status.numericStock, locale)})</span> : null}
    </span>
  );
}

function ProductOption({ product, viewer }: { product: SearchProduct; viewer: PanelViewer }) {
  const { t, locale } = useTranslation();
  const image = product.images[0];
  const { price } = product;
  return (
    <>
      {image ? (
        <img src={image.image.url} alt="" width={48} height={48} loading="lazy" decoding="async" className="size-12 shrink-0 rounded-md border border-zinc-200 bg-white object-contain" />
      ) : (
        <span aria-hidden="true" className="size-12 shrink-0 rounded-md border border-zinc-200 bg-zinc-100" />
      )}
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 leading-5 font-medium" data-testid="search-product-name">
          <Highlighted text={product.name} ranges={product.highlight.name} />
        </span>
        <span className="num block text-xs text-zinc-600" data-testid="search-product-sku">
          {product.variantSku ? <Highlighted text={product.variantSku} ranges={product.highlight.variantSku} /> : <Highlighted text={product.sku} ranges={product.highlight.sku} />}
        </span>
        <span className="mt-0.5 flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-xs">
          {price ? (
            <span>
              <span className="price text-sm font-semibold text-zinc-900" data-testid="search-price">
                {formatCents(shownUnitCents(price, product.vatRate, viewer.showNetPrices, viewer.preOrder), price.currency, locale)}
              </span>{' '}
              <VatNote showNetPrices={viewer.showNetPrices} vatRates={[product.vatRate]} className="text-zinc-600" />
            </span>
          ) : (
            <span className="text-zinc-600" data-testid="search-price-hidden">
              {t('price.hidden')}
            </span>
          )}
          <PanelStock product={product} viewer={viewer} />
          <ReviewBadge summary={product.reviews} className="text-xs" />
        </span>
      </span>
    </>
  );
}

export default function SearchPanel({ fieldId }: SearchPanelProps) {
  const { t, locale } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { session, configuration } = useRootData();
  const stockAvail = useInterfaceStore((state) => state.showOnlyAvailableStocks);
  const preOrder = useInterfaceStore((state) => state.preOrderMode) && configuration.isPreOrderModeVisible;
  const useEngine = configuration.useSearchEngine;
  const viewer: PanelViewer = { showNetPrices: session?.account.showNetPrices ?? true, isSalesPerson: session?.account.isSalesPerson ?? false, preOrder };
  const panelId = `${fieldId}-panel`;
  const optionId = (index: number) => `${fieldId}-option-${index}`;
  const [input] = useState(() => document.getElementById(fieldId) as HTMLInputElement);
  // Typed before this module arrived: that input opens the panel as well.
  const [query, setQuery] = useState(() => input.value);
  const [open, setOpen] = useState(() => input.value !== '' && document.activeElement === input);
  const [shownAt, setShownAt] = useState(location.key);
  const [guard] = useState(createLatestRequestGuard);
  const [results, setResults] = useState<Results | null>(null);
  const [failure, setFailure] = useState<{ request: string; message: string } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [active, setActive] = useState<{ request: string; index: number } | null>(null);

  // A navigation (a chosen result, a link elsewhere) closes the panel, and a closed panel has no
  // active option: state adjusted while rendering.
  if (shownAt !== location.key) {
    setShownAt(location.key);
    setOpen(false);
  }
  if (!open && active !== null) setActive(null);

  const term = searchTerm(query);
  const request = term === null ? null : JSON.stringify([term, stockAvail, preOrder]);
  const failed = failure !== null && failure.request === request;
  const current = results !== null && results.request === request;
  const loading = request !== null && !current && !failed;

  // Debounced: a query starts 300 ms (100 ms with the engine) after the last keystroke, and only the
  // newest answer is shown.
  useEffect(() => {
    if (term === null || request === null) {
      guard.cancel();
      return;
    }
    const timer = window.setTimeout(() => {
      const ticket = guard.start();
      searchProducts({ key: term, page: 1, pageSize: panelPageSize, stockAvail, preOrder, useEngine, signal: ticket.signal }).then(
        (answer) => {
          if (!ticket.isCurrent()) return;
          const { categories, total, pageSize } = answer.meta;
          setResults({ request, term, products: answer.data, categories, total, page: 1, pageSize });
        },
        (error: unknown) => {
          if (!ticket.isCurrent()) return;
          setFailure({ request, message: error instanceof ApiError && error.messageKey ? error.message : t('search.error') });
        },
      );
    }, searchDelayMs(useEngine));
    return () => window.clearTimeout(timer);
  }, [guard, request, term, stockAvail, preOrder, useEngine, t]);

  // Stale results stay visible (dimmed) while newer ones load; too short a term shows none.
  const shown = term !== null && !failed ? results : null;
  const categories = shown ? shown.categories.slice(0, panelCategoryCount) : [];
  const products = shown?.products ?? [];
  const hrefs = [...categories.map((category) => `/category/${category.verboseName}`), ...products.map((product) => productPath(product))];
  const activeIndex = open && shown && active?.request === shown.request && active.index < hrefs.length ? active.index : -1;
  const close = () => setOpen(false);

  // The field opens the panel on input, and on a click into text already typed; focus leaving the
  // form (field and panel), or the mouse leaving it, closes it. Enter or the search icon go to the
  // search page and empty the field. Attached before the browser handles another
  // event, so no keystroke between the first render and now is lost; one that was is taken over.
  useLayoutEffect(() => {
    const form = input.form!;
    const onInput = () => {
      setQuery(input.value);
      setOpen(true);
    };
    if (input.value !== query) onInput();
    const onClick = () => input.value !== '' && setOpen(true);
    const onFocusOut = (event: FocusEvent) => form.contains(event.relatedTarget as Node | null) || setOpen(false);
    const onPointerLeave = (event: PointerEvent) => event.pointerType === 'mouse' && setOpen(false);
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      const key = input.value.trim();
      if (!key) return;
      input.value = '';
      setQuery('');
      setOpen(false);
      void navigate(searchPagePath(key));
    };
    input.setAttribute('aria-controls', panelId);
    input.setAttribute('aria-autocomplete', 'list');
    input.addEventListener('input', onInput);
    input.addEventListener('click', onClick);
    form.addEventListener('focusout', onFocusOut);
    form.addEventListener('pointerleave', onPointerLeave);
    form.addEventListener('submit', onSubmit);
    return () => {
      input.removeEventListener('input', onInput);
      input.removeEventListener('click', onClick);
      form.removeEventListener('focusout', onFocusOut);
      form.removeEventListener('pointerleave', onPointerLeave);
      form.removeEventListener('submit', onSubmit);
    };
    // `query` is read once, on the first run: later inputs arrive through the listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [input, navigate, panelId]);

  // The field's combobox state.
  useEffect(() => {
    input.setAttribute('aria-expanded', String(open));
    if (activeIndex < 0) {
      input.removeAttribute('aria-activedescendant');
      return;
    }
    const option = `${fieldId}-option-${activeIndex}`;
    input.setAttribute('aria-activedescendant', option);
    document.getElementById(option)?.scrollIntoView({ block: 'nearest' });
  }, [input, open, activeIndex, fieldId]);

  // Arrow keys move through the options, Enter opens the active one (without one, the form goes to
  // the search page), Escape closes the panel, or empties the field when the panel is closed.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (open) setOpen(false);
        else {
          input.value = '';
          setQuery('');
        }
      } else if (event.key === 'ArrowDown' && !open && input.value !== '') {
        event.preventDefault();
        setOpen(true);
      } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && open && shown && hrefs.length > 0) {
        event.preventDefault();
        setActive({ request: shown.request, index: moveActive(activeIndex, hrefs.length, event.key === 'ArrowDown' ? 1 : -1) });
      } else if (event.key === 'Enter' && activeIndex >= 0) {
        event.preventDefault();
        setOpen(false);
        void navigate(hrefs[activeIndex]!);
      }
    };
    input.addEventListener('keydown', onKeyDown);
    return () => input.removeEventListener('keydown', onKeyDown);
  });

  // Escape on the load-more button closes the panel too, and the focus goes back to the field.
  function onPanelKeyDown(event: ReactKeyboardEvent) {
    if (event.key !== 'Escape') return;
    setOpen(false);
    input.focus();
  }

  function loadMore() {
    if (!shown || loadingMore) return;
    const ticket = guard.start();
    const next = shown.page + 1;
    setLoadingMore(true);
    searchProducts({ key: shown.term, page: next, pageSize: shown.pageSize, stockAvail, preOrder, useEngine, signal: ticket.signal })
      .then(
        (answer) => {
          if (!ticket.isCurrent()) return;
          setResults((previous) =>
            previous && previous.request === shown.request
              ? { ...previous, products: [...previous.products, ...answer.data], total: answer.meta.total, page: next }
              : previous,
          );
          // The button goes once everything is shown: the focus returns to the field, not to the page.
          if (shown.products.length + answer.data.length >= answer.meta.total) input.focus();
        },
        () => undefined,
      )
      .finally(() => setLoadingMore(false));
  }

  let message: string | null = null;
  if (term === null) message = t('searched.value.min.three.char');
  else if (failed) message = failure?.message ?? null;
  else if (current && hrefs.length === 0) message = t('not.found');
  const count = (total: number) => ({ count: total, formatted: searchTotalText(total, (value) => formatNumber(value, locale)) });

  return (
    // A press in the panel keeps the focus in the field; the click still follows the link.
    <div
      id={panelId}
      hidden={!open}
      data-testid="search-panel"
      onMouseDown={(event) => event.preventDefault()}
      onKeyDown={onPanelKeyDown}
      className="absolute inset-x-0 top-full z-50 max-h-[min(40rem,calc(100dvh-10rem))] overflow-y-auto overscroll-contain rounded-lg border border-zinc-200 bg-white shadow-lg lg:left-auto lg:w-[34rem]"
    >
      <p role="status" className={message || (loading && !shown) ? 'px-3 py-3 text-zinc-700' : 'sr-only'} data-testid="search-status">
        {message ?? (loading ? t('search.loading') : shown ? t('search.result.count', count(shown.total)) : null)}
      </p>
      {shown && hrefs.length > 0 ? (
        <>
          <div role="listbox" aria-label={t('search.results.label')} aria-busy={loading || undefined} className={`py-1 ${loading ? 'opacity-60' : ''}`}>
            {categories.length > 0 ? (
              <ResultGroup id={`${panelId}-categories`} title={t('search.categories')}>
                {categories.map((category, index) => (
                  <ResultOption key={category._id} id={optionId(index)} active={index === activeIndex} to={hrefs[index]!} onChoose={close} testId="search-category" className={`${optionClass} items-center`}>
                    <Icon className="size-5 shrink-0 text-zinc-500">
                      <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
                    </Icon>
                    <span className="min-w-0 flex-1 truncate">
                      <Highlighted text={category.name} ranges={highlightRanges(category.name, searchWords(shown.term))} />
                    </span>
                  </ResultOption>
                ))}
              </ResultGroup>
            ) : null}
            {products.length > 0 ? (
              <ResultGroup id={`${panelId}-products`} title={t('search.products')}>
                {products.map((product, position) => {
                  const index = categories.length + position;
                  return (
                    <ResultOption
                      key={`${product._id}-${product.variantSku ?? ''}`}
                      id={optionId(index)}
                      active={index === activeIndex}
                      to={hrefs[index]!}
                      onChoose={close}
                      testId="search-product"
                      sku={product.variantSku || product.sku}
                      className={optionClass}
                    >
                      <ProductOption product={product} viewer={viewer} />
                    </ResultOption>
                  );
                })}
              </ResultGroup>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2 border-t border-zinc-200 px-3 py-2">
            {products.length < shown.total ? (
              <button
                type="button"
                onClick={loadMore}
                disabled={loadingMore || loading}
                aria-busy={loadingMore || undefined}
                data-testid="search-load-more"
                className="inline-flex h-9 items-center rounded-md border border-zinc-300 bg-white px-3 font-medium text-zinc-900 hover:bg-zinc-100 disabled:opacity-50"
              >
                {t(loadingMore ? 'search.loading' : 'search.load.more')}
              </button>
            ) : null}
            <Link to={searchPagePath(shown.term)} onClick={close} data-testid="search-show-all" className="ml-auto font-medium text-brand-text hover:underline">
              {t('search.show.all', count(shown.total))}
            </Link>
          </div>
        </>
      ) : null}
    </div>
  );
}
