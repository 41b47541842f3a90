import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useInterfaceStore } from '../../stores/interface-store';

export const headerPanelCloseDelayMs = 400;

/**
 * Which panel of a header menu is open (a mega menu, the phone category list); a navigation closes
 * it. A panel opened by a click may dim the page with the shared overlay, and closes when the overlay
 * is clicked away. A panel opened by hovering must not: the overlay would swallow the first click on
 * the page. `closeSoon` waits 400 ms, so a pointer slipping off the menu for a
 * moment, or focus moving between its links, does not make it flicker.
 */
export function useHeaderPanel<T>({ dimPage }: { dimPage: boolean }) {
  const [open, setOpen] = useState<T | null>(null);
  const overlayVisible = useInterfaceStore((state) => state.overlayVisible);
  const setOverlayVisible = useInterfaceStore((state) => state.setOverlayVisible);
  const timer = useRef<number | undefined>(undefined);
  // Whether this panel owns the overlay, so closing it never hides another panel's overlay.
  const ownsOverlay = useRef(false);
  const location = useLocation();
  const [shownAt, setShownAt] = useState(location.key);

  // Adjusting state while rendering (React's pattern for state derived from the location and a store).
  if (shownAt !== location.key) {
    setShownAt(location.key);
    if (open !== null) setOpen(null);
  }
  if (dimPage && open !== null && !overlayVisible) setOpen(null);
  useEffect(() => {
    if (!overlayVisible) ownsOverlay.current = false;
  }, [overlayVisible]);

  const cancelClose = useCallback(() => window.clearTimeout(timer.current), []);
  const show = useCallback(
    (panel: T) => {
      cancelClose();
      setOpen(panel);
      if (!dimPage) return;
      ownsOverlay.current = true;
      setOverlayVisible(true);
    },
    [cancelClose, setOverlayVisible, dimPage],
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

  return { open: !dimPage || overlayVisible ? open : null, show, close, closeSoon, cancelClose };
}
