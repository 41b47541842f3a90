import { mayReloadAfterChunkError } from '../../core/chunk-reload.ts';

const storageKey = 'chunk-reload-at';

/** Reloads the page once after a failed chunk load; returns false when the guard forbids it. */
export function reloadAfterChunkError(): boolean {
  const stored = Number(window.sessionStorage.getItem(storageKey));
  const now = Date.now();
  if (!mayReloadAfterChunkError(stored || null, now)) return false;
  window.sessionStorage.setItem(storageKey, String(now));
  window.location.reload();
  return true;
}
