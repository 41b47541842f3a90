import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, apiFetch } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { useSession } from '../session/use-root-data';
import { customerAccountsPath, customerSearchDebounceMs, type SalesAccount } from './sales-person-fields';

// The customer account selector of the account sidebar (docs/product.md, Sales persons): a remote select for
// sales persons. Typing searches the companies they serve (GET /api/user/salesPersonCustomers, up to 50,
// after a short pause); choosing one switches (POST /api/user/switchCustomerOfSalesPerson) and reloads
// the page, which then shows that company's prices, cart and orders.
// An ARIA 1.2 combobox: arrow keys move through the list, Enter chooses, Escape closes the list (not the
// sidebar), Home/End jump. Before the page's script runs, or with a search nobody picked from, the field
// is a plain form: Enter opens the search page, whose buttons switch without JavaScript.

/** Says the sidebar must leave Escape to an open list (its Dialog.Content's onEscapeKeyDown asks this). */
export function isOpenCombobox(element: Element | null): boolean {
  return element?.getAttribute('role') === 'combobox' && element.getAttribute('aria-expanded') === 'true';
}

type Load = { state: 'idle' } | { state: 'loading' } | { state: 'done'; accounts: SalesAccount[] } | { state: 'failed' };

export function CustomerAccountSelect() {
  const { t } = useTranslation();
  const account = useSession()?.account;
  const id = useId();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'idle' });
  const [active, setActive] = useState(-1);
  const [switching, setSwitching] = useState<SalesAccount | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // Every pause in typing asks once; an answer to an older term is dropped (its request aborted).
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoad({ state: 'loading' });
      apiFetch<{ data: SalesAccount[] }>(`/api/user/salesPersonCustomers?${new URLSearchParams({ search: term.trim() })}`, { signal: controller.signal })
        .then((answer) => {
          setLoad({ state: 'done', accounts: answer.data });
          setActive(answer.data.length > 0 ? 0 : -1);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setLoad({ state: 'failed' });
          if (!(error instanceof Error)) throw error;
        });
    }, customerSearchDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, open]);

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  if (!account?.isSalesPerson) return null;
  const accounts = load.state === 'done' ? load.accounts : [];
  const listShown = open && accounts.length > 0;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  async function choose(chosen: SalesAccount) {
    setSwitching(chosen);
    setFailure(null);
    try {
      await apiFetch('/api/user/switchCustomerOfSalesPerson', { method: 'POST', body: { customerId: chosen.id } });
      // The switch stores the company, then the page reloads and shows everything for it.
      window.location.reload();
    } catch (error) {
      setSwitching(null);
      // A company no longer served says so; anything else (the network, the server) asks to try again.
      setFailure(error instanceof ApiError && error.status === 403 && error.messageKey ? error.messageKey : 'sales_person.switch.failed');
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = accounts.length - 1;
    const move = (to: number) => {
      event.preventDefault();
      setOpen(true);
      setActive(Math.max(-1, Math.min(last, to)));
    };
    if (event.key === 'ArrowDown') move(open ? active + 1 : 0);
    else if (event.key === 'ArrowUp') move(active - 1);
    else if (event.key === 'Home' && listShown) move(0);
    else if (event.key === 'End' && listShown) move(last);
    else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && listShown && active >= 0 && accounts[active]) {
      // Without a highlighted answer Enter submits the form: the search page lists every match.
      event.preventDefault();
      void choose(accounts[active]);
    }
  }

  return (
    <section aria-labelledby={`${id}-label`} data-testid="customer-account-select">
      <h2 id={`${id}-label`} className="mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase">
        {t('sales_person.selector.title')}
      </h2>
      <form method="get" action={customerAccountsPath} role="search" className="relative">
        <label htmlFor={`${id}-input`} className="sr-only">
          {t('sales_person.selector.label')}
        </label>
        <input
          id={`${id}-input`}
          name="search"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          aria-autocomplete="list"
          aria-expanded={listShown}
          aria-controls={listId}
          aria-activedescendant={listShown && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-hint`}
          placeholder={t('sales_person.selector.placeholder')}
          value={term}
          disabled={switching !== null}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={(event) => {
            // A click on an option keeps the list: the option's own handler closes it.
            if (!listRef.current?.contains(event.relatedTarget)) setOpen(false);
          }}
          onKeyDown={onKeyDown}
          data-testid="customer-account-input"
          className="h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 placeholder:text-zinc-500 focus:border-brand focus:outline-2 focus:outline-offset-1 focus:outline-brand"
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-600">
          {t('sales_person.selector.hint')}
        </p>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={t('sales_person.selector.results')}
          hidden={!listShown}
          tabIndex={-1}
          className="absolute inset-x-0 top-11 z-10 max-h-72 overflow-y-auto rounded-md border border-zinc-200 bg-white py-1 shadow-lg"
          data-testid="customer-account-list"
        >
          {accounts.map((option, index) => {
            const current = option.id === account.company?._id;
            return (
              <li
                key={option.id}
                id={optionId(index)}
                data-index={index}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => void choose(option)}
                className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm ${index === active ? 'bg-brand-soft text-zinc-950' : 'text-zinc-800'}`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{option.name}</span>
                  <span className="num block truncate text-xs text-zinc-600">{option.customerNo}</span>
                </span>
                {current ? <span className="shrink-0 text-xs font-semibold text-brand-text">{t('sales_person.selector.current')}</span> : null}
              </li>
            );
          })}
        </ul>
        {open && accounts.length === 0 && load.state !== 'idle' ? (
          <div className="absolute inset-x-0 top-11 z-10 rounded-md border border-zinc-200 bg-white px-3 py-2 text-sm shadow-lg" data-testid="customer-account-state">
            {load.state === 'loading' ? (
              <span className="flex items-center gap-2 text-zinc-600">
                <Spinner className="size-4" />
                {t('sales_person.selector.loading')}
              </span>
            ) : null}
            {load.state === 'done' ? <span className="text-zinc-700">{t('sales_person.selector.empty')}</span> : null}
            {load.state === 'failed' ? <span className="text-red-800">{t('sales_person.selector.failed')}</span> : null}
          </div>
        ) : null}
      </form>
      <p aria-live="polite" className="mt-1 text-sm">
        {switching ? <span className="text-zinc-700">{t('sales_person.switching', { name: switching.name })}</span> : null}
        {failure ? <span className="text-red-800">{t(failure)}</span> : null}
        {open && load.state === 'done' ? <span className="sr-only">{t('sales_person.selector.count', { count: accounts.length })}</span> : null}
      </p>
    </section>
  );
}
