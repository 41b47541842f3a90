import { useEffect } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { isChunkLoadError } from '../../core/chunk-reload';
import { reloadAfterChunkError } from './chunk-reload';

/**
 * The HTTP status an error boundary shows (default 500). A failed chunk load (a new deploy while the
 * tab was open) reloads the page instead, at most once a minute.
 */
export function useRouteErrorStatus(error: unknown): number {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The message key a route error names (the shop's error shape, `{ messageKey }`), if any. */
export function routeErrorMessageKey(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const key = (error.data as { messageKey?: unknown } | null)?.messageKey;
  return typeof key === 'string' && /^[a-z_]+(\.[a-z_]+)+$/.test(key) ? key : undefined;
}
