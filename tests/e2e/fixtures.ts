import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from '@playwright/test';
import { workerShop } from './shops.ts';

// The specs' `test`: Playwright's, against the worker's own shop (shops.ts), with every browser context
// prepared for waitUntilSettled below.

export { expect };

export const test = base.extend({
  // This module is loaded in the worker process, which knows its parallel index.
  baseURL: workerShop().url,
  context: async ({ context }, provide) => {
    await prepareContext(context);
    await provide(context);
  },
});

/** A context of its own (another person's browser, no JavaScript …), prepared like the tests' own. */
export async function newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await prepareContext(context);
  return context;
}

// When is a page ready for its screenshot, or for a test to type into it? Waiting for 'networkidle' costs
// half a second of silence each time, and once a document has been idle it answers at once even while a
// client navigation still loads. waitUntilSettled asks the page instead: the document and its fonts
// loaded, React done hydrating (React reports its commits to a DevTools hook, which the context installs
// before the shop's scripts run; the shop has no marker of its own), no navigation, revalidation or fetcher
// of React Router under way, the images in view drawn, and no request of the page open (the context
// tracks them), all of it for 100 ms in a row.

interface OpenRequests {
  started: Map<Request, number>;
  lastStartedAt: number;
}

const preparedContexts = new WeakSet<BrowserContext>();
const openRequests = new WeakMap<Page, OpenRequests>();

function requestsOf(page: Page): OpenRequests {
  let requests = openRequests.get(page);
  if (!requests) {
    requests = { started: new Map(), lastStartedAt: 0 };
    openRequests.set(page, requests);
  }
  return requests;
}

function pageOf(request: Request): Page | undefined {
  try {
    return request.frame().page();
  } catch {
    // A service worker's request has no frame.
    return undefined;
  }
}

/** Counts React's commits in every page of the context: React calls a DevTools hook, if one is there before it loads. */
function installCommitCounter() {
  const page = window as unknown as { __e2eReactCommits: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
  page.__e2eReactCommits = 0;
  page.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onCommitFiberRoot: () => {
      page.__e2eReactCommits += 1;
    },
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
  };
}

export async function prepareContext(context: BrowserContext): Promise<void> {
  if (preparedContexts.has(context)) return;
  preparedContexts.add(context);
  await context.addInitScript(installCommitCounter);
  context.on('request', (request) => {
    const page = pageOf(request);
    if (!page) return;
    const requests = requestsOf(page);
    requests.started.set(request, Date.now());
    requests.lastStartedAt = Date.now();
  });
  const finished = (request: Request) => {
    const page = pageOf(request);
    if (page) requestsOf(page).started.delete(request);
  };
  context.on('requestfinished', finished);
  context.on('requestfailed', finished);
}

/** What the page says about itself: 'ready', or what it is still doing. Runs in the page. */
function pageState(): string {
  const page = window as unknown as {
    __e2eReactCommits?: number;
    __reactRouterContext?: unknown;
    __reactRouterDataRouter?: { state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> } };
  };
  if (document.readyState !== 'complete') return 'loading the document';
  if (document.fonts.status !== 'loaded') return 'loading fonts';
  // The shop's pages carry React Router's context in an inline script, which runs only with JavaScript on.
  if (page.__reactRouterContext !== undefined && page.__e2eReactCommits === 0) return 'hydrating';
  const router = page.__reactRouterDataRouter?.state;
  if (router && (router.navigation.state !== 'idle' || router.revalidation !== 'idle' || [...router.fetchers.values()].some((fetcher) => fetcher.state !== 'idle'))) {
    return 'routing';
  }
  const inView = (image: HTMLImageElement) => {
    const box = image.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
  };
  // A lazy image out of view is not loaded, neither for a person nor for the screenshot.
  const loading = [...document.images].filter((image) => !image.complete && (image.loading !== 'lazy' || inView(image)));
  if (loading.length > 0) return `loading images: ${loading.map((image) => image.currentSrc || image.src).join(', ')}`;
  return 'ready';
}

const quietMs = 100;
const pollMs = 25;
/** A request open this long is not waited for (a download, say, which no 'requestfinished' may end). */
const hangingMs = 15_000;

/** Waits until the page is loaded, hydrated and at rest (see above). */
export async function waitUntilSettled(page: Page, timeout = 20_000): Promise<void> {
  if (!preparedContexts.has(page.context())) {
    // A context made without newContext(): the old way.
    await page.waitForLoadState('networkidle');
    return;
  }
  const requests = requestsOf(page);
  const deadline = Date.now() + timeout;
  let quietSince: number | undefined;
  for (;;) {
    const askedAt = Date.now();
    const state = await page.evaluate(pageState).catch((error: unknown) => `navigating (${String(error).split('\n')[0]})`);
    const now = Date.now();
    const open = [...requests.started].filter(([, startedAt]) => now - startedAt < hangingMs).map(([request]) => request.url());
    if (state !== 'ready' || open.length > 0 || (quietSince !== undefined && requests.lastStartedAt >= quietSince)) {
      quietSince = undefined;
    } else {
      quietSince ??= askedAt;
      if (now - quietSince >= quietMs) return;
    }
    if (now > deadline) throw new Error(`The page did not settle within ${timeout} ms: ${state}; open requests: ${open.join(', ') || 'none'}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
