import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckCircleIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { useInterfaceStore } from '../../stores/interface-store';

// What an account page says after a successful post. The action redirects to the page with
// `?saved=<what>` (post, redirect, get: a reload does not post again). With JavaScript a success toast
// says it, and the parameter leaves the URL so a reload does not say it twice; a page without
// JavaScript has no toasts, so the server-rendered page carries the same words as a status line.

export const savedParam = 'saved';

const noSubscription = () => () => {};

/** False in the server render and while hydrating, true once the page runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** `messages`: what each value of `?saved=` says, as a message key. */
export function SavedNotice({ messages }: { messages: Readonly<Record<string, string>> }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const saved = searchParams.get(savedParam);
  const messageKey = saved !== null && Object.hasOwn(messages, saved) ? messages[saved]! : null;

  useEffect(() => {
    if (!messageKey) return;
    useInterfaceStore.getState().showToast({ message: { code: messageKey }, type: 'success' });
    const rest = new URLSearchParams(searchParams);
    rest.delete(savedParam);
    const search = rest.toString();
    void navigate({ search: search ? `?${search}` : '' }, { replace: true, preventScrollReset: true });
    // Once per arrival of a message: the navigation above changes searchParams, not the message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messageKey]);

  if (!messageKey || hydrated) return null;
  return (
    <p role="status" data-testid="saved-notice" className="flex items-center gap-2 rounded-md border border-green-200 bg-success-soft p-3 text-sm text-zinc-900">
      <CheckCircleIcon className="size-5 shrink-0 text-success" />
      {t(messageKey)}
    </p>
  );
}
