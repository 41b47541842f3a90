// One shop per Playwright worker: its own server, SQLite database, media and mail folders, fake search
// engine and fake Stripe. The specs change shared things (the demo customer's cart, stock and prices,
// site settings such as maintenance mode, a blocked company), so two workers must never share a shop;
// with a shop each, every spec file runs against a shop that no other test touches at the same time,
// exactly as with one worker. playwright.config.ts starts the shops, the helpers find the worker's own.
//
// Shop i listens on E2E_PORT + 3i, its fake search engine one port above, its fake Stripe two above; its
// files are in E2E_DIR (shop 0) or E2E_DIR/shop-i. E2E_WORKERS sets how many (default 2; 1 is the old
// single shop on E2E_PORT).

export interface Shop {
  port: number;
  url: string;
  enginePort: number;
  engineUrl: string;
  stripePort: number;
  dataDir: string;
}

const basePort = Number(process.env.E2E_PORT ?? 3210);
/** The browser tests' data: the shops' folders and the recorded screens (screen-recording.ts). */
export const e2eDir = process.env.E2E_DIR ?? 'test-results/e2e';

export const shopCount = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export function shopAt(index: number): Shop {
  const port = basePort + 3 * index;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    enginePort: port + 1,
    engineUrl: `http://127.0.0.1:${port + 1}`,
    stripePort: port + 2,
    dataDir: index === 0 ? e2eDir : `${e2eDir}/shop-${index}`,
  };
}

export const shops: Shop[] = Array.from({ length: shopCount }, (_, index) => shopAt(index));

/**
 * The shop of the worker this code runs in. Playwright gives workers that run at the same time different
 * parallel indexes (0 … workers − 1), and a worker started again after a failure the index of the one it
 * replaces.
 */
export function workerShop(): Shop {
  return shopAt(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
}
