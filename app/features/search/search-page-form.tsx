import { Form } from 'react-router';
import { Icon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';

/**
 * The search page's own search form (the header's field is hidden on /search): a GET form, so it
 * works before the scripts have loaded too. The toggles that are on stay on for the new key.
 */
export function SearchPageForm({ value, stockAvail, preOrder }: { value: string; stockAvail: boolean; preOrder: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/search" role="search" className="mb-4 flex h-11 max-w-2xl rounded-md border border-zinc-300 bg-white" data-testid="search-page-form">
      <input
        name="key"
        type="text"
        defaultValue={value}
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        required
        className="min-w-0 flex-1 rounded-l-md bg-transparent px-3 text-base text-zinc-900 placeholder:text-zinc-500 lg:text-sm"
      />
      {stockAvail ? <input type="hidden" name="stockAvail" value="1" /> : null}
      {preOrder ? <input type="hidden" name="preOrder" value="1" /> : null}
      <button type="submit" className="inline-flex shrink-0 items-center gap-2 rounded-r-md bg-brand px-4 text-sm font-medium text-brand-foreground hover:bg-brand-hover">
        <Icon className="size-4">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </Icon>
        {t('search.submit')}
      </button>
    </Form>
  );
}
