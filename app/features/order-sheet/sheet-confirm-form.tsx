import { Form, useNavigation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { buttonClasses } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { previewPath, sheetIntents } from './sheet-fields';
import type { SheetView } from './sheet-view';

// Confirming puts the ready and adjusted lines into the target cart, in one go on the server: added to
// the cart's quantities (the default) or replacing them. Nothing to put in: the button is disabled and
// says why. While the post is on its way the button waits, so a second click changes nothing either.

export function SheetConfirmForm({ sheet }: { sheet: SheetView }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === sheetIntents.confirm;
  const putIn = sheet.summary.ready + sheet.summary.adjusted;
  return (
    <Form method="post" action={previewPath(sheet.importId)} className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4" data-testid="confirm-form" aria-labelledby="confirm-title">
      <input type="hidden" name="intent" value={sheetIntents.confirm} />
      <input type="hidden" name="importId" value={sheet.importId} />
      <h2 id="confirm-title" className="text-base font-semibold text-zinc-900">
        {t(sheet.target === 'preOrder' ? 'quick_order.confirm.title.pre_order' : 'quick_order.confirm.title.order')}
      </h2>
      <fieldset>
        <legend className="sr-only">{t('quick_order.confirm.mode')}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          <label className="inline-flex items-center gap-2 text-sm text-zinc-800">
            <input type="radio" name="mode" value="add" defaultChecked className="size-4 accent-brand" data-testid="mode-add" />
            {t('quick_order.confirm.add')}
          </label>
          <label className="inline-flex items-center gap-2 text-sm text-zinc-800">
            <input type="radio" name="mode" value="set" className="size-4 accent-brand" data-testid="mode-set" />
            {t('quick_order.confirm.set')}
          </label>
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy || putIn === 0} aria-describedby={putIn === 0 ? 'confirm-nothing' : undefined} className={buttonClasses('primary')} data-testid="confirm-submit">
          {busy ? <Spinner className="size-4" label={t('quick_order.confirm.busy')} /> : null}
          {t('quick_order.confirm.submit', { count: putIn })}
        </button>
        {putIn === 0 ? (
          <p id="confirm-nothing" className="text-sm text-zinc-700" data-testid="confirm-nothing">
            {t('quick_order.confirm.nothing')}
          </p>
        ) : null}
      </div>
    </Form>
  );
}
