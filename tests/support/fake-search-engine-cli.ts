import { startFakeSearchEngine } from './fake-search-engine.ts';

// The fake search engine as a process of its own, for the browser tests: Playwright's webServer starts it
// next to the shop, which reaches it over HTTP as it would a real Meilisearch.
//   FAKE_SEARCH_ENGINE_PORT (required) the port to listen on, on 127.0.0.1
//   FAKE_SEARCH_ENGINE_KEY  the API key it accepts (default 'fake-engine-key')

const portText = process.env.FAKE_SEARCH_ENGINE_PORT ?? '';
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65_535) {
  console.error(`FAKE_SEARCH_ENGINE_PORT must be a port number, not "${portText}".`);
  process.exit(1);
}

const engine = await startFakeSearchEngine({ port, apiKey: process.env.FAKE_SEARCH_ENGINE_KEY || 'fake-engine-key' });
console.log(`fake search engine listening on ${engine.url}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    engine.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('fake search engine: closing failed', error);
        process.exit(1);
      },
    );
  });
}
