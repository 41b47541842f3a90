import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { CloseIcon } from './icons';
import { useReturnFocus } from './use-return-focus';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons row at the bottom (right-aligned, stacked on phones). */
  footer?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

/** Centred dialog: Radix traps focus, closes on Escape and returns focus to the opener. */
export function Modal({ open, onOpenChange, title, description, footer, children, size = 'md', testId }: ModalProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 motion-safe:animate-fade-in" />
        <Dialog.Content
          data-testid={testId}
          {...returnFocus}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl motion-safe:animate-fade-in`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-zinc-200 px-5 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-base font-semibold text-zinc-900">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-zinc-600">{description}</Dialog.Description> : null}
            </div>
            <Dialog.Close
              className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
              aria-label={t('modal.close')}
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          {children ? <div className="overflow-y-auto px-5 py-4">{children}</div> : null}
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-zinc-200 px-5 py-3 sm:flex-row sm:justify-end">{footer}</div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
