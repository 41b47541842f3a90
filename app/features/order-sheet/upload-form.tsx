import { useRef, useState, type DragEvent } from 'react';
import { Form, useNavigation } from 'react-router';
import { orderSheetMaxFileBytes, orderSheetMaxLines, orderSheetMaxQuantity, orderSheetMaxRowsRead } from '../../../core/order-sheet-limits';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../lib/i18n';
import { formatNumber } from '../catalog/format-number';
import { orderSheetPath, sheetIntents } from './sheet-fields';
import { SheetTargetField } from './sheet-target-field';
import type { OrderSheetTarget } from './sheet-view';

// "Upload a sheet": one XLSX file, chosen or dropped on the field. A plain multipart form post to the page's
// action, which reads the file on the server (its type judged from its bytes, never from its name) and opens
// the preview. Dropping a file puts it into the file field, so the same post sends it.

export interface UploadProblem {
  messageKey: string;
  params?: Record<string, string | number>;
  target?: OrderSheetTarget;
}

export function UploadForm({ problem, defaultTarget }: { problem: UploadProblem | null; defaultTarget: OrderSheetTarget }) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === sheetIntents.upload;
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const number = (value: number) => formatNumber(value, locale);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = event.dataTransfer.files;
    if (!input.current || files.length === 0) return;
    input.current.files = files;
    setFileName(files[0]!.name);
  };

  return (
    <Form method="post" action={orderSheetPath} encType="multipart/form-data" className="space-y-4" data-testid="upload-form" aria-labelledby="upload-title">
      <input type="hidden" name="intent" value={sheetIntents.upload} />
      <h2 id="upload-title" className="text-base font-semibold text-zinc-900">
        {t('quick_order.upload.title')}
      </h2>
      <SheetTargetField defaultTarget={problem?.target ?? defaultTarget} form="upload" />
      <label
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm focus-within:outline-2 focus-within:outline-brand ${
          dragging ? 'border-brand bg-brand-soft' : problem ? 'border-danger bg-white' : 'border-zinc-300 bg-white hover:bg-zinc-50'
        }`}
        data-testid="upload-drop"
      >
        <span className="font-medium text-zinc-900">{t('quick_order.upload.label')}</span>
        <span className="text-zinc-700">{fileName ?? t('quick_order.upload.drop')}</span>
        <input
          ref={input}
          type="file"
          name="file"
          required
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={`upload-limits${problem ? ' upload-error' : ''}`}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setFileName(event.currentTarget.files?.[0]?.name ?? null)}
          className="max-w-full text-sm text-zinc-800 file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
          data-testid="upload-file"
        />
      </label>
      {problem ? (
        <p id="upload-error" role="alert" className="text-sm text-danger" data-testid="upload-error">
          {t(problem.messageKey, problem.params)}
        </p>
      ) : null}
      <p id="upload-limits" className="text-xs text-zinc-600" data-testid="upload-limits">
        {t('quick_order.upload.limits', {
          size: number(orderSheetMaxFileBytes / 1024 / 1024),
          rows: number(orderSheetMaxRowsRead),
          lines: number(orderSheetMaxLines),
          max: number(orderSheetMaxQuantity),
        })}
      </p>
      <button type="submit" disabled={busy} className={buttonClasses('primary')} data-testid="upload-submit">
        {busy ? <Spinner className="size-4" label={t('quick_order.upload.reading')} /> : null}
        {t('quick_order.upload.submit')}
      </button>
    </Form>
  );
}
