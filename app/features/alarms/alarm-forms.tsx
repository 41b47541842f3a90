import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { buttonClasses, type ButtonSize, type ButtonVariant } from '../../components/ui/button';
import { alarmIntents, type AlarmIntent } from './alarm-fields';

// The forms of /alarm: each posts its intent (and fields) to the page's action, so every change works
// without JavaScript. While one of the page's forms is on its way, the others wait: a second click
// must not post twice.

export function useAlarmPageBusy(): boolean {
  const navigation = useNavigation();
  const intent = navigation.formData?.get('intent');
  return navigation.state !== 'idle' && typeof intent === 'string' && (Object.values(alarmIntents) as string[]).includes(intent);
}

export function HiddenFields({ fields }: { fields: Record<string, string | number | readonly number[]> }) {
  return (
    <>
      {Object.entries(fields).flatMap(([name, value]) =>
        Array.isArray(value) ? value.map((one: number) => <input key={`${name}-${one}`} type="hidden" name={name} value={one} />) : [<input key={name} type="hidden" name={name} value={String(value)} />],
      )}
    </>
  );
}

/** One button that posts an intent with its fields. */
export function IntentButton({
  intent,
  fields,
  children,
  label,
  variant = 'ghost',
  size = 'sm',
  testId,
}: {
  intent: AlarmIntent;
  fields: Record<string, string | number | readonly number[]>;
  children: ReactNode;
  /** The spoken name where the button shows an icon or a short word only. */
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  testId: string;
}) {
  const busy = useAlarmPageBusy();
  return (
    <Form method="post" className="inline-flex">
      <input type="hidden" name="intent" value={intent} />
      <HiddenFields fields={fields} />
      <button type="submit" disabled={busy} aria-label={label} className={buttonClasses(variant, size)} data-testid={testId}>
        {children}
      </button>
    </Form>
  );
}
