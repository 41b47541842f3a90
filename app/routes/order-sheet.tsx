import { useSearchParams } from 'react-router';
import type { Route } from './+types/order-sheet';
import { appLoadContext } from '../app-context';
import { loadOrderSheet, orderSheetAction } from '../features/order-sheet/order-sheet.server';
import { PasteForm } from '../features/order-sheet/paste-form';
import { UploadForm } from '../features/order-sheet/upload-form';
import { TemplateLinks } from '../features/order-sheet/template-links';
import { loadTemplateChoices } from '../features/order-sheet/template-links.server';
import { sheetIntents } from '../features/order-sheet/sheet-fields';
import { SheetPreview } from '../features/order-sheet/sheet-preview';
import { useConfirmedToast } from '../features/order-sheet/use-confirmed-toast';
import { useTranslation } from '../lib/i18n';
import { pageTitle } from '../lib/page-title';

// /order-sheet (docs/product.md, Order sheets): quick order from a list. The start forms read a pasted
// list or an uploaded XLSX sheet into an import on the server; /order-sheet?import=<id> is its preview, which survives a reload:
// every line judged, editable, and confirmed into the cart in one go. An import that is gone (unknown,
// expired, another user's) says so above the start form.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  const [page, templates] = await Promise.all([loadOrderSheet(app, new URL(request.url)), loadTemplateChoices(app)]);
  return { ...page, templates };
}

export async function action({ request, context }: Route.ActionArgs) {
  return orderSheetAction(context.get(appLoadContext), request);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'quick_order');
}

export default function OrderSheetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sheet, unavailable, templates } = loaderData;
  // The cart pages link here with the cart they show (?target=order|preOrder).
  const [searchParams] = useSearchParams();
  const startTarget = searchParams.get('target') === 'preOrder' ? 'preOrder' : 'order';
  const problemOf = (intent: string) => (actionData && !actionData.ok && actionData.intent === intent ? actionData : null);
  const pasteProblem = problemOf(sheetIntents.paste);
  const uploadProblem = problemOf(sheetIntents.upload);
  const formProblem = actionData && !actionData.ok && actionData.intent !== sheetIntents.paste && actionData.intent !== sheetIntents.upload ? actionData : null;

  useConfirmedToast(sheet);

  return (
    <div className="mx-auto max-w-6xl space-y-4" data-testid="order-sheet-page">
      <h1 className="text-2xl font-semibold text-zinc-900">{t('quick_order.title')}</h1>
      {unavailable || (formProblem && formProblem.messageKey === 'quick_order.unavailable') ? (
        <p role="alert" className="rounded-md bg-warning-soft p-3 text-sm text-amber-950" data-testid="sheet-unavailable">
          {t('quick_order.unavailable')}
        </p>
      ) : null}
      {/* A refused row or confirmation posted without JavaScript (a fetcher's refusal shows at its row). */}
      {formProblem && formProblem.messageKey !== 'quick_order.unavailable' ? (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-red-900" data-testid="sheet-problem">
          {formProblem.line === undefined ? null : `${t('quick_order.row.line', { line: formProblem.line })}: `}
          {t(formProblem.messageKey, formProblem.params)}
        </p>
      ) : null}
      {sheet ? (
        <SheetPreview sheet={sheet} />
      ) : (
        <>
          <p className="max-w-3xl text-sm text-zinc-700">{t('quick_order.intro')}</p>
          <div className="grid gap-4 lg:grid-cols-2">
            <section className="rounded-lg border border-zinc-200 bg-white p-4 sm:p-5">
              <PasteForm problem={pasteProblem} defaultTarget={startTarget} />
            </section>
            <section className="rounded-lg border border-zinc-200 bg-white p-4 sm:p-5">
              <UploadForm problem={uploadProblem} defaultTarget={startTarget} />
            </section>
          </div>
          <TemplateLinks categories={templates.categories} mayListBought={templates.mayListBought} />
        </>
      )}
    </div>
  );
}
