import { useCallback, useEffect, useRef, useState } from 'react';
import { useInterfaceStore } from '../../stores/interface-store';

export const headerPanelCloseDelayMs = 400;

/**
 * Which panel of a header menu is open (a mega menu, the phone category list). An open panel dims
 * the page with the shared overlay; when the overlay goes (clicked, or a navigation) the panel
 * closes with it. `closeSoon` waits 400 ms (spec section 9), so a pointer slipping off the menu for
 * a moment, or focus moving between its links, does not make it flicker.
 */
export function useHeaderPanel<T>() {
  const [open, setOpen] = useState<T | null>(null);
  const overlayVisible = useInterfaceStore((state) => state.overlayVisible);
  const setOverlayVisible = useInterfaceStore((state) => state.setOverlayVisible);
  const timer = useRef<number | undefined>(undefined);
  // Whether this panel owns the overlay, so closing it never hides another panel's overlay.
  const ownsOverlay = useRef(false);

  // Adjusting state while rendering (React's pattern for state derived from a store), not in an effect.
  if (open !== null && !overlayVisible) setOpen(null);
  useEffect(() => {
    if (!overlayVisible) ownsOverlay.current = false;
  }, [overlayVisible]);

  const cancelClose = useCallback(() => window.clearTimeout(timer.current), []);
  const show = useCallback(
    (panel: T) => {
      cancelClose();
      setOpen(panel);
      ownsOverlay.current = true;
      setOverlayVisible(true);
    },
    [cancelClose, setOverlayVisible],
  );
  const close = useCallback(() => {
    cancelClose();
    setOpen(null);
    if (ownsOverlay.current) setOverlayVisible(false);
    ownsOverlay.current = false;
  }, [cancelClose, setOverlayVisible]);
  const closeSoon = useCallback(() => {
    cancelClose();
    timer.current = window.setTimeout(close, headerPanelCloseDelayMs);
  }, [cancelClose, close]);

  useEffect(() => cancelClose, [cancelClose]);

  return { open: overlayVisible ? open : null, show, close, closeSoon, cancelClose };
}
