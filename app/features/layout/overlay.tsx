import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useInterfaceStore } from '../../stores/interface-store';

/**
 * Dims the page below the header while a header panel (mega menu, search results) is open; a click
 * on it closes the panel. It sits under the header (z-40) so the panel stays usable.
 */
export function Overlay() {
  const visible = useInterfaceStore((state) => state.overlayVisible);
  const setVisible = useInterfaceStore((state) => state.setOverlayVisible);
  const location = useLocation();

  useEffect(() => {
    setVisible(false);
  }, [location.key, setVisible]);

  if (!visible) return null;
  // Pointer-only convenience: keyboard users close the panels themselves with Escape.
  return <div aria-hidden="true" className="fixed inset-0 z-30 bg-zinc-950/40" onClick={() => setVisible(false)} />;
}
