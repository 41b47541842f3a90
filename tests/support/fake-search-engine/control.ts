import { documentsOf } from './index-store.ts';
import { isPlainObject } from './json.ts';
import type { Answer, EngineState } from './state.ts';

// Control endpoints under `/_fake/`, for browser tests that drive the fake over HTTP (API tests use the object
// startFakeSearchEngine returns). No authentication.

export function answerControlRequest(state: EngineState, method: string | undefined, pathname: string, body: unknown): Answer {
  const flag = (name: string): boolean | undefined => (isPlainObject(body) && typeof body[name] === 'boolean' ? body[name] : undefined);
  // Changes answer with the fake's state, so that a caller may always read the answer as JSON.
  const changed = (): Answer => ({ status: 200, body: { healthy: state.healthy, searchFailing: state.searchFailing, recordedRequests: state.requests.length } });
  const documents = /^\/_fake\/documents\/([^/]+)$/.exec(pathname);
  if (method === 'GET' && documents) return { status: 200, body: documentsOf(state, decodeURIComponent(documents[1]!)) };
  if (method === 'GET' && pathname === '/_fake/requests') return { status: 200, body: state.requests };
  if (method === 'DELETE' && pathname === '/_fake/requests') {
    state.requests.length = 0;
    return changed();
  }
  if (method === 'POST' && pathname === '/_fake/health') {
    const ok = flag('ok');
    if (ok === undefined) return { status: 400, body: { message: 'expected { "ok": boolean }' } };
    state.healthy = ok;
    return changed();
  }
  if (method === 'POST' && pathname === '/_fake/search') {
    const fail = flag('fail');
    if (fail === undefined) return { status: 400, body: { message: 'expected { "fail": boolean }' } };
    state.searchFailing = fail;
    return changed();
  }
  return { status: 404, body: { message: `no control endpoint ${method} ${pathname}` } };
}
