import type { SearchAnswer } from '../../../core/catalog-types';
import { mergeEngineAnswer, type ShopHitsAnswer } from './engine-answer';
import { engineHealthUrl, engineSearchBody, engineSearchUrl, readEngineSearchResult, type EngineSearchInput, type EngineSearchResult } from './engine-query';

// The browser's use of the external search engine (ADR 0009). The shop hands out a
// short-lived search token with the engine's address; the engine is checked once before its first
// search, and from the first failure on (health check failed, a search threw, the shop says the
// engine is off) the shop's own search answers for the rest of the browser session. Failures of the
// shop's own calls are not the engine's: they reach the panel as they would without an engine. An
// aborted search is nobody's failure.
//
// All I/O comes in from outside (search-client.ts wires the real one), so the decisions can be tested
// with small fakes.

/** GET /api/search/token: `error` (a message key) when the shop has no engine on. */
export type EngineTokenAnswer = { token: string; url: string; env: string; expiresAt: string } | { error: string };

/** What the session needs of an engine response (the browser's Response has it). */
export interface EngineResponse {
  ok: boolean;
  status: number;
  json: () => Promise<unknown>;
}

export type EngineFetch = (
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<EngineResponse>;

/** The parts of sessionStorage the session uses. */
export type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface EngineSearchRequest extends EngineSearchInput {
  signal?: AbortSignal;
}

export interface EngineSessionIo {
  /** The engine's requests (health, search): the browser's fetch. */
  fetch: EngineFetch;
  /** The shop's GET /api/search/token. */
  fetchToken: () => Promise<EngineTokenAnswer>;
  /** Who is signed in (the shop's session token): a token of someone else's session is not used. */
  signedIn: () => string | null;
  /** The shop's GET /api/material/searchHits for one page of engine hits. */
  fetchHits: (key: string, ids: readonly number[], signal?: AbortSignal) => Promise<ShopHitsAnswer>;
  /** sessionStorage; reading it may throw (storage blocked), which the session survives. */
  storage: () => FlagStorage;
  /** Milliseconds since the epoch. */
  now: () => number;
}

export interface EngineSession {
  /** One page of results: from the engine, or from `builtIn` (the shop's own search) when the engine is off. */
  search: (request: EngineSearchRequest, builtIn: () => Promise<SearchAnswer>) => Promise<SearchAnswer>;
  /** Whether the engine is off for the rest of the browser session. */
  isOff: () => boolean;
}

/** sessionStorage key: '1' once the engine failed in this browser session. */
export const engineOffKey = 'search.engine.off';
/** A token is renewed this long before it expires, so no search goes out with an expiring one. */
export const tokenRenewalMarginMs = 60_000;

interface EngineAccess {
  token: string;
  url: string;
  env: string;
}

function isAccess(answer: EngineTokenAnswer): answer is Exclude<EngineTokenAnswer, { error: string }> {
  return !('error' in answer) && typeof answer.token === 'string' && typeof answer.url === 'string' && typeof answer.env === 'string';
}

export function createEngineSession(io: EngineSessionIo): EngineSession {
  // Also kept in memory: with storage blocked, the engine stays off at least until the page reloads.
  let off = false;
  /** The current token request, for the session it was asked in; `until` is Infinity while it runs. */
  let token: { access: Promise<EngineAccess | null>; until: number; session: string | null } | null = null;
  let health: Promise<boolean> | null = null;

  function isOff(): boolean {
    if (off) return true;
    try {
      return io.storage().getItem(engineOffKey) === '1';
    } catch {
      return false;
    }
  }

  function turnOff(): void {
    off = true;
    try {
      io.storage().setItem(engineOffKey, '1');
    } catch {
      // Storage blocked or full: the flag in memory has to do.
    }
  }

  /** The engine's address and a valid token, or null when the shop has no engine on. Searches running at the same time share one request. */
  function access(renew: boolean): Promise<EngineAccess | null> {
    // Another buyer may see other categories: a sign-in without a page load asks anew.
    if (!renew && token && io.now() < token.until && token.session === io.signedIn()) return token.access;
    const entry: { access: Promise<EngineAccess | null>; until: number; session: string | null } = {
      until: Number.POSITIVE_INFINITY,
      session: io.signedIn(),
      access: io.fetchToken().then((answer) => {
        if (!isAccess(answer)) return null;
        // An unreadable expiry makes every search ask again (NaN is never later than now).
        entry.until = Date.parse(answer.expiresAt) - tokenRenewalMarginMs;
        return { token: answer.token, url: answer.url, env: answer.env };
      }),
    };
    entry.access.catch(() => {
      if (token === entry) token = null;
    });
    token = entry;
    return entry.access;
  }

  /** Whether the engine answers its health check; asked once, before the first search. */
  function healthy(url: string): Promise<boolean> {
    health ??= io.fetch(engineHealthUrl(url), { method: 'GET' }).then(
      (response) => response.ok,
      () => false,
    );
    return health;
  }

  /** One page of hits; a 401 or 403 gets one new token and one more try. Any throw is the engine's failure. */
  async function askEngine(first: EngineAccess, request: EngineSearchRequest): Promise<EngineSearchResult> {
    let engine = first;
    for (let attempt = 1; ; attempt++) {
      const response = await io.fetch(engineSearchUrl(engine.url, engine.env), {
        method: 'POST',
        headers: { authorization: `Bearer ${engine.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(engineSearchBody(request)),
        signal: request.signal,
      });
      if ((response.status === 401 || response.status === 403) && attempt === 1) {
        const renewed = await access(true);
        if (!renewed) throw new Error('The shop gave no new search token after the engine refused one');
        engine = renewed;
        continue;
      }
      if (!response.ok) throw new Error(`The search engine answered ${response.status}`);
      return readEngineSearchResult(await response.json());
    }
  }

  async function search(request: EngineSearchRequest, builtIn: () => Promise<SearchAnswer>): Promise<SearchAnswer> {
    if (isOff()) return builtIn();
    let engine: EngineAccess | null;
    try {
      engine = await access(false);
    } catch (error) {
      // The shop's token call failed, not the engine: the shop's own search answers this time (and
      // reports the shop's trouble, if any); the next search asks for a token again.
      if (request.signal?.aborted) throw error;
      return builtIn();
    }
    if (engine === null || !(await healthy(engine.url))) {
      turnOff();
      return builtIn();
    }
    let found: EngineSearchResult;
    try {
      found = await askEngine(engine, request);
    } catch (error) {
      if (request.signal?.aborted) throw error;
      turnOff();
      return builtIn();
    }
    // Asked even without hits: the shop adds the categories whose names match.
    const shop = await io.fetchHits(request.key, found.hits.map((hit) => hit.id), request.signal);
    return mergeEngineAnswer({ key: request.key, page: request.page, engine: found, shop });
  }

  return { search, isOff };
}
