import { createContext, type RouterContext } from 'react-router';
import type { Catalogue } from '../core/translate.ts';
import type { RequestContext, Services } from '../server/page-surface.server';

export interface PublicConfig {
  publicUrl: string;
  defaultTenant: string;
}

/** What the Fastify server hands to every loader and action of the React Router app. */
export interface AppLoadContext {
  services: Services;
  ctx: RequestContext;
  authToken: string | undefined;
  cspNonce: string;
  clientIp: string;
  /** The catalogue of the request's language, for the server render and the document. */
  translations: Catalogue;
  publicConfig: PublicConfig;
}

// The server (loaded by Node) and the route modules (bundled by Vite) are separate module
// instances, but a context key must be one object for both: it is kept on globalThis.
const registryKey = Symbol.for('wholesale-shop.app-load-context');
const registry = globalThis as typeof globalThis & { [registryKey]?: RouterContext<AppLoadContext> };

export const appLoadContext: RouterContext<AppLoadContext> = (registry[registryKey] ??= createContext<AppLoadContext>());
