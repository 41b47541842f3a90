import { productIndexUid } from '../../../core/search-engine.ts';
import type { SearchEngineConfig } from '../../config.ts';
import type { RequestContext } from '../../context.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { EngineClient } from './engine-client.ts';
import type { EngineSync } from './engine-sync.ts';
import { signTenantToken } from './tenant-token.ts';

// The external search engine as the shop offers it to a browser (ADR 0009): a tenant
// token that lets this buyer search the product index and see nothing but their own tenant's
// products in categories they may see. Without an engine, or with the site setting `useSearchEngine`
// off, the answer is `{ error }` and the browser uses the built-in search.

/** A token lives this long; the browser asks for a new one shortly before. */
const tokenLifetimeMs = 15 * 60 * 1000;

export type SearchTokenAnswer = { token: string; url: string; env: string; expiresAt: string } | { error: string };

export interface SearchEngineDependencies {
  config: SearchEngineConfig | null;
  client: EngineClient | null;
  sync: EngineSync | null;
  settings: Pick<SettingsService, 'getConfiguration'>;
  catalog: Pick<CatalogService, 'visibilityOf'>;
}

export function createSearchEngineService({ config, client, sync, settings, catalog }: SearchEngineDependencies) {
  // Asked once; a failure is asked again by the next token request.
  let keyUid: Promise<string> | null = null;

  return {
    sync,

    async tokenFor(ctx: RequestContext): Promise<SearchTokenAnswer> {
      if (!config || !client) return { error: 'search.engine.not.configured' };
      const [configuration, visibility] = await Promise.all([settings.getConfiguration(ctx), catalog.visibilityOf(ctx)]);
      if (!configuration.useSearchEngine) return { error: 'search.engine.off' };
      keyUid ??= client.keyUid();
      let apiKeyUid: string;
      try {
        apiKeyUid = await keyUid;
      } catch {
        keyUid = null;
        return { error: 'search.engine.unavailable' };
      }
      // The same visibility as the built-in search: the tenant's products outside hidden (deal) categories.
      const hidden = visibility.hiddenCategoryIds;
      const filter = `tenantId = ${visibility.tenantId}${hidden.length > 0 ? ` AND categoryId NOT IN [${hidden.join(', ')}]` : ''}`;
      const expiresAt = new Date(Date.now() + tokenLifetimeMs);
      const token = signTenantToken(config.apiKey, { apiKeyUid, searchRules: { [productIndexUid(config.env)]: { filter } }, expiresAt });
      return { token, url: config.publicUrl, env: config.env, expiresAt: expiresAt.toISOString() };
    },
  };
}

export type SearchEngineService = ReturnType<typeof createSearchEngineService>;
