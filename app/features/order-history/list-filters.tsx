import type { ReactNode, SelectHTMLAttributes, InputHTMLAttributes } from 'react';
import { Form, Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { FieldError, fieldClass } from '../account/form-controls';
import { SearchGlyph } from './history-glyphs';

// The filter form of an account list (order history, finance list): a GET form, so the filters end up in
// the URL and work without JavaScript. A search box on top, the filters and the sort below it, one button
// that applies all of them, and a link back to the unfiltered list. Each field shows its problem (a
// message key from the list's schema) and is tied to it for screen readers.

export function ListFilterForm({ label, resetTo, search, children, testId }: { label: string; resetTo: string; search: ReactNode; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" aria-label={label} className="space-y-3 rounded-lg border border-zinc-200 bg-white p-3 sm:p-4" data-testid={testId}>
      {search}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">{children}</div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={buttonClasses('primary')} data-testid="apply-filters">
          <SearchGlyph className="size-4" />
          {t('account_list.apply')}
        </button>
        <Link to={resetTo} className={buttonClasses('ghost')}>
          {t('account_list.reset')}
        </Link>
      </div>
    </Form>
  );
}

interface FieldFrameProps {
  id: string;
  label: string;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, error, className = '', children }: FieldFrameProps) {
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-700">
        {label}
      </label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

const controlProps = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
  className: `${fieldClass} ${error ? 'border-danger' : 'border-zinc-300'}`,
});

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

export function FilterInput({ id, label, error, className, ...input }: { id: string; label: string; error: string | undefined; className?: string } & InputProps) {
  return (
    <FieldFrame id={id} label={label} error={error} {...(className ? { className } : {})}>
      <input {...controlProps(id, error)} {...input} />
    </FieldFrame>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'>;

export function FilterSelect({
  id,
  label,
  error,
  options,
  className,
  ...select
}: { id: string; label: string; error: string | undefined; options: readonly { value: string; label: string }[]; className?: string } & SelectProps) {
  return (
    <FieldFrame id={id} label={label} error={error} {...(className ? { className } : {})}>
      <select {...controlProps(id, error)} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
