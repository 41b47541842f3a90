import { parentPort, workerData } from 'node:worker_threads';
import { createImportClient, type ImportClientSettings, type ImportKind } from './erp-import-client.ts';

// The ERP's imports of bench/erp-loads.ts on a thread of their own (erp-import-client.ts says why).
// Messages in: { start: kind } and { stop: kind }; out: { stopped: kind, rate } or { failed: message }.

const client = createImportClient(workerData as ImportClientSettings);
parentPort!.on('message', (message: { start: ImportKind } | { stop: ImportKind }) => {
  if ('start' in message) client.imports[message.start].start();
  else
    client.imports[message.stop].stop().then(
      (rate) => parentPort!.postMessage({ stopped: message.stop, rate }),
      (error: Error) => parentPort!.postMessage({ failed: error.stack ?? error.message }),
    );
});
