import { useEffect } from 'react';
import {
  createContext,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import { defaultLocale } from '../core/locale';
import { redirectFor } from '../core/route-guards';
import type { Configuration, SessionUser } from '../server/page-surface.server';
import type { Route } from './+types/root';
import { appLoadContext } from './app-context';
import { ErrorScreen } from './components/error-screen';
import { setApiToken } from './lib/api-client';
import { TranslationsPreload, TranslationsScript } from './lib/i18n';
import { pageTitlesOf } from './lib/page-title';
import { toShellSettings } from './lib/shell-settings.server';
import { routeErrorMessageKey, useRouteErrorStatus } from './lib/route-error';
import { sendPageView } from './lib/statistics';
import stylesheetUrl from './app.css?url';

// What the guard read, handed on to the root loader so nothing is read twice.
const shellContext = createContext<{ configuration: Configuration; session: SessionUser | null }>();

/**
 * The page guards (core/route-guards.ts; docs/product.md, Maintenance, layouts and page guards) run
 * as middleware, before any loader: React Router runs the loaders of a page in parallel, so a guard
 * in the root loader would still let the page's loaders run (and fail) for a visitor who is about to be redirected.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, url }) => {
    const { services, ctx, authToken } = context.get(appLoadContext);
    const [configuration, session] = await Promise.all([
      services.settings.getConfiguration(ctx),
      ctx.identity && authToken ? services.users.getSessionUser(ctx, authToken) : null,
    ]);
    const maintenanceActive =
      configuration.maintenanceModeActive ||
      configuration.company.maintenanceModeActive ||
      session?.account.maintenanceModeActive === true;
    const target = redirectFor({
      // `url` is the page's location; request.url of a client navigation ends in `.data`.
      pathname: url.pathname,
      isAuthenticated: session !== null,
      isGuest: session?.account.isGuest ?? false,
      maintenanceActive,
    });
    if (target) throw redirect(target);
    context.set(shellContext, { configuration, session });
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { ctx, cspNonce, translations } = context.get(appLoadContext);
  const { configuration, session } = context.get(shellContext);
  return { locale: ctx.locale, configuration: toShellSettings(configuration), session, nonce: cspNonce, pageTitles: pageTitlesOf(translations) };
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

// Guards must run on every navigation, and a sign-in or language change alters everything this loads.
export function shouldRevalidate() {
  return true;
}

// The one stylesheet, with a precedence so that React writes it into the head before every other link:
// the browser asks for it first (docs/decisions/0031-first-paint.md).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheetUrl, precedence: 'high' }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.configuration.company.name ?? 'Shop' }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootLoaderData>('root');
  const locale = data?.locale ?? defaultLocale;
  const brandColor = data?.configuration.brandColor;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <TranslationsPreload locale={locale} />
        <Links />
      </head>
      <body style={brandColor ? ({ '--brand': brandColor } as React.CSSProperties) : undefined}>
        {children}
        <TranslationsScript nonce={data?.nonce} />
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  // Set during render so that effects of this very render (the page view) already carry the token.
  setApiToken(loaderData.session?.token);
  useEffect(() => {
    sendPageView(location.pathname);
  }, [location.pathname]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen status={useRouteErrorStatus(error)} messageKey={routeErrorMessageKey(error)} />;
}
