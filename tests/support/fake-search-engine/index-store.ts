import { EngineError, indexNotFound, type ErrorBody } from './errors.ts';
import { isPlainObject, isStringList } from './json.ts';
import { now, type Answer, type Document, type EngineState, type IndexState, type Task, type TaskType } from './state.ts';

// Indexes, documents and tasks: what the write endpoints do to the state, and the checks Meilisearch makes first.
// Writes are applied at once; their tasks have finished by the time the shop asks for them.

export function newIndex(primaryKey: string | null): IndexState {
  const createdAt = now();
  return { primaryKey, documents: new Map(), settings: {}, createdAt, updatedAt: createdAt };
}

export function requireIndex(state: EngineState, uid: string): IndexState {
  const index = state.indexes.get(uid);
  if (!index) throw indexNotFound(uid);
  return index;
}

/** Applies a write at once and records its task; answers as Meilisearch does on enqueueing. */
export function runTask(state: EngineState, indexUid: string | null, type: TaskType, apply: () => void): Answer {
  const enqueuedAt = now();
  let error: ErrorBody | null = null;
  try {
    apply();
  } catch (thrown) {
    if (!(thrown instanceof EngineError)) throw thrown;
    error = thrown.toBody();
  }
  const task: Task = { uid: state.tasks.length, indexUid, status: error ? 'failed' : 'succeeded', type, error, enqueuedAt, startedAt: enqueuedAt, finishedAt: now() };
  state.tasks.push(task);
  return { status: 202, body: { taskUid: task.uid, indexUid, status: 'enqueued', type, enqueuedAt } };
}

export function indexUidFrom(text: string | undefined): string {
  const uid = decodeURIComponent(text ?? '');
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(uid)) {
    throw new EngineError(400, 'invalid_index_uid', `\`${uid}\` is not a valid index uid. Index uid can be an integer or a string containing only alphanumeric characters, hyphens (-) and underscores (_).`);
  }
  return uid;
}

function documentId(document: Document, primaryKey: string): string {
  const id = document[primaryKey];
  if (id === undefined || id === null) {
    throw new EngineError(400, 'missing_document_id', `Document doesn't have a \`${primaryKey}\` attribute: \`${JSON.stringify(document)}\`.`);
  }
  if (!Number.isInteger(id) && !(typeof id === 'string' && /^[A-Za-z0-9_-]{1,511}$/.test(id))) {
    throw new EngineError(400, 'invalid_document_id', `Document identifier \`${JSON.stringify(id)}\` is invalid. A document identifier can be of type integer or string, only composed of alphanumeric characters (a-z A-Z 0-9), hyphens (-) and underscores (_).`);
  }
  return String(id);
}

export function readDocuments(body: unknown): Document[] {
  const documents = isPlainObject(body) ? [body] : body;
  if (!Array.isArray(documents) || !documents.every(isPlainObject)) {
    throw new EngineError(400, 'malformed_payload', 'The `json` payload provided is malformed. `Couldn\'t serialize document value: expected an object or an array of objects`.');
  }
  return documents;
}

/** Adds or replaces documents; all or nothing, as a Meilisearch task is. */
export function addDocuments(state: EngineState, uid: string, documents: Document[], requestedPrimaryKey: string | null) {
  const existing = state.indexes.get(uid);
  if (existing?.primaryKey && requestedPrimaryKey && requestedPrimaryKey !== existing.primaryKey) {
    throw new EngineError(400, 'index_primary_key_already_exists', `Index already has a primary key: \`${existing.primaryKey}\`.`);
  }
  const primaryKey = existing?.primaryKey ?? requestedPrimaryKey ?? 'id';
  const identified = documents.map((document) => [documentId(document, primaryKey), structuredClone(document)] as const);
  const index = existing ?? newIndex(primaryKey);
  index.primaryKey = primaryKey;
  for (const [id, document] of identified) index.documents.set(id, document);
  index.updatedAt = now();
  state.indexes.set(uid, index);
}

export function readSwaps(body: unknown): [string, string][] {
  const isSwap = (item: unknown): item is { indexes: [string, string] } => isPlainObject(item) && isStringList(item.indexes) && item.indexes.length === 2;
  if (!Array.isArray(body) || !body.every(isSwap)) {
    throw new EngineError(400, 'invalid_swap_indexes', 'Invalid value: expected an array of `{ "indexes": [uid, uid] }` objects.');
  }
  const uids = body.flatMap((swap) => swap.indexes);
  const repeated = [...new Set(uids.filter((uid, position) => uids.indexOf(uid) !== position))];
  if (repeated.length > 0) {
    throw new EngineError(400, 'invalid_swap_duplicate_index_found', `Indexes must be declared only once during a swap. ${repeated.map((uid) => `\`${uid}\``).join(', ')} was specified several times.`);
  }
  return body.map((swap) => swap.indexes);
}

export function swapIndexes(state: EngineState, pairs: [string, string][]) {
  const missing = [...new Set(pairs.flat())].filter((uid) => !state.indexes.has(uid));
  if (missing.length === 1) throw indexNotFound(missing[0]!);
  if (missing.length > 1) throw new EngineError(404, 'index_not_found', `Indexes ${missing.map((uid) => `\`${uid}\``).join(', ')} not found.`);
  for (const [a, b] of pairs) {
    const first = state.indexes.get(a)!;
    state.indexes.set(a, state.indexes.get(b)!);
    state.indexes.set(b, first);
  }
}

/** A copy, so that a test reading the documents cannot change the index. */
export const documentsOf = (state: EngineState, uid: string) => structuredClone([...(state.indexes.get(uid)?.documents.values() ?? [])]);
