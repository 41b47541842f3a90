import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';

// A thread that lowers its priority lowers its own only: the request thread keeps the process's.
it.runIf(process.platform === 'linux')('lowers the calling thread’s priority and no other thread’s', async () => {
  const source = `
    const { parentPort } = require('node:worker_threads');
    const os = require('node:os');
    import(${JSON.stringify(new URL('./thread-priority.ts', import.meta.url).href)}).then(({ lowerThisThreadsPriority }) => {
      const lowered = lowerThisThreadsPriority();
      parentPort.postMessage({ lowered, priority: os.getPriority() });
    });`;
  const worker = new Worker(source, { eval: true });
  const answer = await new Promise<{ lowered: boolean; priority: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  expect(answer).toEqual({ lowered: true, priority: os.constants.priority.PRIORITY_LOW });
  expect(os.getPriority()).toBe(os.constants.priority.PRIORITY_NORMAL);
});
