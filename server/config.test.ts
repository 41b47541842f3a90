import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

// The environment is read once at start; a wrong value stops the shop with a message naming it.

describe('loadConfig', () => {
  it('has no external search engine unless one is configured', () => {
    expect(loadConfig({}).searchEngine).toBeNull();
  });

  it('reads the external search engine, with the public address defaulting to the shop’s one', () => {
    const config = loadConfig({ SEARCH_ENGINE_URL: 'http://meili.internal:7700/', SEARCH_ENGINE_API_KEY: 'admin-key', SEARCH_ENV: 'prod' });
    expect(config.searchEngine).toEqual({ url: 'http://meili.internal:7700', publicUrl: 'http://meili.internal:7700', apiKey: 'admin-key', env: 'prod', syncIntervalMs: 1000 });
    const proxied = loadConfig({ SEARCH_ENGINE_URL: 'http://meili.internal:7700', SEARCH_ENGINE_PUBLIC_URL: 'https://search.example.com/', SEARCH_ENGINE_API_KEY: 'k' });
    expect(proxied.searchEngine).toMatchObject({ publicUrl: 'https://search.example.com', env: 'shop' });
  });

  it('refuses an engine without its key, and an index prefix that is not a plain name', () => {
    expect(() => loadConfig({ SEARCH_ENGINE_URL: 'http://meili:7700' })).toThrow(/SEARCH_ENGINE_API_KEY: is required with SEARCH_ENGINE_URL/);
    expect(() => loadConfig({ SEARCH_ENGINE_URL: 'http://meili:7700', SEARCH_ENGINE_API_KEY: 'k', SEARCH_ENV: 'a b' })).toThrow(/SEARCH_ENV/);
    expect(() => loadConfig({ SEARCH_ENGINE_URL: 'not a url', SEARCH_ENGINE_API_KEY: 'k' })).toThrow(/SEARCH_ENGINE_URL/);
  });

  it('trusts X-Forwarded-For from nobody by default, from any proxy on true, or from the listed addresses only', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,proxy.internal' })).toThrow(/TRUST_PROXY/);
  });
});
