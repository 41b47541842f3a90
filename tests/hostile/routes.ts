import type { ServerBuild } from 'react-router';
import type { RouteEntry } from '../../server/app.ts';

// Route discovery: the suite and the entitlement table read the routes from the app itself (Fastify's
// route table as buildApp collected it, and React Router's manifest), never from a hand-written list,
// so a route added tomorrow is covered by both without anyone remembering to add it.

export type RouteKind =
  /** A JSON endpoint under /api. */
  | 'api'
  /** The /api catch-all answering unknown API paths. */
  | 'api-fallback'
  /** /healthz, /readyz: outside tenant and session. */
  | 'health'
  /** Files under /media/ (product images, downloads). */
  | 'media'
  /** A file of the production build (scripts, styles, favicon). */
  | 'static'
  /** Fastify's catch-all that hands every other path to React Router. */
  | 'pages'
  /** An ERP API route under /erp/v1 (API clients with scopes, no sessions). */
  | 'erp'
  /** The /erp/v1 catch-all answering unknown ERP paths. */
  | 'erp-fallback'
  /** The ERP API's reference page and its files under /erp/docs. */
  | 'erp-docs';

export interface ServerRoute {
  kind: RouteKind;
  /** Methods registered for the path (HEAD folded into GET when GET has it). */
  methods: string[];
  /** As registered, in Fastify syntax (`/api/material/:id`, `/*`). */
  url: string;
  /** `:param` names and `*` in order. */
  params: string[];
}

export interface PageRoute {
  kind: 'page';
  /** React Router route id (`routes/category`). */
  id: string;
  /** Full path in React Router syntax, parents joined: `/category/:verboseCategory?`, `/` for the index. */
  path: string;
  params: { name: string; optional: boolean }[];
  hasLoader: boolean;
  hasAction: boolean;
  /** An index route: a form post reaches its action only with `?index` (React Router's rule). */
  index: boolean;
}

export function paramsOf(url: string): string[] {
  return [...url.matchAll(/:(\w+)|(\*)/g)].map((match) => match[1] ?? '*');
}

/** Build files are named by content hash: they count as one route, `/assets/*`. */
export function tableKeyOfStatic(url: string): string {
  return url.startsWith('/assets/') ? '/assets/*' : url;
}

/** /api itself answers like any path under it: one route, `/api/*`. */
const apiFallbackUrls = new Set(['/api', '/api/', '/api/*']);

function kindOf(url: string): RouteKind {
  if (apiFallbackUrls.has(url)) return 'api-fallback';
  if (url === '/erp/v1/*') return 'erp-fallback';
  if (url.startsWith('/erp/v1/')) return 'erp';
  if (url === '/erp/docs' || url.startsWith('/erp/docs/')) return 'erp-docs';
  if (url.startsWith('/api/')) return 'api';
  if (url === '/healthz' || url === '/readyz') return 'health';
  if (url.startsWith('/media/')) return 'media';
  if (url === '/*') return 'pages';
  return 'static';
}

/** Fastify's routes grouped by path; build files under /assets/ fold into one `/assets/*` entry. */
export function serverRoutes(entries: readonly RouteEntry[]): ServerRoute[] {
  const byUrl = new Map<string, Set<string>>();
  for (const { method, url } of entries) {
    const key = kindOf(url) === 'static' ? tableKeyOfStatic(url) : apiFallbackUrls.has(url) ? '/api/*' : url;
    const methods = byUrl.get(key) ?? new Set<string>();
    methods.add(method);
    byUrl.set(key, methods);
  }
  return [...byUrl].map(([url, methods]) => {
    // Fastify answers HEAD for every GET route by itself.
    const folded = [...methods].filter((method) => !(method === 'HEAD' && methods.has('GET')));
    return { kind: kindOf(url), methods: folded.sort(), url, params: paramsOf(url) };
  });
}

/** The pages of the React Router manifest: every route that is not a layout, with its full path. */
export function pageRoutes(build: ServerBuild): PageRoute[] {
  const manifest = build.routes;
  const parents = new Set(Object.values(manifest).map((route) => route?.parentId));
  const fullPath = (id: string): string => {
    const route = manifest[id]!;
    const own = route.path ?? '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return [parent, own].filter(Boolean).join('/').replace(/\/+/g, '/');
  };
  return Object.values(manifest)
    .filter((route): route is NonNullable<typeof route> => !!route && !parents.has(route.id))
    .map((route) => {
      const path = `/${fullPath(route.id)}`.replace(/\/+/g, '/');
      const params = [...path.matchAll(/:(\w+)(\?)?|(\*)/g)].map((match) => ({ name: match[1] ?? '*', optional: match[2] === '?' }));
      return { kind: 'page' as const, id: route.id, path, params, hasLoader: !!route.module.loader, hasAction: !!route.module.action, index: route.index === true };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Methods a page answers with something of its own: GET always, POST when it has an action. */
export function pageMethods(page: PageRoute): string[] {
  return page.hasAction ? ['GET', 'POST'] : ['GET'];
}

/** A path with its parameters filled in (values are inserted as given: encode them first if needed). */
export function fillPath(pattern: string, values: Record<string, string>): string {
  return pattern
    .replace(/:(\w+)\??|\*/g, (match, name: string | undefined) => values[name ?? '*'] ?? '')
    .replace(/\/+$/, '')
    .replace(/^$/, '/');
}
