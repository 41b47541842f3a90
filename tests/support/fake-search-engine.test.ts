import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSearchEngine, type FakeSearchEngine } from './fake-search-engine.ts';

// The fake Meilisearch that the shop's search tests run against (tests/support/fake-search-engine.ts),
// checked over HTTP the way the shop's client sees it. Each group works on indexes of its own: the
// engine's data lives as long as the engine.

const apiKey = 'test-api-key';
let engine: FakeSearchEngine;

interface ErrorReply {
  message: string;
  code: string;
  type: string;
  link: string;
}

interface TaskSummary {
  taskUid: number;
  indexUid: string | null;
  status: string;
  type: string;
  enqueuedAt: string;
}

interface TaskReply {
  uid: number;
  indexUid: string | null;
  status: 'succeeded' | 'failed';
  type: string;
  error: ErrorReply | null;
  enqueuedAt: string;
  finishedAt: string;
}

type Hit = Record<string, unknown> & { _formatted?: Record<string, unknown> };

interface SearchReply {
  hits: Hit[];
  query: string;
  processingTimeMs: number;
  limit: number;
  offset: number;
  estimatedTotalHits: number;
}

interface CallOptions {
  body?: unknown;
  /** The bearer token; the API key unless given, none when null. */
  token?: string | null;
  headers?: Record<string, string>;
  /** Sent as an untyped Blob: fetch would give a string body a text/plain Content-Type. */
  rawBody?: string;
}

async function call<T = unknown>(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? apiKey : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let body: string | Blob | undefined = options.rawBody === undefined ? undefined : new Blob([options.rawBody]);
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${engine.url}${path}`, { method, headers: { ...headers, ...options.headers }, body });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T, headers: response.headers };
}

/** A write, and the task it left behind. */
async function write(method: string, path: string, body?: unknown): Promise<TaskReply> {
  const answer = await call<TaskSummary>(method, path, { body });
  expect(answer.status).toBe(202);
  return (await call<TaskReply>('GET', `/tasks/${answer.body.taskUid}`)).body;
}

async function seed(index: string, documents: Record<string, unknown>[], settings?: Record<string, unknown>) {
  if (settings) expect((await write('PATCH', `/indexes/${index}/settings`, settings)).status).toBe('succeeded');
  expect((await write('POST', `/indexes/${index}/documents?primaryKey=id`, documents)).status).toBe('succeeded');
}

const search = (index: string, parameters: Record<string, unknown> = {}, token: string = apiKey) =>
  call<SearchReply>('POST', `/indexes/${index}/search`, { body: parameters, token });

async function searchIds(index: string, parameters: Record<string, unknown> = {}, token: string = apiKey) {
  const answer = await search(index, parameters, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.hits.map((hit) => hit.id);
}

const hashes: Record<string, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

/** A tenant token as Meilisearch's SDKs make it: a JWT signed with the API key. */
function tenantToken(payload: Record<string, unknown>, { alg = 'HS256', secret = apiKey } = {}) {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg, typ: 'JWT' })}.${encode({ apiKeyUid: engine.apiKeyUid, ...payload })}`;
  return `${unsigned}.${createHmac(hashes[alg] ?? 'sha256', secret).update(unsigned).digest('base64url')}`;
}

beforeAll(async () => {
  engine = await startFakeSearchEngine({ apiKey });
});

afterEach(() => engine.reset());

afterAll(async () => {
  await engine.close();
});

describe('health and API keys', () => {
  it('answers the health check without a key, and reports unavailable when set unhealthy', async () => {
    expect(engine.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await call('GET', '/health', { token: null })).toMatchObject({ status: 200, body: { status: 'available' } });
    engine.setHealthy(false);
    expect(await call('GET', '/health', { token: null })).toMatchObject({ status: 503, body: { status: 'unavailable' } });
  });

  it('refuses a missing or non-bearer header with 401 and a wrong key with 403', async () => {
    const missing = await call<ErrorReply>('GET', '/indexes/anything', { token: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      message: 'The Authorization header is missing. It must use the bearer authorization method.',
      code: 'missing_authorization_header',
      type: 'auth',
      link: 'https://docs.meilisearch.com/errors#missing_authorization_header',
    });
    expect((await call<ErrorReply>('GET', '/indexes/anything', { token: null, headers: { authorization: `Basic ${apiKey}` } })).status).toBe(401);
    const wrong = await call<ErrorReply>('GET', '/indexes/anything', { token: 'not-the-key' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'invalid_api_key', type: 'auth' });
  });

  it('describes its key by the key itself or by its uid', async () => {
    expect(engine.apiKeyUid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const expected = { uid: engine.apiKeyUid, key: apiKey, name: 'Default Admin API Key', actions: ['*'], indexes: ['*'], expiresAt: null };
    expect(await call('GET', `/keys/${apiKey}`)).toMatchObject({ status: 200, body: expected });
    expect(await call('GET', `/keys/${engine.apiKeyUid}`)).toMatchObject({ status: 200, body: expected });
    expect(await call('GET', '/keys/someone-else')).toMatchObject({ status: 404, body: { code: 'api_key_not_found' } });
  });

  it('takes the key uid it is given', async () => {
    const other = await startFakeSearchEngine({ apiKey: 'other-key', apiKeyUid: 'c0ffee00-0000-4000-8000-000000000001' });
    try {
      const answer = await fetch(`${other.url}/keys/other-key`, { headers: { authorization: 'Bearer other-key' } });
      expect(await answer.json()).toMatchObject({ uid: 'c0ffee00-0000-4000-8000-000000000001', key: 'other-key' });
    } finally {
      await other.close();
    }
  });
});

describe('indexes and tasks', () => {
  it('creates an index through a task that has finished when asked for', async () => {
    const answer = await call<TaskSummary>('POST', '/indexes', { body: { uid: 'tasks_a', primaryKey: 'sku' } });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ taskUid: expect.any(Number), indexUid: 'tasks_a', status: 'enqueued', type: 'indexCreation', enqueuedAt: expect.any(String) });
    const task = await call<TaskReply>('GET', `/tasks/${answer.body.taskUid}`);
    expect(task.body).toMatchObject({ uid: answer.body.taskUid, indexUid: 'tasks_a', status: 'succeeded', type: 'indexCreation', error: null });
    expect(Date.parse(task.body.finishedAt)).toBeGreaterThanOrEqual(Date.parse(task.body.enqueuedAt));
    expect(await call('GET', '/indexes/tasks_a')).toMatchObject({
      status: 200,
      body: { uid: 'tasks_a', primaryKey: 'sku', createdAt: expect.any(String), updatedAt: expect.any(String) },
    });
    expect(engine.indexUids()).toContain('tasks_a');
  });

  it('fails the task of creating an index that exists', async () => {
    await write('POST', '/indexes', { uid: 'tasks_b' });
    const task = await write('POST', '/indexes', { uid: 'tasks_b' });
    expect(task).toMatchObject({ status: 'failed', error: { code: 'index_already_exists', type: 'invalid_request', message: 'Index `tasks_b` already exists.' } });
  });

  it('deletes an index; deleting a missing one fails its task', async () => {
    await write('POST', '/indexes', { uid: 'tasks_c' });
    expect(await write('DELETE', '/indexes/tasks_c')).toMatchObject({ status: 'succeeded', type: 'indexDeletion', indexUid: 'tasks_c' });
    expect(await call('GET', '/indexes/tasks_c')).toMatchObject({ status: 404, body: { code: 'index_not_found', message: 'Index `tasks_c` not found.' } });
    expect(await write('DELETE', '/indexes/tasks_c')).toMatchObject({ status: 'failed', error: { code: 'index_not_found' } });
    expect(engine.indexUids()).not.toContain('tasks_c');
  });

  it('answers 404 for an unknown task and 400 for an invalid index uid', async () => {
    expect(await call('GET', '/tasks/987654')).toMatchObject({ status: 404, body: { code: 'task_not_found' } });
    expect(await call('POST', '/indexes', { body: { uid: 'no spaces' } })).toMatchObject({ status: 400, body: { code: 'invalid_index_uid' } });
  });

  it('wants JSON bodies as Meilisearch does', async () => {
    const withoutType = await call('POST', '/indexes', { rawBody: '{"uid":"tasks_d"}' });
    expect(withoutType).toMatchObject({ status: 415, body: { code: 'missing_content_type' } });
    const text = await call('POST', '/indexes', { rawBody: '{"uid":"tasks_d"}', headers: { 'content-type': 'text/plain' } });
    expect(text).toMatchObject({ status: 415, body: { code: 'invalid_content_type' } });
    const malformed = await call('POST', '/indexes', { rawBody: '{"uid":', headers: { 'content-type': 'application/json' } });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'malformed_payload' } });
    const empty = await call('POST', '/indexes', { rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(empty).toMatchObject({ status: 400, body: { code: 'missing_payload' } });
    expect(engine.indexUids()).not.toContain('tasks_d');
  });

  it('answers 404 for routes it does not have', async () => {
    expect(await call('GET', '/no-such-route')).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });
});

describe('documents', () => {
  it('adds documents under the primary key from the query and creates the index', async () => {
    const task = await write('POST', '/indexes/docs_a/documents?primaryKey=sku', [
      { sku: 'A-1', name: 'first' },
      { sku: 'A-2', name: 'second' },
      { sku: 'A-3', name: 'third' },
    ]);
    expect(task).toMatchObject({ status: 'succeeded', type: 'documentAdditionOrUpdate', indexUid: 'docs_a' });
    expect(await call('GET', '/indexes/docs_a')).toMatchObject({ body: { primaryKey: 'sku' } });
    expect(await call('GET', '/indexes/docs_a/documents?offset=1&limit=1')).toMatchObject({
      status: 200,
      body: { results: [{ sku: 'A-2', name: 'second' }], offset: 1, limit: 1, total: 3 },
    });
    expect(await call('GET', '/indexes/docs_a/documents?limit=-1')).toMatchObject({ status: 400, body: { code: 'invalid_document_limit' } });
  });

  it('replaces a document with the same id in its place; ids compare as strings', async () => {
    await write('POST', '/indexes/docs_b/documents?primaryKey=id', [
      { id: 1, name: 'one', colour: 'red' },
      { id: 2, name: 'two' },
    ]);
    await write('POST', '/indexes/docs_b/documents', [{ id: '1', name: 'one again' }]);
    expect(engine.documents('docs_b')).toEqual([{ id: '1', name: 'one again' }, { id: 2, name: 'two' }]);
  });

  it('takes the primary key from the index, or `id` when nothing names one', async () => {
    await write('POST', '/indexes', { uid: 'docs_c', primaryKey: 'code' });
    expect(await write('POST', '/indexes/docs_c/documents', [{ code: 'x1' }])).toMatchObject({ status: 'succeeded' });
    const conflicting = await write('POST', '/indexes/docs_c/documents?primaryKey=id', [{ id: 1, code: 'x2' }]);
    expect(conflicting).toMatchObject({ status: 'failed', error: { code: 'index_primary_key_already_exists' } });
    expect(await write('POST', '/indexes/docs_d/documents', [{ id: 7 }])).toMatchObject({ status: 'succeeded' });
    expect(await call('GET', '/indexes/docs_d')).toMatchObject({ body: { primaryKey: 'id' } });
  });

  it('fails the whole task when a document lacks its id or has an invalid one', async () => {
    await seed('docs_e', [{ id: 1 }]);
    const missing = await write('POST', '/indexes/docs_e/documents', [{ id: 2 }, { name: 'no id' }]);
    expect(missing).toMatchObject({ status: 'failed', error: { code: 'missing_document_id', type: 'invalid_request' } });
    const invalid = await write('POST', '/indexes/docs_e/documents', [{ id: 'with space' }]);
    expect(invalid).toMatchObject({ status: 'failed', error: { code: 'invalid_document_id' } });
    expect(engine.documents('docs_e')).toEqual([{ id: 1 }]);
    expect(await write('POST', '/indexes/docs_f/documents', [{ name: 'no id' }])).toMatchObject({ status: 'failed' });
    expect(engine.indexUids()).not.toContain('docs_f');
  });

  it('deletes a batch of ids given as numbers or strings', async () => {
    await seed('docs_g', [{ id: 1 }, { id: 2 }, { id: 'three' }, { id: 4 }]);
    expect(await write('POST', '/indexes/docs_g/documents/delete-batch', [1, '2', 'three', 99])).toMatchObject({ status: 'succeeded', type: 'documentDeletion' });
    expect(engine.documents('docs_g')).toEqual([{ id: 4 }]);
    expect(await write('POST', '/indexes/docs_missing/documents/delete-batch', [1])).toMatchObject({ status: 'failed', error: { code: 'index_not_found' } });
  });

  it('gives copies of its documents, and none for a missing index', async () => {
    await seed('docs_h', [{ id: 1, tags: ['a'] }]);
    (engine.documents('docs_h')[0]!.tags as string[]).push('changed');
    expect(engine.documents('docs_h')).toEqual([{ id: 1, tags: ['a'] }]);
    expect(engine.documents('docs_nowhere')).toEqual([]);
  });
});

describe('settings', () => {
  it('stores settings, creating the index, and shows them with the defaults', async () => {
    const task = await write('PATCH', '/indexes/settings_a/settings', { searchableAttributes: ['name', 'brand'], filterableAttributes: ['tenantId'] });
    expect(task).toMatchObject({ status: 'succeeded', type: 'settingsUpdate', indexUid: 'settings_a' });
    expect(await call('GET', '/indexes/settings_a')).toMatchObject({ status: 200, body: { primaryKey: null } });
    expect(await call('GET', '/indexes/settings_a/settings')).toMatchObject({
      status: 200,
      body: { searchableAttributes: ['name', 'brand'], filterableAttributes: ['tenantId'], displayedAttributes: ['*'], sortableAttributes: [] },
    });
    await write('PATCH', '/indexes/settings_a/settings', { searchableAttributes: null, typoTolerance: { enabled: false } });
    expect(await call('GET', '/indexes/settings_a/settings')).toMatchObject({
      body: { searchableAttributes: ['*'], filterableAttributes: ['tenantId'], typoTolerance: { enabled: false, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } } },
    });
  });

  it('refuses unknown settings and values of the wrong type', async () => {
    expect(await call('PATCH', '/indexes/settings_b/settings', { body: { rankingRule: [] } })).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect(await call('PATCH', '/indexes/settings_b/settings', { body: { filterableAttributes: 'tenantId' } })).toMatchObject({
      status: 400,
      body: { code: 'invalid_settings_filterable_attributes' },
    });
    expect(engine.indexUids()).not.toContain('settings_b');
  });

  it('searches only the searchable attributes', async () => {
    await seed('settings_c', [{ id: 1, name: 'Hammer', brand: 'Zyklop', category: 'tools' }], { searchableAttributes: ['brand', 'name'] });
    expect(await searchIds('settings_c', { q: 'zyklop hammer' })).toEqual([1]);
    expect(await searchIds('settings_c', { q: 'tools' })).toEqual([]);
  });

  it('returns only displayed attributes', async () => {
    await seed('settings_d', [{ id: 1, name: 'Hammer', secret: 'cost price' }], { displayedAttributes: ['id', 'name'] });
    const answer = await search('settings_d', { q: 'hammer', attributesToHighlight: ['*'] });
    expect(answer.body.hits).toEqual([{ id: 1, name: 'Hammer', _formatted: { id: '1', name: '<em>Hammer</em>' } }]);
  });

  it('follows typo tolerance: the word size for a typo, and off altogether', async () => {
    await seed('settings_e', [{ id: 1, name: 'Zyklop' }]);
    expect(await searchIds('settings_e', { q: 'zyklap' })).toEqual([1]);
    await write('PATCH', '/indexes/settings_e/settings', { typoTolerance: { minWordSizeForTypos: { oneTypo: 7, twoTypos: 9 } } });
    expect(await searchIds('settings_e', { q: 'zyklap' })).toEqual([]);
    await write('PATCH', '/indexes/settings_e/settings', { typoTolerance: { minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } } });
    expect(await searchIds('settings_e', { q: 'zyklap' })).toEqual([1]);
    await write('PATCH', '/indexes/settings_e/settings', { typoTolerance: { enabled: false } });
    expect(await searchIds('settings_e', { q: 'zyklap' })).toEqual([]);
  });

  it('ranks fewer typos first, then earlier searchable attributes, and never guesses in typo-free attributes', async () => {
    await seed(
      'settings_g',
      [
        { id: 1, sku: 'C-1', name: 'Hamner' },
        { id: 2, sku: 'Q-3', name: 'Hammer' },
        { id: 3, sku: 'HAMMER-7', name: 'Zubehör' },
        { id: 4, sku: 'HAMNER-2', name: 'Keil' },
        { id: 5, sku: 'HAMNER-5', name: 'Hammer' },
      ],
      { searchableAttributes: ['sku', 'name'], typoTolerance: { disableOnAttributes: ['sku'] } },
    );
    const answer = await search('settings_g', { q: 'hammer', attributesToHighlight: ['sku', 'name'] });
    expect(answer.body.hits.map((hit) => hit.id)).toEqual([3, 2, 5, 1]);
    expect(answer.body.hits.map((hit) => hit._formatted)).toEqual([
      { id: '3', sku: '<em>HAMMER</em>-7', name: 'Zubehör' },
      { id: '2', sku: 'Q-3', name: '<em>Hammer</em>' },
      { id: '5', sku: 'HAMNER-5', name: '<em>Hammer</em>' },
      { id: '1', sku: 'C-1', name: '<em>Hamner</em>' },
    ]);
  });

  it('counts hits up to maxTotalHits', async () => {
    await seed('settings_f', [{ id: 1 }, { id: 2 }, { id: 3 }], { pagination: { maxTotalHits: 2 } });
    const answer = await search('settings_f', { offset: 1 });
    expect(answer.body).toMatchObject({ estimatedTotalHits: 2, hits: [{ id: 2 }] });
  });
});

describe('swapping indexes', () => {
  it('swaps documents and settings in one task', async () => {
    await seed('swap_live', [{ id: 1, name: 'old' }], { filterableAttributes: ['a'] });
    await seed('swap_next', [{ id: 2, name: 'new' }], { filterableAttributes: ['b'] });
    const task = await write('POST', '/swap-indexes', [{ indexes: ['swap_live', 'swap_next'] }]);
    expect(task).toMatchObject({ status: 'succeeded', type: 'indexSwap', indexUid: null });
    expect(engine.documents('swap_live')).toEqual([{ id: 2, name: 'new' }]);
    expect(engine.documents('swap_next')).toEqual([{ id: 1, name: 'old' }]);
    expect(await call('GET', '/indexes/swap_live/settings')).toMatchObject({ body: { filterableAttributes: ['b'] } });
  });

  it('fails the task when an index is missing, and refuses an index named twice', async () => {
    await seed('swap_only', [{ id: 1 }]);
    const task = await write('POST', '/swap-indexes', [{ indexes: ['swap_only', 'swap_absent'] }]);
    expect(task).toMatchObject({ status: 'failed', error: { code: 'index_not_found' } });
    expect(engine.documents('swap_only')).toEqual([{ id: 1 }]);
    const twice = await call('POST', '/swap-indexes', { body: [{ indexes: ['swap_only', 'a'] }, { indexes: ['swap_only', 'b'] }] });
    expect(twice).toMatchObject({ status: 400, body: { code: 'invalid_swap_duplicate_index_found' } });
  });
});

describe('search', () => {
  const products = [
    { id: 1, name: 'Hammerstiel Esche', category: 'tools', tenantId: 2, price: 4, tags: [], inStock: true },
    { id: 2, name: 'Zyklop Hammer 500 g', category: 'tools', tenantId: 1, price: 12.5, tags: ['Steel', 'heavy'], inStock: true },
    { id: 3, name: 'Straßenbesen 60 cm', category: 'cleaning', tenantId: 1, price: 30, tags: ['broom'], inStock: false },
    { id: 4, name: 'Schlüsselbrett Eiche', category: 'Home Decor', tenantId: 2, price: 25, tags: ['oak'], inStock: true },
    { id: 5, name: 'Hammer', category: 'tools', tenantId: 3, price: 9, inStock: false },
  ];

  beforeAll(async () => {
    await seed('catalog', products, { filterableAttributes: ['category', 'tenantId', 'price', 'tags', 'inStock'] });
  });

  it('finds everything for an empty query, in insertion order, with Meilisearch defaults', async () => {
    const answer = await search('catalog');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ query: '', offset: 0, limit: 20, estimatedTotalHits: 5, processingTimeMs: expect.any(Number) });
    expect(answer.body.hits).toEqual(products);
    expect(await searchIds('catalog', { q: '  ' })).toEqual([1, 2, 3, 4, 5]);
  });

  it('matches query words as prefixes of document words, all of them', async () => {
    expect(await searchIds('catalog', { q: 'hamm' })).toEqual([1, 2, 5]);
    expect(await searchIds('catalog', { q: 'hammer esche' })).toEqual([1]);
    expect(await searchIds('catalog', { q: 'hammer broom' })).toEqual([]);
    expect(await searchIds('catalog', { q: 'heavy', matchingStrategy: 'all' })).toEqual([2]);
    expect(await searchIds('catalog', { q: '500' })).toEqual([2]);
  });

  it('puts documents with more exactly equal words first', async () => {
    expect(await searchIds('catalog', { q: 'hammer' })).toEqual([2, 5, 1]);
  });

  it('folds case, diacritics and ß', async () => {
    expect(await searchIds('catalog', { q: 'STRASSENBESEN' })).toEqual([3]);
    expect(await searchIds('catalog', { q: 'strassen' })).toEqual([3]);
    expect(await searchIds('catalog', { q: 'schlussel' })).toEqual([4]);
    expect(await searchIds('catalog', { q: 'Schlüssel-Brett' })).toEqual([]);
    expect(await searchIds('catalog', { q: 'Schlüssel eiche' })).toEqual([4]);
  });

  it('forgives one typo in words of five letters or more, but not in the first letter', async () => {
    expect(await searchIds('catalog', { q: 'zyklap' })).toEqual([2]);
    expect(await searchIds('catalog', { q: 'zyklpo' })).toEqual([2]);
    expect(await searchIds('catalog', { q: 'zykllop' })).toEqual([2]);
    expect(await searchIds('catalog', { q: 'hamer' })).toEqual([2, 5]);
    expect(await searchIds('catalog', { q: 'xyklop' })).toEqual([]);
    expect(await searchIds('catalog', { q: 'hamr' })).toEqual([]);
    expect(await searchIds('catalog', { q: 'zyxlap' })).toEqual([]);
  });

  it('pages with offset and limit', async () => {
    const answer = await search('catalog', { q: 'hammer', offset: 1, limit: 1 });
    expect(answer.body).toMatchObject({ offset: 1, limit: 1, estimatedTotalHits: 3, query: 'hammer' });
    expect(answer.body.hits.map((hit) => hit.id)).toEqual([5]);
    expect(await searchIds('catalog', { offset: 10 })).toEqual([]);
  });

  it.each([
    ['tenantId = 1', [2, 3]],
    ["tenantId = '1'", [2, 3]],
    ['category = TOOLS', [1, 2, 5]],
    ["category = 'Home Decor'", [4]],
    ['category = "home decor"', [4]],
    ['category != tools', [3, 4]],
    ['price > 9', [2, 3, 4]],
    ['price >= 9', [2, 3, 4, 5]],
    ['price < 9', [1]],
    ['price <= 12.5', [1, 2, 5]],
    ['tenantId IN [1, 3]', [2, 3, 5]],
    ['tenantId NOT IN [1, 3]', [1, 4]],
    ['NOT category = tools', [3, 4]],
    ['tenantId = 3 OR tenantId = 1 AND category = cleaning', [3, 5]],
    ['(tenantId = 3 OR tenantId = 1) AND category = tools', [2, 5]],
    ['NOT (tenantId = 1 OR tenantId = 2)', [5]],
    ['tags = steel', [2]],
    ['tags != steel', [1, 3, 4, 5]],
    ['tags IN [oak, broom]', [3, 4]],
    ['inStock = true', [1, 2, 4]],
    ['', [1, 2, 3, 4, 5]],
  ])('filters with %s', async (filter, expected) => {
    expect(await searchIds('catalog', { filter })).toEqual(expected);
  });

  it('takes filters in the array form: items ANDed, nested arrays ORed', async () => {
    expect(await searchIds('catalog', { filter: [['tenantId = 3', 'tenantId = 1'], 'category = tools'] })).toEqual([2, 5]);
    expect(await searchIds('catalog', { filter: ['inStock = true', 'price > 5'] })).toEqual([2, 4]);
    expect(await searchIds('catalog', { q: 'hammer', filter: 'tenantId != 3' })).toEqual([2, 1]);
  });

  it('refuses filters on attributes that are not filterable, and syntax errors', async () => {
    const notFilterable = await search('catalog', { filter: 'name = Hammer' });
    expect(notFilterable).toMatchObject({ status: 400, body: { code: 'invalid_search_filter', type: 'invalid_request' } });
    expect(notFilterable.body.hits).toBeUndefined();
    for (const filter of ['tenantId = ', '(tenantId = 1', 'tenantId ~ 1', 'tenantId = 1 AND', 'tenantId IN [1, 2', "category = 'tools"]) {
      expect(await search('catalog', { filter }), filter).toMatchObject({ status: 400, body: { code: 'invalid_search_filter' } });
    }
    expect(await search('catalog', { filter: [['tenantId = 1', ['nested']]] })).toMatchObject({ status: 400, body: { code: 'invalid_search_filter' } });
  });

  it('highlights matched prefixes in the original text, ß and umlauts included', async () => {
    const [besen] = (await search('catalog', { q: 'strass', attributesToHighlight: ['name'], highlightPreTag: '<b>', highlightPostTag: '</b>' })).body.hits;
    expect(besen).toEqual({ ...products[2], _formatted: { id: '3', name: '<b>Straß</b>enbesen 60 cm', category: 'cleaning', tenantId: '1', price: '30', tags: ['broom'], inStock: false } });
    const [brett] = (await search('catalog', { q: 'schlussel', attributesToHighlight: ['name'] })).body.hits;
    expect(brett?._formatted?.name).toBe('<em>Schlüssel</em>brett Eiche');
    // A prefix ending inside the "ss" of ß marks the whole ß; the words after it stay aligned.
    const [again] = (await search('catalog', { q: 'stras 60 cm', attributesToHighlight: ['name'] })).body.hits;
    expect(again?._formatted?.name).toBe('<em>Straß</em>enbesen <em>60</em> <em>cm</em>');
  });

  it('keeps a combining mark with the letter it belongs to', async () => {
    await seed('catalog_marks', [{ id: 1, name: 'Cafe\u0301 Crème' }]);
    const [hit] = (await search('catalog_marks', { q: 'cafe creme', attributesToHighlight: ['name'] })).body.hits;
    expect(hit?._formatted?.name).toBe('<em>Cafe\u0301</em> <em>Crème</em>');
  });

  it('highlights a typo match as the whole word, and every string of an array', async () => {
    const [zyklop] = (await search('catalog', { q: 'zyklap hamm steel', attributesToHighlight: ['*'] })).body.hits;
    expect(zyklop?._formatted).toMatchObject({ name: '<em>Zyklop</em> <em>Hamm</em>er 500 g', tags: ['<em>Steel</em>', 'heavy'] });
  });

  it('retrieves only the attributes asked for; _formatted adds the highlighted ones', async () => {
    const [hammer] = (await search('catalog', { q: 'tools', filter: 'tenantId = 3', attributesToRetrieve: ['name'], attributesToHighlight: ['category'] })).body.hits;
    expect(hammer).toEqual({ name: 'Hammer', _formatted: { name: 'Hammer', category: '<em>tools</em>' } });
    const [plain] = (await search('catalog', { q: 'tools', filter: 'tenantId = 3', attributesToRetrieve: ['name', 'price'] })).body.hits;
    expect(plain).toEqual({ name: 'Hammer', price: 9 });
  });

  it('answers a search on a missing index with 404 and refuses parameters it does not know', async () => {
    expect(await search('catalog_missing', { q: 'x' })).toMatchObject({ status: 404, body: { code: 'index_not_found' } });
    expect(await search('catalog', { sort: ['price:asc'] })).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect(await search('catalog', { limit: -1 })).toMatchObject({ status: 400, body: { code: 'invalid_search_limit' } });
    expect(await search('catalog', { offset: 'one' })).toMatchObject({ status: 400, body: { code: 'invalid_search_offset' } });
    expect(await search('catalog', { q: 5 })).toMatchObject({ status: 400, body: { code: 'invalid_search_q' } });
    expect(await search('catalog', { matchingStrategy: 'some' })).toMatchObject({ status: 400, body: { code: 'invalid_search_matching_strategy' } });
    expect(await search('catalog', { attributesToHighlight: 'name' })).toMatchObject({ status: 400, body: { code: 'invalid_search_attributes_to_highlight' } });
  });
});

describe('tenant tokens', () => {
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

  beforeAll(async () => {
    const filterable = { filterableAttributes: ['tenantId', 'category'] };
    await seed(
      'tenant_products',
      [
        { id: 1, name: 'Hammer A', tenantId: 1, category: 'tools' },
        { id: 2, name: 'Hammer B', tenantId: 2, category: 'tools' },
        { id: 3, name: 'Besen', tenantId: 1, category: 'cleaning' },
      ],
      filterable,
    );
    await seed('tenant_archive', [{ id: 9, name: 'Hammer old', tenantId: 1, category: 'tools' }], filterable);
    await seed('private_notes', [{ id: 1, name: 'secret' }]);
  });

  it('searches with the filter of its rule, ANDed with the search filter', async () => {
    const token = tenantToken({ searchRules: { tenant_products: { filter: 'tenantId = 1' } }, exp: inAnHour() });
    expect(await searchIds('tenant_products', {}, token)).toEqual([1, 3]);
    expect(await searchIds('tenant_products', { q: 'hammer' }, token)).toEqual([1]);
    expect(await searchIds('tenant_products', { filter: 'category = cleaning' }, token)).toEqual([3]);
    expect(await searchIds('tenant_products', { filter: 'tenantId = 2' }, token)).toEqual([]);
  });

  it('takes rule filters in the array form, and rules without a filter', async () => {
    const arrayFilter = tenantToken({ searchRules: { tenant_products: { filter: [['tenantId = 2', 'category = cleaning']] } } });
    expect(await searchIds('tenant_products', {}, arrayFilter)).toEqual([2, 3]);
    const listed = tenantToken({ searchRules: ['tenant_products'] });
    expect(await searchIds('tenant_products', {}, listed)).toEqual([1, 2, 3]);
    const noFilter = tenantToken({ searchRules: { tenant_products: null } });
    expect(await searchIds('tenant_products', {}, noFilter)).toEqual([1, 2, 3]);
  });

  it('grants indexes by name, by prefix pattern or by *, the most specific rule winning', async () => {
    const token = tenantToken({ searchRules: { '*': { filter: 'tenantId = 2' }, 'tenant_*': { filter: 'tenantId = 1' }, tenant_products: { filter: 'category = tools' } } });
    expect(await searchIds('tenant_products', {}, token)).toEqual([1, 2]);
    expect(await searchIds('tenant_archive', {}, token)).toEqual([9]);
    const everything = tenantToken({ searchRules: ['*'] });
    expect(await searchIds('private_notes', {}, everything)).toEqual([1]);
    const patternList = tenantToken({ searchRules: ['tenant_*'] });
    expect(await searchIds('tenant_archive', {}, patternList)).toEqual([9]);
  });

  it('accepts HS384 and HS512 signatures', async () => {
    for (const alg of ['HS384', 'HS512']) {
      expect(await searchIds('tenant_products', {}, tenantToken({ searchRules: ['tenant_products'] }, { alg }))).toEqual([1, 2, 3]);
    }
  });

  it.each([
    ['expired', () => tenantToken({ searchRules: ['tenant_products'], exp: Math.floor(Date.now() / 1000) - 1 })],
    ['signed with another key', () => tenantToken({ searchRules: ['tenant_products'] }, { secret: 'another-key' })],
    ['issued for another key uid', () => tenantToken({ searchRules: ['tenant_products'], apiKeyUid: '00000000-0000-4000-8000-000000000000' })],
    ['signed with an unsupported algorithm', () => tenantToken({ searchRules: ['tenant_products'] }, { alg: 'HS1' })],
    ['unsigned', () => tenantToken({ searchRules: ['tenant_products'] }).replace(/\.[^.]+$/, '.')],
    ['not for this index', () => tenantToken({ searchRules: { tenant_archive: {} } })],
    ['not for this index by pattern', () => tenantToken({ searchRules: ['private_*'] })],
    ['without search rules', () => tenantToken({})],
    ['garbage', () => 'not.a.token'],
  ])('refuses a token %s with 403', async (_case, makeToken) => {
    const answer = await search('tenant_products', {}, makeToken());
    expect(answer).toMatchObject({ status: 403, body: { code: 'invalid_api_key', type: 'auth' } });
  });

  it('lets a token do nothing but search', async () => {
    const token = tenantToken({ searchRules: ['*'] });
    expect(await call('GET', '/indexes/tenant_products', { token })).toMatchObject({ status: 403, body: { code: 'invalid_api_key' } });
    expect(await call('GET', '/indexes/tenant_products/documents', { token })).toMatchObject({ status: 403 });
    expect(await call('POST', '/indexes/tenant_products/documents', { token, body: [{ id: 99 }] })).toMatchObject({ status: 403 });
    expect(await call('GET', `/keys/${apiKey}`, { token })).toMatchObject({ status: 403 });
    expect(engine.documents('tenant_products')).toHaveLength(3);
  });

  it('refuses a rule filter on an attribute that is not filterable', async () => {
    const token = tenantToken({ searchRules: { tenant_products: { filter: 'name = Besen' } } });
    expect(await search('tenant_products', {}, token)).toMatchObject({ status: 400, body: { code: 'invalid_search_filter' } });
  });
});

describe('failure switches, request log and control endpoints', () => {
  beforeAll(async () => {
    await seed('control', [{ id: 1, name: 'Hammer' }]);
  });

  it('fails every search while set failing, until reset', async () => {
    engine.setSearchFailing(true);
    expect(await search('control', { q: 'hammer' })).toMatchObject({ status: 500, body: { message: 'internal', code: 'internal', type: 'internal' } });
    expect(await call('GET', '/indexes/control')).toMatchObject({ status: 200 });
    engine.reset();
    expect(await searchIds('control', { q: 'hammer' })).toEqual([1]);
  });

  it('records every API request, newest last, and forgets them on reset', async () => {
    engine.reset();
    await call('GET', '/health', { token: null });
    await search('control', { q: 'ham' });
    await call('POST', '/indexes/control/documents?primaryKey=id', { rawBody: 'not json', headers: { 'content-type': 'application/json' } });
    await call('GET', '/_fake/requests', { token: null });
    expect(engine.requests).toEqual([
      { method: 'GET', path: '/health' },
      { method: 'POST', path: '/indexes/control/search', body: { q: 'ham' }, authorization: `Bearer ${apiKey}` },
      { method: 'POST', path: '/indexes/control/documents?primaryKey=id', body: 'not json', authorization: `Bearer ${apiKey}` },
    ]);
    engine.reset();
    expect(engine.requests).toEqual([]);
    expect(engine.documents('control')).toEqual([{ id: 1, name: 'Hammer' }]);
  });

  it('is driven over HTTP through the control endpoints, without a key', async () => {
    const control = (method: string, path: string, body?: unknown) => call(method, `/_fake/${path}`, { token: null, body });
    expect(await control('POST', 'search', { fail: true })).toMatchObject({ status: 200, body: { healthy: true, searchFailing: true, recordedRequests: 0 } });
    expect(await search('control', { q: 'hammer' })).toMatchObject({ status: 500 });
    expect(await control('POST', 'search', { fail: false })).toMatchObject({ status: 200, body: { searchFailing: false } });
    expect(await control('POST', 'health', { ok: false })).toMatchObject({ status: 200, body: { healthy: false } });
    expect(await call('GET', '/health', { token: null })).toMatchObject({ status: 503 });
    expect(await control('POST', 'health', { ok: true })).toMatchObject({ status: 200, body: { healthy: true } });
    expect(await control('POST', 'health', { ok: 'yes' })).toMatchObject({ status: 400 });
    expect(await control('POST', 'search', {})).toMatchObject({ status: 400 });
    expect(await control('GET', 'requests')).toMatchObject({
      status: 200,
      body: [
        { method: 'POST', path: '/indexes/control/search' },
        { method: 'GET', path: '/health' },
      ],
    });
    expect(await control('DELETE', 'requests')).toMatchObject({ status: 200, body: { recordedRequests: 0 } });
    expect(await control('GET', 'requests')).toMatchObject({ status: 200, body: [] });
    expect(await control('GET', 'documents/control')).toMatchObject({ status: 200, body: [{ id: 1, name: 'Hammer' }] });
    expect(await control('GET', 'documents/nothing')).toMatchObject({ status: 200, body: [] });
    expect(await control('GET', 'nothing')).toMatchObject({ status: 404 });
  });

  it('allows browsers on other origins, as Meilisearch does', async () => {
    const preflight = await fetch(`${engine.url}/indexes/control/search`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:3210', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect((await search('control', { q: 'hammer' })).headers.get('access-control-allow-origin')).toBe('*');
    expect(engine.requests.map((request) => request.method)).toEqual(['POST']);
  });
});

describe('command line', () => {
  const cli = fileURLToPath(new URL('./fake-search-engine-cli.ts', import.meta.url));

  async function freePort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  function run(env: Record<string, string>) {
    const child = spawn(process.execPath, [cli], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
    const listening = new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const url = /listening on (\S+)/.exec(output)?.[1];
        if (url) resolve(url);
      });
      void exited.then(({ output: text }) => reject(new Error(`exited before listening: ${text}`)));
    });
    return { child, exited, listening };
  }

  it('serves on the given port with the given key, logs its url and stops on SIGTERM', async () => {
    const port = await freePort();
    const { child, exited, listening } = run({ FAKE_SEARCH_ENGINE_PORT: String(port), FAKE_SEARCH_ENGINE_KEY: 'cli-key' });
    const url = await listening;
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect((await fetch(`${url}/keys/cli-key`, { headers: { authorization: 'Bearer cli-key' } })).status).toBe(200);
    child.kill('SIGTERM');
    const { code, output } = await exited;
    expect(code).toBe(0);
    expect(output.trim().split('\n')).toEqual([`fake search engine listening on ${url}`]);
  });

  it("defaults the key to 'fake-engine-key' and stops on SIGINT", async () => {
    const { child, exited, listening } = run({ FAKE_SEARCH_ENGINE_PORT: String(await freePort()), FAKE_SEARCH_ENGINE_KEY: '' });
    const url = await listening;
    expect((await fetch(`${url}/keys/fake-engine-key`, { headers: { authorization: 'Bearer fake-engine-key' } })).status).toBe(200);
    child.kill('SIGINT');
    expect((await exited).code).toBe(0);
  });

  it('refuses to start without a port', async () => {
    const { exited, listening } = run({ FAKE_SEARCH_ENGINE_PORT: '' });
    listening.catch(() => {});
    const { code, output } = await exited;
    expect(code).toBe(1);
    expect(output).toContain('FAKE_SEARCH_ENGINE_PORT');
  });
});
