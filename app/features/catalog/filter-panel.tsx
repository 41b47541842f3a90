import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { CheckGlyph, ChevronDownGlyph, CrossGlyph } from './catalog-glyphs';
import { toggledAttributeSearch, withoutAttributesSearch, type AttributeSelection } from './listing-params';

export interface FilterableAttribute {
  name: string;
  values: string[];
}

function isChosen(selection: readonly AttributeSelection[], name: string, value: string): boolean {
  return selection.some((attribute) => attribute.name === name && attribute.values.includes(value));
}

/**
 * Attribute filters of a category (site setting showCategoryFilters). Each value is a link that
 * switches it in the URL, so filtering needs no script and a filtered list can be shared. The panel
 * is a native disclosure above the list: the table keeps the page's full width.
 */
export function FilterPanel({ attributes, selection }: { attributes: readonly FilterableAttribute[]; selection: readonly AttributeSelection[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const active = selection.reduce((sum, attribute) => sum + attribute.values.length, 0);
  if (attributes.length === 0) return null;
  return (
    <div className="mb-3" data-testid="filter-panel">
      <details className="group rounded-md border border-zinc-200 bg-white" open={active > 0 || undefined}>
        <summary className="flex h-10 cursor-pointer list-none items-center gap-2 px-3 text-sm font-medium text-zinc-800 [&::-webkit-details-marker]:hidden">
          <ChevronDownGlyph className="size-4 text-zinc-500 transition-transform group-open:rotate-180" />
          {t('catalog.filter.title')}
          {active > 0 ? <span className="num rounded-full bg-brand px-2 text-xs text-brand-foreground">{active}</span> : null}
        </summary>
        <div className="grid grid-cols-2 gap-x-6 gap-y-4 border-t border-zinc-200 p-3 sm:grid-cols-3 lg:grid-cols-5">
          {attributes.map((attribute) => (
            <section key={attribute.name} aria-label={attribute.name} className="min-w-0">
              <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-zinc-600 uppercase">{attribute.name}</h3>
              <ul className="max-h-48 space-y-0.5 overflow-y-auto">
                {attribute.values.map((value) => {
                  const chosen = isChosen(selection, attribute.name, value);
                  return (
                    <li key={value}>
                      <Link
                        to={toggledAttributeSearch(search, attribute.name, value)}
                        preventScrollReset
                        aria-current={chosen ? 'true' : undefined}
                        className="flex items-center gap-2 rounded-sm py-0.5 text-sm text-zinc-800 hover:text-brand-text"
                      >
                        <span aria-hidden="true" className={`inline-flex size-4 shrink-0 items-center justify-center rounded border ${chosen ? 'border-brand bg-brand text-brand-foreground' : 'border-zinc-400 bg-white'}`}>
                          {chosen ? <CheckGlyph className="size-3" /> : null}
                        </span>
                        <span className="truncate">{value}</span>
                        {chosen ? <span className="sr-only">({t('catalog.filter.chosen')})</span> : null}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      </details>
      {active > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('catalog.filter.active')}>
          {selection.flatMap((attribute) =>
            attribute.values.map((value) => (
              <li key={`${attribute.name}:${value}`}>
                <Link
                  to={toggledAttributeSearch(search, attribute.name, value)}
                  preventScrollReset
                  aria-label={t('catalog.filter.remove', { name: attribute.name, value })}
                  className="inline-flex h-7 items-center gap-1 rounded-full border border-zinc-300 bg-white px-2.5 text-xs text-zinc-800 hover:bg-zinc-100"
                >
                  {attribute.name}: {value}
                  <CrossGlyph className="size-3" />
                </Link>
              </li>
            )),
          )}
          <li>
            <Link to={withoutAttributesSearch(search)} preventScrollReset className="inline-flex h-7 items-center px-1 text-xs font-medium text-brand-text hover:underline">
              {t('catalog.filter.clear')}
            </Link>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
