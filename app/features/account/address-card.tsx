import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { Address } from '../../../server/page-surface.server';
import { buttonClasses } from '../../components/ui/button';
import { WarningIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { addressLines } from '../checkout/address-block';
import type { FailureMessage } from './account-fields';
import { addressIntents } from './address-fields';
import { PencilGlyph, StarGlyph, TrashGlyph } from './account-glyphs';

// One address of the book: its lines, phone, whether it is the default of its kind, and what this user
// may do with it. Changing and deleting are links (?edit=id, ?delete=id) that open the form or the
// confirmation on the page; making it the default is a one-button form. Each action names its address
// for screen readers, as a list of cards repeats the same words.

export interface AddressActions {
  mayChange: boolean;
  mayDelete: boolean;
}

const actionClass = 'inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-brand-text hover:bg-brand-soft';

function DeleteConfirmation({ address, label, cancelTo, failure }: { address: Address; label: string; cancelTo: string; failure: FailureMessage | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('intent') === addressIntents.delete;
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div className="mt-3 rounded-md border border-red-200 bg-danger-soft p-3" data-testid="delete-confirmation">
      <p ref={question} tabIndex={-1} className="text-sm font-semibold text-zinc-900 outline-none">
        {t('address_book.delete.question')}
      </p>
      <p className="mt-1 text-xs text-zinc-700">{t('address_book.delete.hint')}</p>
      {failure ? (
        <p role="alert" data-testid="delete-failure" className="mt-2 rounded-md bg-white p-2 text-sm text-red-900">
          {t(failure.messageKey, failure.params)}
        </p>
      ) : null}
      <Form method="post" preventScrollReset className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={addressIntents.delete} />
        <input type="hidden" name="id" value={address._id} />
        <button type="submit" disabled={deleting} data-testid="confirm-delete" className={buttonClasses('danger', 'sm')}>
          {t('address_book.delete.confirm')}
          <span className="sr-only">: {label}</span>
        </button>
        <Link to={cancelTo} preventScrollReset className={buttonClasses('secondary', 'sm')}>
          {t('common.cancel')}
        </Link>
      </Form>
    </div>
  );
}

export function AddressCard({
  address,
  actions,
  confirmingDelete,
  deleteFailure,
  hrefFor,
}: {
  address: Address;
  actions: AddressActions;
  confirmingDelete: boolean;
  /** Why the last delete of this address was refused (the last invoice address), if it was. */
  deleteFailure: FailureMessage | null;
  /** The page's URL that opens the form or the confirmation for this address, or closes them. */
  hrefFor: (open: 'edit' | 'delete' | null) => string;
}) {
  const { t } = useTranslation();
  const lines = addressLines(address);
  const label = lines.slice(0, 3).join(', ');
  const titleId = `address-${address._id}-title`;
  return (
    <article aria-labelledby={titleId} className="flex w-full flex-col rounded-lg border border-zinc-200 bg-white p-4" data-testid="address-card" data-address-id={address._id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 text-sm text-zinc-700">
          {lines.map((line, index) =>
            index === 0 ? (
              <h3 key={index} id={titleId} className="font-semibold break-words text-zinc-900">
                {line}
              </h3>
            ) : (
              <p key={index} className="break-words">
                {line}
              </p>
            ),
          )}
          {address.phoneNumber ? <p className="num mt-1 text-zinc-600">{t('address_book.phone', { phone: address.phoneNumber })}</p> : null}
        </div>
        {address.isDefault ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-text" data-testid="default-badge">
            <StarGlyph className="size-3.5" />
            {t('address_book.default')}
          </span>
        ) : null}
      </div>
      {address.country === null ? (
        <p className="mt-2 flex gap-2 rounded-md bg-warning-soft p-2 text-sm text-zinc-900">
          <WarningIcon className="size-5 shrink-0 text-warning" />
          {t('address.missing.country')}
        </p>
      ) : null}
      {confirmingDelete ? (
        <DeleteConfirmation address={address} label={label} cancelTo={hrefFor(null)} failure={deleteFailure} />
      ) : actions.mayChange || actions.mayDelete ? (
        <div className="mt-auto -ml-2 flex flex-wrap gap-x-1 pt-3">
          {actions.mayChange ? (
            <Link to={hrefFor('edit')} preventScrollReset className={actionClass}>
              <PencilGlyph />
              {t('address_book.edit')}
              <span className="sr-only">: {label}</span>
            </Link>
          ) : null}
          {actions.mayChange && !address.isDefault ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value={addressIntents.setDefault} />
              <input type="hidden" name="id" value={address._id} />
              <button type="submit" className={actionClass} data-testid="make-default">
                <StarGlyph />
                {t('address_book.make_default')}
                <span className="sr-only">: {label}</span>
              </button>
            </Form>
          ) : null}
          {actions.mayDelete ? (
            <Link to={hrefFor('delete')} preventScrollReset className={actionClass}>
              <TrashGlyph />
              {t('address_book.delete')}
              <span className="sr-only">: {label}</span>
            </Link>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
