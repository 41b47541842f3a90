import { randomUUID } from 'node:crypto';
import { createBackgroundLoop } from '../../lib/background-loop.ts';
import type { EngineClient, IndexSettings } from './engine-client.ts';
import type { EngineDocumentsRepository } from './engine-documents.repository.ts';

// Keeps the engine's product index in step with the database (ADR 0009):
// 1. Start: the triggers begin noting changes, then every active product is loaded into a fresh index
//    that is swapped with the live one in one step, so searches never see a half-built index and
//    products deleted while the shop was down disappear. Changes noted before the load began are in
//    the load and are forgotten.
// 2. Then, every interval: the noted changes are sent (documents of changed products, deletions of
//    products that are gone or inactive) and forgotten. Changes stay noted while the engine is
//    unreachable and go out when it is back.
// One round runs at a time; a failed round is retried with a growing pause (at most a minute).

/** What the engine must know of the index: the order of searchable fields ranks sku hits first. */
export const productIndexSettings: IndexSettings = {
  searchableAttributes: ['sku', 'variantSkus', 'name', 'nameEn'],
  filterableAttributes: ['tenantId', 'categoryId', 'inStock', 'hasPreStock'],
  displayedAttributes: ['id', 'sku', 'variantSkus', 'name', 'nameEn', 'categoryId', 'inStock', 'hasPreStock'],
  // One typo in words of five letters or more (two only from 255 letters: never);
  // a sku is exact or a prefix, never a guess.
  typoTolerance: { minWordSizeForTypos: { oneTypo: 5, twoTypos: 255 }, disableOnAttributes: ['sku', 'variantSkus'] },
};

const bulkBatchSize = 5_000;
const changeBatchSize = 1_000;
const maxRetryPauseMs = 60_000;

export interface EngineSyncLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface EngineSyncOptions {
  client: EngineClient;
  documents: EngineDocumentsRepository;
  indexUid: string;
  intervalMs: number;
  log: EngineSyncLog;
}

export function createEngineSync({ client, documents, indexUid, intervalMs, log }: EngineSyncOptions) {
  let rebuildPending = true;
  let failures = 0;

  async function rebuild(): Promise<void> {
    const started = performance.now();
    await documents.startNoting(indexUid);
    const loadedChanges = await documents.latestChangeId();
    const buildUid = `${indexUid}_build_${randomUUID().slice(0, 8)}`;
    await client.prepareIndex(indexUid, productIndexSettings);
    await client.prepareIndex(buildUid, productIndexSettings);
    let count = 0;
    try {
      for (let afterId = 0; ; ) {
        const batch = await documents.documentsAfter(afterId, bulkBatchSize);
        if (batch.length === 0) break;
        await client.putDocuments(buildUid, batch, { wait: true });
        count += batch.length;
        afterId = batch.at(-1)!.id;
      }
      await client.swapIndexes(indexUid, buildUid);
    } finally {
      await client.deleteIndex(buildUid);
    }
    await documents.forgetChanges(loadedChanges);
    log.info({ index: indexUid, documents: count, ms: Math.round(performance.now() - started) }, 'search engine index rebuilt');
  }

  async function sendChanges(): Promise<void> {
    for (;;) {
      const changes = await documents.pendingChanges(changeBatchSize);
      if (changes.length === 0) return;
      const ids = [...new Set(changes.map((change) => change.product_id))];
      const current = await documents.documentsOf(ids);
      const kept = new Set(current.map((document) => document.id));
      const gone = ids.filter((id) => !kept.has(id));
      // The engine runs an index's tasks in order: these follow everything sent before.
      if (current.length > 0) await client.putDocuments(indexUid, current, { wait: false });
      if (gone.length > 0) await client.deleteDocuments(indexUid, gone);
      await documents.forgetChanges(changes.at(-1)!.id);
      if (changes.length < changeBatchSize) return;
    }
  }

  async function runRound(): Promise<void> {
    try {
      if (rebuildPending) {
        await rebuild();
        rebuildPending = false;
      }
      await sendChanges();
      failures = 0;
    } catch (error) {
      failures += 1;
      log.warn({ err: error, index: indexUid, failures }, 'search engine sync failed; retrying');
    }
  }

  const loop = createBackgroundLoop({
    runRound,
    pauseMs: () => (failures === 0 ? intervalMs : Math.min(maxRetryPauseMs, intervalMs * 2 ** failures)),
  });

  return {
    /** Rebuilds the index in the background, then sends changes every interval. */
    start(): void {
      loop.start();
    },

    /** Stops the rounds and waits for the one under way. */
    stop(): Promise<void> {
      return loop.stop();
    },

    /** Sends what is noted now (and rebuilds first if that is still due); for tests and after imports. */
    syncNow(): Promise<void> {
      return loop.runNow();
    },

    /** Loads every product again (after an import replaced much of the catalogue). */
    rebuildNow(): Promise<void> {
      rebuildPending = true;
      return loop.runNow();
    },

    /** True once a rebuild has succeeded and the last round sent everything (for readiness and tests). */
    get inStep(): boolean {
      return !rebuildPending && failures === 0;
    },
  };
}

export type EngineSync = ReturnType<typeof createEngineSync>;
