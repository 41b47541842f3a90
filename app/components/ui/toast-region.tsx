import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { useInterfaceStore, type Toast, type ToastType } from '../../stores/interface-store';
import { BellIcon, CheckCircleIcon, CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons';

// Colour is never the only signal: each type has its own icon and a spoken type name.
const looks: Record<ToastType, { icon: ComponentType<{ className?: string }>; accent: string; iconColour: string }> = {
  success: { icon: CheckCircleIcon, accent: 'border-l-success', iconColour: 'text-success' },
  info: { icon: InfoIcon, accent: 'border-l-info', iconColour: 'text-info' },
  warning: { icon: WarningIcon, accent: 'border-l-warning', iconColour: 'text-warning' },
  danger: { icon: ErrorIcon, accent: 'border-l-danger', iconColour: 'text-danger' },
  secondary: { icon: BellIcon, accent: 'border-l-secondary', iconColour: 'text-secondary' },
};

/** Counts down while neither hovered nor focused (WCAG 2.2.1: people get time to read and act). */
function useAutoDismiss(toast: Toast, paused: boolean, dismiss: (id: string) => void) {
  const remaining = useRef(toast.timeout);
  useEffect(() => {
    if (paused || toast.timeout <= 0) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismiss(toast.id), Math.max(remaining.current, 0));
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, toast.id, toast.timeout, dismiss]);
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dismiss = useInterfaceStore((state) => state.dismissToast);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useAutoDismiss(toast, hovered || focused, dismiss);
  const look = looks[toast.type];
  const Icon = look.icon;
  const text = toast.message.code ? t(toast.message.code, toast.message.params ?? {}) : (toast.message.text ?? '');
  const actionClass = 'rounded text-sm font-semibold text-brand-text underline-offset-2 hover:underline';

  return (
    <li
      data-testid="toast"
      data-type={toast.type}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-md border border-l-4 border-zinc-200 bg-white p-3 shadow-lg ${look.accent}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <Icon className={`mt-0.5 size-5 shrink-0 ${look.iconColour}`} />
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words text-zinc-900">
          <span className="sr-only">{t(`toast.type.${toast.type}`)}: </span>
          {text}
        </p>
        {toast.actions.length > 0 ? (
          <div className="mt-2 flex flex-wrap gap-3">
            {toast.actions.map((action) =>
              action.href ? (
                <Link key={action.label} to={action.href} className={actionClass} onClick={() => dismiss(toast.id)}>
                  {t(action.label)}
                </Link>
              ) : (
                <button
                  key={action.label}
                  type="button"
                  className={actionClass}
                  onClick={() => {
                    action.onClick?.();
                    dismiss(toast.id);
                  }}
                >
                  {t(action.label)}
                </button>
              ),
            )}
          </div>
        ) : null}
      </div>
      <button
        type="button"
        className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
        aria-label={t('toast.close')}
        onClick={() => dismiss(toast.id)}
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}

/** Stacked bottom-right (above the mobile bottom navigation); the live region exists from the first render. */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useInterfaceStore((state) => state.toasts);
  return (
    <section
      aria-label={t('toast.region.label')}
      className="pointer-events-none fixed inset-x-3 bottom-20 z-[70] sm:right-4 sm:left-auto sm:w-96 lg:bottom-4"
    >
      <ol aria-live="polite" aria-relevant="additions text" className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
