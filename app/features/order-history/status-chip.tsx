import type { ReactNode } from 'react';
import type { Translate } from '../../../core/translate';

// A status as a chip in the shop's semantic colours, always with its words: the colour is a second
// signal, never the only one. The order's delivery and payment states are codes the API answers; their
// words and tones are fixed here. The order status itself is the tenant's own list (the salesHeadStatus
// lookup), so it has no fixed meaning to colour and is shown in the neutral tone.

export type ChipTone = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

const toneClasses: Record<ChipTone, string> = {
  success: 'border-green-200 bg-success-soft text-green-900',
  info: 'border-blue-200 bg-info-soft text-blue-900',
  warning: 'border-amber-300 bg-warning-soft text-amber-950',
  danger: 'border-red-200 bg-danger-soft text-red-900',
  secondary: 'border-zinc-200 bg-secondary-soft text-zinc-800',
};

export function StatusChip({ tone, children, testId }: { tone: ChipTone; children: ReactNode; testId?: string }) {
  return (
    <span className={`inline-flex max-w-full items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${toneClasses[tone]}`} data-testid={testId}>
      {children}
    </span>
  );
}

const deliveryTones: Record<string, ChipTone> = { open: 'secondary', partial: 'warning', delivered: 'success' };
const paymentTones: Record<string, ChipTone> = { open: 'info', awaiting: 'warning', paid: 'success', failed: 'danger', cancelled: 'secondary', refund_due: 'warning' };

/** The words of a code in the user's language; a code the shop has no words for is shown as it is. */
function codeText(t: Translate, group: string, code: string): string {
  const key = `order.${group}.${code}`;
  const text = t(key);
  return text === key ? code : text;
}

export function DeliveryStatusChip({ code, t }: { code: string | null; t: Translate }) {
  if (code === null) return null;
  return (
    <StatusChip tone={deliveryTones[code] ?? 'secondary'} testId="delivery-status">
      {codeText(t, 'delivery_status', code)}
    </StatusChip>
  );
}

export function PaymentStatusChip({ code, t }: { code: string | null; t: Translate }) {
  if (code === null) return null;
  return (
    <StatusChip tone={paymentTones[code] ?? 'secondary'} testId="payment-status">
      {codeText(t, 'payment_status', code)}
    </StatusChip>
  );
}

export function OrderStatusChip({ name }: { name: string }) {
  return (
    <StatusChip tone="secondary" testId="order-status">
      {name}
    </StatusChip>
  );
}
