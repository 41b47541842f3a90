import { useRef } from 'react';

/**
 * Radix returns focus to its Dialog.Trigger on close; dialogs opened from the interface store have
 * none, so the element that had focus when the dialog opened gets it back instead.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
      opener.current = null;
    },
  };
}
