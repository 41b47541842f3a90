import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { ErrorIcon, InfoIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';

// What an account list shows instead of rows: nothing found (with the way back to the whole list), or a
// list that could not be read, kept as an error state on the page with a retry that
// loads the same URL anew.

export function EmptyState({ title, hint, action, testId }: { title: string; hint: string; action?: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-zinc-300 bg-white px-4 py-10 text-center" data-testid={testId}>
      <InfoIcon className="size-6 text-info" />
      <p className="text-base font-semibold text-zinc-900">{title}</p>
      <p className="max-w-md text-sm text-zinc-700">{hint}</p>
      {action}
    </div>
  );
}

export function LoadFailure({ message, retryTo }: { message: string; retryTo: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-danger-soft p-4 sm:flex-row sm:items-center" data-testid="load-failure">
      <p className="flex flex-1 gap-2 text-sm text-red-900">
        <ErrorIcon className="size-5 shrink-0 text-danger" />
        {message}
      </p>
      {/* A full load: whatever failed is read anew. */}
      <Link to={retryTo} reloadDocument className={buttonClasses('secondary')} data-testid="retry">
        {t('account_list.retry')}
      </Link>
    </div>
  );
}
