import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { buttonClasses, type ButtonSize, type ButtonVariant } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { reorderIntent } from './history-fields';
import { RepeatGlyph } from './history-glyphs';

// "Order again" for the whole order or one line (`line`: its index in the order's items): a plain form
// posting to the detail page's action, so it works without JavaScript. While one reorder is on its way,
// every reorder button waits: a second click must not add the lines twice.

export function ReorderButton({
  line,
  children,
  variant = 'primary',
  size = 'md',
  testId,
}: {
  line?: number;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  testId: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === reorderIntent;
  const mine = busy && (navigation.formData?.get('line') ?? null) === (line === undefined ? null : String(line));
  return (
    <Form method="post" className="inline-flex">
      <input type="hidden" name="intent" value={reorderIntent} />
      {line === undefined ? null : <input type="hidden" name="line" value={line} />}
      <button type="submit" disabled={busy} aria-busy={mine || undefined} className={buttonClasses(variant, size)} data-testid={testId}>
        <RepeatGlyph className={`size-4 ${mine ? 'animate-spin motion-reduce:animate-none' : ''}`} />
        {mine ? t('reorder.adding') : children}
      </button>
    </Form>
  );
}
