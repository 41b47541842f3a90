import { describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../../core/catalog-types';
import type { ShopHitsAnswer } from './engine-answer';
import { createEngineSession, engineOffKey, type EngineFetch, type EngineResponse, type EngineSessionIo, type EngineTokenAnswer, type FlagStorage } from './engine-session';

// The engine session's decisions against small fakes of its I/O: the shop's token and hits calls, the
// engine (health and search), sessionStorage and the clock.

const minute = 60_000;
const start = Date.parse('2030-01-01T10:00:00Z');
const builtInAnswer: SearchAnswer = { data: [], meta: { total: 0, page: 1, pageSize: 5, categories: [] } };

const json = (status: number, body: unknown = {}): EngineResponse => ({ ok: status >= 200 && status < 300, status, json: async () => body });
const engineHits = (...ids: number[]) => json(200, { hits: ids.map((id) => ({ id, _formatted: {} })), estimatedTotalHits: ids.length });

function tokenFor(token: string, expiresAt = new Date(start + 10 * minute).toISOString()): EngineTokenAnswer {
  return { token, url: 'http://engine.test', env: 'demo', expiresAt };
}

interface FakeOptions {
  /** Answers of GET /api/search/token in turn (the last one repeats); an Error is thrown. */
  tokens?: (EngineTokenAnswer | Error)[];
  /** The engine's health answer; an Error is a network failure. */
  health?: EngineResponse | Error;
  /** The engine's search answer for a token; an Error is a network failure. */
  engine?: (token: string) => EngineResponse | Error;
  storage?: FlagStorage | 'blocked';
  hitsFail?: boolean;
}

function fakes({ tokens = [tokenFor('t1')], health = json(200, { status: 'available' }), engine = () => engineHits(7), storage, hitsFail = false }: FakeOptions = {}) {
  const calls: string[] = [];
  const stored = new Map<string, string>();
  const clock = { now: start };
  let tokenIndex = 0;
  const fetch: EngineFetch = async (url, init) => {
    if (url.endsWith('/health')) {
      calls.push('health');
      if (health instanceof Error) throw health;
      return health;
    }
    const token = init.headers?.authorization?.replace('Bearer ', '') ?? '';
    calls.push(`engine ${token}`);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const answer = engine(token);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const signedIn = { session: 'buyer-1' as string | null };
  const io: EngineSessionIo = {
    fetch,
    signedIn: () => signedIn.session,
    fetchToken: async () => {
      calls.push('token');
      const answer = tokens[Math.min(tokenIndex++, tokens.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    fetchHits: async (key, ids): Promise<ShopHitsAnswer> => {
      calls.push(`hits ${ids.join(',')}`);
      if (hitsFail) throw new Error('shop down');
      return { data: [], meta: { categories: [] } };
    },
    storage: () => {
      if (storage === 'blocked') throw new DOMException('blocked', 'SecurityError');
      return storage ?? { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) };
    },
    now: () => clock.now,
  };
  const builtIn = async () => {
    calls.push('built-in');
    return builtInAnswer;
  };
  return { io, calls, stored, clock, builtIn, signedIn, session: createEngineSession(io) };
}

const request = { key: 'akku', page: 1, stockAvail: false, preOrder: false };

describe('createEngineSession', () => {
  it('checks the health once, then asks the engine and the shop for the hits', async () => {
    const { session, calls, builtIn, stored } = fakes();
    const answer = await session.search(request, builtIn);
    expect(answer.meta).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    await session.search({ ...request, page: 2 }, builtIn);
    expect(calls).toEqual(['token', 'health', 'engine t1', 'hits 7', 'engine t1', 'hits 7']);
    expect(stored.has(engineOffKey)).toBe(false);
    expect(session.isOff()).toBe(false);
  });

  it('asks the shop for the matching categories of a page without hits', async () => {
    const { session, calls, builtIn } = fakes({ engine: () => engineHits() });
    expect(await session.search(request, builtIn)).toEqual({ data: [], meta: { total: 0, page: 1, pageSize: 20, categories: [] } });
    expect(calls).toEqual(['token', 'health', 'engine t1', 'hits ']);
  });

  it('asks for a new token when another buyer signed in without a page load', async () => {
    const { session, calls, builtIn, signedIn } = fakes({ tokens: [tokenFor('t1'), tokenFor('t2')] });
    await session.search(request, builtIn);
    signedIn.session = 'buyer-2';
    await session.search(request, builtIn);
    await session.search(request, builtIn);
    expect(calls.filter((call) => call.startsWith('engine') || call === 'token')).toEqual(['token', 'engine t1', 'token', 'engine t2', 'engine t2']);
  });

  it('shares one token request and one health check between searches started together', async () => {
    const { session, calls, builtIn } = fakes();
    await Promise.all([session.search(request, builtIn), session.search(request, builtIn)]);
    expect(calls.filter((call) => call === 'token' || call === 'health')).toEqual(['token', 'health']);
  });

  it('keeps the token until a minute before it expires', async () => {
    const { session, calls, clock, builtIn } = fakes({ tokens: [tokenFor('t1'), tokenFor('t2', new Date(start + 30 * minute).toISOString())] });
    await session.search(request, builtIn);
    clock.now = start + 8 * minute;
    await session.search(request, builtIn);
    clock.now = start + 9 * minute;
    await session.search(request, builtIn);
    await session.search(request, builtIn);
    expect(calls.filter((call) => call.startsWith('engine') || call === 'token')).toEqual(['token', 'engine t1', 'engine t1', 'token', 'engine t2', 'engine t2']);
  });

  it('asks for a token on every search when its expiry cannot be read', async () => {
    const { session, calls, builtIn } = fakes({ tokens: [tokenFor('t1', 'soon')] });
    await session.search(request, builtIn);
    await session.search(request, builtIn);
    expect(calls.filter((call) => call === 'token')).toHaveLength(2);
  });

  it('gets a new token once and tries once more when the engine refuses the token', async () => {
    const { session, calls, builtIn, stored } = fakes({ tokens: [tokenFor('old'), tokenFor('new')], engine: (token) => (token === 'old' ? json(401) : engineHits(3)) });
    const answer = await session.search(request, builtIn);
    expect(answer.meta.pageSize).toBe(20);
    expect(calls).toEqual(['token', 'health', 'engine old', 'token', 'engine new', 'hits 3']);
    expect(stored.has(engineOffKey)).toBe(false);
    // The new token is kept.
    await session.search(request, builtIn);
    expect(calls.at(-2)).toBe('engine new');
  });

  it('turns the engine off when it refuses the new token too', async () => {
    const { session, calls, builtIn, stored } = fakes({ tokens: [tokenFor('old'), tokenFor('new')], engine: () => json(403) });
    expect(await session.search(request, builtIn)).toBe(builtInAnswer);
    expect(calls).toEqual(['token', 'health', 'engine old', 'token', 'engine new', 'built-in']);
    expect(stored.get(engineOffKey)).toBe('1');
  });

  it('turns the engine off when the shop gives no new token after a refusal', async () => {
    for (const renewal of [{ error: 'search.engine.off' }, new Error('shop down')]) {
      const { session, calls, builtIn, stored } = fakes({ tokens: [tokenFor('old'), renewal], engine: () => json(401) });
      expect(await session.search(request, builtIn)).toBe(builtInAnswer);
      expect(calls).toEqual(['token', 'health', 'engine old', 'token', 'built-in']);
      expect(stored.get(engineOffKey)).toBe('1');
    }
  });

  it('turns the engine off for the session when its health check fails, and never asks it again', async () => {
    for (const health of [json(503), new TypeError('Failed to fetch')]) {
      const { session, calls, builtIn, stored } = fakes({ health });
      expect(await session.search(request, builtIn)).toBe(builtInAnswer);
      expect(await session.search(request, builtIn)).toBe(builtInAnswer);
      expect(calls).toEqual(['token', 'health', 'built-in', 'built-in']);
      expect(stored.get(engineOffKey)).toBe('1');
      expect(session.isOff()).toBe(true);
    }
  });

  it('turns the engine off when a search throws, answers unreadably or fails, and answers that search with the built-in one', async () => {
    for (const failure of [new TypeError('Failed to fetch'), json(500), json(404, { message: 'Index `demo_b2b_material` not found.' }), json(200, { results: [] })]) {
      const { session, calls, builtIn, stored } = fakes({ engine: () => failure });
      expect(await session.search(request, builtIn)).toBe(builtInAnswer);
      await session.search(request, builtIn);
      expect(calls).toEqual(['token', 'health', 'engine t1', 'built-in', 'built-in']);
      expect(stored.get(engineOffKey)).toBe('1');
    }
  });

  it("uses the built-in search for the session when the shop has no engine on (the token call's error answer)", async () => {
    const { session, calls, builtIn, stored } = fakes({ tokens: [{ error: 'search.engine.not.configured' }] });
    expect(await session.search(request, builtIn)).toBe(builtInAnswer);
    await session.search(request, builtIn);
    expect(calls).toEqual(['token', 'built-in', 'built-in']);
    expect(stored.get(engineOffKey)).toBe('1');
  });

  it('answers with the built-in search but keeps the engine when the shop\'s token call fails', async () => {
    const { session, calls, builtIn, stored } = fakes({ tokens: [new Error('502'), tokenFor('t1')] });
    expect(await session.search(request, builtIn)).toBe(builtInAnswer);
    await session.search(request, builtIn);
    expect(calls).toEqual(['token', 'built-in', 'token', 'health', 'engine t1', 'hits 7']);
    expect(stored.has(engineOffKey)).toBe(false);
  });

  it('starts with the built-in search when the flag is already set in this browser session', async () => {
    const { io, calls, builtIn } = fakes();
    const storage = io.storage();
    storage.setItem(engineOffKey, '1');
    const session = createEngineSession(io);
    expect(session.isOff()).toBe(true);
    expect(await session.search(request, builtIn)).toBe(builtInAnswer);
    expect(calls).toEqual(['built-in']);
  });

  it('still turns the engine off, until the page reloads, when sessionStorage is blocked', async () => {
    const { session, calls, builtIn } = fakes({ storage: 'blocked', health: json(500) });
    expect(session.isOff()).toBe(false);
    await session.search(request, builtIn);
    await session.search(request, builtIn);
    expect(session.isOff()).toBe(true);
    expect(calls).toEqual(['token', 'health', 'built-in', 'built-in']);
  });

  it('lets failures of the shop\'s hits call through, without turning the engine off', async () => {
    const { session, calls, builtIn, stored } = fakes({ hitsFail: true });
    await expect(session.search(request, builtIn)).rejects.toThrow('shop down');
    expect(calls).toEqual(['token', 'health', 'engine t1', 'hits 7']);
    expect(stored.has(engineOffKey)).toBe(false);
  });

  it("lets failures of the built-in search through (they are the shop's, as without an engine)", async () => {
    const { session, stored } = fakes({ health: json(500) });
    await expect(session.search(request, async () => Promise.reject(new Error('shop down')))).rejects.toThrow('shop down');
    expect(stored.get(engineOffKey)).toBe('1');
  });

  it('neither falls back nor turns the engine off when the search was aborted', async () => {
    const { session, calls, builtIn, stored } = fakes();
    const controller = new AbortController();
    controller.abort();
    await expect(session.search({ ...request, signal: controller.signal }, builtIn)).rejects.toThrow('aborted');
    expect(calls).toEqual(['token', 'health', 'engine t1']);
    expect(stored.has(engineOffKey)).toBe(false);
    expect(session.isOff()).toBe(false);
  });
});
