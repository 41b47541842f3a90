import { Form, useNavigation } from 'react-router';
import { orderSheetMaxLines, orderSheetMaxPasteBytes, orderSheetMaxQuantity } from '../../../core/order-sheet-limits';
import { Spinner } from '../../components/ui/spinner';
import { buttonClasses } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { formatNumber } from '../catalog/format-number';
import { orderSheetPath, sheetIntents } from './sheet-fields';
import { SheetTargetField } from './sheet-target-field';
import type { OrderSheetTarget } from './sheet-view';

// "Paste a list": one line per item, the article number and the quantity, as copied from a spreadsheet
// (tab-separated) or typed. A plain form post to the page's action, which reads and judges the lines on
// the server and opens the preview; nothing enters a cart here. A refused paste keeps the text.

export interface PasteProblem {
  messageKey: string;
  params?: Record<string, string | number>;
  text?: string;
  target?: OrderSheetTarget;
}

export function PasteForm({ problem, defaultTarget }: { problem: PasteProblem | null; defaultTarget: OrderSheetTarget }) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === sheetIntents.paste;
  const number = (value: number) => formatNumber(value, locale);
  return (
    <Form method="post" action={orderSheetPath} className="space-y-4" data-testid="paste-form" aria-labelledby="paste-title">
      <input type="hidden" name="intent" value={sheetIntents.paste} />
      <h2 id="paste-title" className="text-base font-semibold text-zinc-900">
        {t('quick_order.paste.title')}
      </h2>
      <SheetTargetField defaultTarget={problem?.target ?? defaultTarget} />
      <div>
        <label htmlFor="paste-text" className="mb-1 block text-sm font-medium text-zinc-800">
          {t('quick_order.paste.label')}
        </label>
        <p id="paste-hint" className="mb-2 text-xs text-zinc-600">
          {t('quick_order.paste.hint')}{' '}
          <code className="rounded bg-zinc-100 px-1 font-mono text-zinc-800">4711 12</code>{' '}
          {t('quick_order.paste.hint_tab')}
        </p>
        <textarea
          id="paste-text"
          name="text"
          required
          rows={8}
          spellCheck={false}
          autoComplete="off"
          defaultValue={problem?.text ?? ''}
          placeholder={'4711 12\n00100\t6\nAB-200; 3'}
          aria-describedby={`paste-hint paste-limits${problem ? ' paste-error' : ''}`}
          aria-invalid={problem ? true : undefined}
          className={`block w-full rounded-md border bg-white px-3 py-2 font-mono text-sm text-zinc-900 focus:border-brand focus:outline-2 focus:outline-brand ${problem ? 'border-danger' : 'border-zinc-300'}`}
          data-testid="paste-text"
        />
        {problem ? (
          <p id="paste-error" role="alert" className="mt-1 text-sm text-danger" data-testid="paste-error">
            {t(problem.messageKey, problem.params)}
          </p>
        ) : null}
        <p id="paste-limits" className="mt-1 text-xs text-zinc-600" data-testid="paste-limits">
          {t('quick_order.paste.limits', { lines: number(orderSheetMaxLines), size: number(Math.round(orderSheetMaxPasteBytes / 1024)), max: number(orderSheetMaxQuantity) })}
        </p>
      </div>
      <button type="submit" disabled={busy} className={buttonClasses('primary')} data-testid="paste-submit">
        {busy ? <Spinner className="size-4" label={t('quick_order.paste.checking')} /> : null}
        {t('quick_order.paste.submit')}
      </button>
    </Form>
  );
}
