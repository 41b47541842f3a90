// The few calls the shop makes to the external search engine (Meilisearch v1, ADR 0009), over fetch.
// Writes are tasks the engine runs in order per index; the shop waits for the ones that must have
// happened before its next step (an index built before it is swapped in).

export class SearchEngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchEngineError';
  }
}

interface EnqueuedTask {
  taskUid: number;
}

interface TaskState {
  status: 'enqueued' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  error: { message: string; code: string } | null;
}

export interface IndexSettings {
  searchableAttributes: string[];
  filterableAttributes: string[];
  displayedAttributes: string[];
  typoTolerance: { minWordSizeForTypos: { oneTypo: number; twoTypos: number }; disableOnAttributes: string[] };
}

const requestTimeoutMs = 30_000;
const taskPollMs = 50;
// A batch of 5,000 documents takes a real engine seconds; a task that runs this long means trouble,
// and the round is retried later rather than holding the sync (and a shutdown) forever.
const taskTimeoutMs = 5 * 60_000;

export function createEngineClient({ url, apiKey }: { url: string; apiKey: string }) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      throw new SearchEngineError(`search engine unreachable: ${method} ${path}: ${(error as Error).message}`);
    }
    const payload = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
    if (!response.ok) {
      throw new SearchEngineError(`search engine answered ${response.status} to ${method} ${path}: ${payload?.message ?? ''}`);
    }
    return payload as T;
  }

  /** Waits until the engine has run the task; a failed task throws, unless its code is one of `tolerated`. */
  async function finished(task: EnqueuedTask, tolerated: readonly string[] = []): Promise<void> {
    const deadline = Date.now() + taskTimeoutMs;
    for (;;) {
      if (Date.now() > deadline) throw new SearchEngineError(`search engine task ${task.taskUid} still not done after ${taskTimeoutMs / 1000} s`);
      const state = await call<TaskState>('GET', `/tasks/${task.taskUid}`);
      if (state.status === 'succeeded') return;
      if (state.status === 'failed' || state.status === 'canceled') {
        if (state.error && tolerated.includes(state.error.code)) return;
        throw new SearchEngineError(`search engine task ${task.taskUid} ${state.status}: ${state.error?.message ?? ''}`);
      }
      await new Promise((resolve) => setTimeout(resolve, taskPollMs));
    }
  }

  const index = (uid: string) => `/indexes/${encodeURIComponent(uid)}`;

  return {
    /** The uid of the API key: tenant tokens name the key that signed them. */
    async keyUid(): Promise<string> {
      return (await call<{ uid: string }>('GET', `/keys/${encodeURIComponent(apiKey)}`)).uid;
    },

    /** Creates the index with its settings and waits for both (an existing index is kept). */
    async prepareIndex(uid: string, settings: IndexSettings): Promise<void> {
      await finished(await call<EnqueuedTask>('POST', '/indexes', { uid, primaryKey: 'id' }), ['index_already_exists']);
      await finished(await call<EnqueuedTask>('PATCH', `${index(uid)}/settings`, settings));
    },

    /** Adds or replaces documents; `wait` for a bulk load that must be complete before a swap. */
    async putDocuments(uid: string, documents: readonly object[], options: { wait: boolean }): Promise<void> {
      const task = await call<EnqueuedTask>('POST', `${index(uid)}/documents?primaryKey=id`, documents);
      if (options.wait) await finished(task);
    },

    async deleteDocuments(uid: string, ids: readonly number[]): Promise<void> {
      await call<EnqueuedTask>('POST', `${index(uid)}/documents/delete-batch`, ids);
    },

    /** Swaps the contents of two indexes in one step (a rebuilt index goes live at once). */
    async swapIndexes(a: string, b: string): Promise<void> {
      await finished(await call<EnqueuedTask>('POST', '/swap-indexes', [{ indexes: [a, b] }]));
    },

    async deleteIndex(uid: string): Promise<void> {
      await finished(await call<EnqueuedTask>('DELETE', index(uid)), ['index_not_found']);
    },
  };
}

export type EngineClient = ReturnType<typeof createEngineClient>;
