import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../lib/i18n';
import type { FailureMessage } from './account-fields';

// Building blocks of the account area's forms: a card per form, and a labelled field with its hint and
// its problem (a message key from the server) tied to it for screen readers.

export const fieldClass = 'block h-10 w-full rounded-md border bg-white px-3 text-sm text-zinc-900 focus:border-brand focus:outline-2 focus:outline-brand';

export function Card({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-zinc-200 bg-white p-4 sm:p-5" data-testid={testId}>
      <h2 id={id} className="mb-4 text-base font-semibold text-zinc-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'className'> {
  id: string;
  name: string;
  label: string;
  /** The problem's message key, shown under the field. */
  error?: string | undefined;
  optional?: boolean;
  /** The id of a hint below the field that describes it. */
  hintId?: string;
  children?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ id, name, label, error, optional = false, hintId, children, ref, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const describedBy = [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-zinc-800">
        {label}
        {optional ? <span className="font-normal text-zinc-600"> {t('account.form.optional')}</span> : null}
      </label>
      <input
        ref={ref}
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${fieldClass} ${error ? 'border-danger' : 'border-zinc-300'}`}
        {...input}
      />
      <FieldError id={id} error={error} />
      {children}
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'className'> {
  id: string;
  name: string;
  label: string;
  /** The problem's message key, shown under the field. */
  error?: string | undefined;
  optional?: boolean;
  /** The id of a hint below the field that describes it. */
  hintId?: string;
  children?: ReactNode;
}

/** A text of several lines (a message), labelled, with its hint and its problem like TextField's. */
export function TextAreaField({ id, name, label, error, optional = false, hintId, children, ...textarea }: TextAreaFieldProps) {
  const { t } = useTranslation();
  const describedBy = [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-zinc-800">
        {label}
        {optional ? <span className="font-normal text-zinc-600"> {t('account.form.optional')}</span> : null}
      </label>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`block w-full rounded-md border bg-white px-3 py-2 text-sm text-zinc-900 focus:border-brand focus:outline-2 focus:outline-brand ${error ? 'border-danger' : 'border-zinc-300'}`}
        {...textarea}
      />
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={`${id}-error`} data-testid={`${id}-error`} className="mt-1 text-xs text-danger">
      {t(error)}
    </p>
  );
}

/** The form's submit button: while the form is on its way, disabled and with a spinner named `busyLabel`. */
export function SubmitButton({ busy, busyLabel, label, testId, className = '' }: { busy: boolean; busyLabel: string; label: string; testId: string; className?: string }) {
  return (
    <button type="submit" disabled={busy} data-testid={testId} className={buttonClasses('primary', 'md', className)}>
      {busy ? <Spinner className="size-4" label={busyLabel} /> : null}
      {label}
    </button>
  );
}

/**
 * What stands above a refused form, announced when it appears: a refusal of the whole form, and that
 * fields need fixing (`invalid`; each field says what next to it).
 */
export function FormProblems({ failure, invalid, testId, invalidTestId }: { failure: FailureMessage | null; invalid: boolean; testId: string; invalidTestId?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <FormFailure failure={failure} testId={testId} />
      {invalid ? (
        <p role="alert" className="mb-4 text-sm text-danger" data-testid={invalidTestId}>
          {t('account.form.invalid')}
        </p>
      ) : null}
    </>
  );
}

/** A refusal that concerns the whole form, announced when it appears. */
export function FormFailure({ failure, testId }: { failure: FailureMessage | null; testId: string }) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <p role="alert" data-testid={testId} className="mb-4 rounded-md bg-danger-soft p-3 text-sm text-red-900">
      {t(failure.messageKey, failure.params)}
    </p>
  );
}
