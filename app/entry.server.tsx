import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { appLoadContext } from './app-context';
import { I18nProvider } from './lib/i18n';

export const streamTimeout = 5_000;

/**
 * The page's document without the `modulepreload` links React Router's scripts put into the head. With
 * them a phone on a slow line fetches all the page's JavaScript alongside the stylesheet, before anything
 * is painted; without them the scripts are fetched when the parser reaches them at the end of the body,
 * after the stylesheet, and the server-rendered page shows first (docs/decisions/0031-first-paint.md).
 */
function withoutModulePreloads(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  return html.slice(0, headEnd).replace(/<link rel="modulepreload"[^>]*>/g, '') + html.slice(headEnd);
}

// Pages are rendered completely, then sent in one piece: the shop defers no data, so streaming
// would only add many small writes without showing anything sooner.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The Content-Security-Policy allows only scripts carrying this request's nonce.
  const { cspNonce: nonce, ctx, translations } = loadContext.get(appLoadContext);

  return new Promise<Response>((resolve, reject) => {
    let abortRender = () => {};
    const timeoutId = setTimeout(() => abortRender(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(withoutModulePreloads(Buffer.concat(chunks).toString('utf8')), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <I18nProvider locale={ctx.locale} catalogue={translations}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nProvider>,
      {
      nonce,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
    abortRender = abort;
  });
}
