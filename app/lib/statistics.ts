import { apiFetch } from './api-client';

/** Counts a page view; a failure is only logged, never shown. */
export function sendPageView(path: string): void {
  apiFetch('/api/statistics/event', {
    method: 'POST',
    body: { type: 'page_view', data: { path, user_agent: navigator.userAgent } },
  }).catch((error: unknown) => console.warn('page view not recorded', error));
}
