import { EngineError } from './errors.ts';
import { addDocuments, indexUidFrom, newIndex, readDocuments, readSwaps, requireIndex, runTask, swapIndexes } from './index-store.ts';
import { field, isCount, isPlainObject, isString, refuseUnknownFields } from './json.ts';
import { search } from './search.ts';
import { applySettings, effectiveSettings, readSettingsPatch } from './settings.ts';
import { now, type Answer, type EngineState } from './state.ts';
import type { Grant } from './tenant-token.ts';

// The Meilisearch endpoints the shop calls, as a table: path, the credentials each needs, and what it does.
// The server matches a request to a route, checks the credentials and the body, then calls the handler.

interface RouteRequest {
  state: EngineState;
  params: string[];
  query: URLSearchParams;
  body: unknown;
  grant: Grant;
}

export interface Route {
  method: string;
  path: RegExp;
  /** `search` also accepts a tenant token (for the index in the path). */
  access: 'public' | 'key' | 'search';
  needsBody?: boolean;
  handle(request: RouteRequest): Answer;
}

function countParameter(query: URLSearchParams, name: string, fallback: number, code: string): number {
  const text = query.get(name);
  if (text === null) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !isCount(value)) throw new EngineError(400, code, `Invalid value in parameter \`${name}\`: could not parse \`${text}\` as a positive integer.`);
  return value;
}

export const routes: Route[] = [
  {
    method: 'GET',
    path: /^\/health$/,
    access: 'public',
    handle: ({ state }) => (state.healthy ? { status: 200, body: { status: 'available' } } : { status: 503, body: { status: 'unavailable' } }),
  },
  {
    method: 'GET',
    path: /^\/keys\/([^/]+)$/,
    access: 'key',
    handle: ({ state, params }) => {
      const wanted = decodeURIComponent(params[0]!);
      if (wanted !== state.apiKey && wanted !== state.apiKeyUid) throw new EngineError(404, 'api_key_not_found', `API key \`${wanted}\` not found.`);
      return {
        status: 200,
        body: {
          name: 'Default Admin API Key',
          description: 'Use it for anything that is not a search operation. Caution! Do not expose it on a public frontend',
          key: state.apiKey,
          uid: state.apiKeyUid,
          actions: ['*'],
          indexes: ['*'],
          expiresAt: null,
          createdAt: state.startedAt,
          updatedAt: state.startedAt,
        },
      };
    },
  },
  {
    method: 'GET',
    path: /^\/tasks\/(\d+)$/,
    access: 'key',
    handle: ({ state, params }) => {
      const task = state.tasks[Number(params[0])];
      if (!task) throw new EngineError(404, 'task_not_found', `Task \`${params[0]}\` not found.`);
      return { status: 200, body: task };
    },
  },
  {
    method: 'POST',
    path: /^\/indexes$/,
    access: 'key',
    needsBody: true,
    handle: ({ state, body }) => {
      if (!isPlainObject(body)) throw new EngineError(400, 'bad_request', 'Invalid value type: expected an object.');
      refuseUnknownFields(body, ['uid', 'primaryKey']);
      if (body.uid === undefined) throw new EngineError(400, 'missing_index_uid', 'Missing field `uid`');
      const uid = indexUidFrom(String(body.uid));
      const primaryKey = field<string | null>(body, 'primaryKey', null, isString, 'invalid_index_primary_key', 'a string');
      return runTask(state, uid, 'indexCreation', () => {
        if (state.indexes.has(uid)) throw new EngineError(409, 'index_already_exists', `Index \`${uid}\` already exists.`);
        state.indexes.set(uid, newIndex(primaryKey));
      });
    },
  },
  {
    method: 'GET',
    path: /^\/indexes\/([^/]+)$/,
    access: 'key',
    handle: ({ state, params }) => {
      const uid = indexUidFrom(params[0]);
      const { primaryKey, createdAt, updatedAt } = requireIndex(state, uid);
      return { status: 200, body: { uid, primaryKey, createdAt, updatedAt } };
    },
  },
  {
    method: 'DELETE',
    path: /^\/indexes\/([^/]+)$/,
    access: 'key',
    handle: ({ state, params }) => {
      const uid = indexUidFrom(params[0]);
      return runTask(state, uid, 'indexDeletion', () => {
        requireIndex(state, uid);
        state.indexes.delete(uid);
      });
    },
  },
  {
    method: 'GET',
    path: /^\/indexes\/([^/]+)\/settings$/,
    access: 'key',
    handle: ({ state, params }) => ({ status: 200, body: effectiveSettings(requireIndex(state, indexUidFrom(params[0]))) }),
  },
  {
    method: 'PATCH',
    path: /^\/indexes\/([^/]+)\/settings$/,
    access: 'key',
    needsBody: true,
    handle: ({ state, params, body }) => {
      const uid = indexUidFrom(params[0]);
      const patch = readSettingsPatch(body);
      return runTask(state, uid, 'settingsUpdate', () => {
        const index = state.indexes.get(uid) ?? newIndex(null);
        applySettings(index, patch);
        state.indexes.set(uid, index);
      });
    },
  },
  {
    method: 'GET',
    path: /^\/indexes\/([^/]+)\/documents$/,
    access: 'key',
    handle: ({ state, params, query }) => {
      const index = requireIndex(state, indexUidFrom(params[0]));
      const offset = countParameter(query, 'offset', 0, 'invalid_document_offset');
      const limit = countParameter(query, 'limit', 20, 'invalid_document_limit');
      const documents = [...index.documents.values()];
      return { status: 200, body: { results: documents.slice(offset, offset + limit), offset, limit, total: documents.length } };
    },
  },
  {
    method: 'POST',
    path: /^\/indexes\/([^/]+)\/documents$/,
    access: 'key',
    needsBody: true,
    handle: ({ state, params, query, body }) => {
      const uid = indexUidFrom(params[0]);
      const documents = readDocuments(body);
      return runTask(state, uid, 'documentAdditionOrUpdate', () => addDocuments(state, uid, documents, query.get('primaryKey')));
    },
  },
  {
    method: 'POST',
    path: /^\/indexes\/([^/]+)\/documents\/delete-batch$/,
    access: 'key',
    needsBody: true,
    handle: ({ state, params, body }) => {
      const uid = indexUidFrom(params[0]);
      if (!Array.isArray(body) || !body.every((id) => typeof id === 'string' || typeof id === 'number')) {
        throw new EngineError(400, 'bad_request', 'Invalid value type: expected an array of document ids (strings or numbers).');
      }
      return runTask(state, uid, 'documentDeletion', () => {
        const index = requireIndex(state, uid);
        for (const id of body) index.documents.delete(String(id));
        index.updatedAt = now();
      });
    },
  },
  {
    method: 'POST',
    path: /^\/indexes\/([^/]+)\/search$/,
    access: 'search',
    needsBody: true,
    handle: ({ state, params, body, grant }) => search(state, indexUidFrom(params[0]), body, grant),
  },
  {
    method: 'POST',
    path: /^\/swap-indexes$/,
    access: 'key',
    needsBody: true,
    handle: ({ state, body }) => {
      const pairs = readSwaps(body);
      return runTask(state, null, 'indexSwap', () => swapIndexes(state, pairs));
    },
  },
];
