import type { HandleErrorFunction, RouterContextProvider, ServerBuild } from 'react-router';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';

// React Router catches what a loader or action throws and renders the error boundary as a 500. While the
// database is away a page must answer 503 instead, as the API does: the build's error hook keeps such an
// error for the request's context, and the page handler throws it on to the shop's error handler.

type Build = ServerBuild | (() => Promise<ServerBuild>);

/** As React Router's own default: the error is logged, unless its client has left. */
const logError: HandleErrorFunction = (error, { request }) => {
  if (!request.signal.aborted) console.error(error);
};

export function noticingUnavailableDatabase(build: Build): { build: Build; databaseErrorOf(context: Readonly<RouterContextProvider>): Error | undefined } {
  const errors = new WeakMap<Readonly<RouterContextProvider>, Error>();
  const withNotice = (original: ServerBuild): ServerBuild => {
    const handleError = original.entry.module.handleError ?? logError;
    return {
      ...original,
      entry: {
        module: {
          ...original.entry.module,
          handleError(error, args) {
            if (isDatabaseUnavailable(error)) errors.set(args.context, error as Error);
            else handleError(error, args);
          },
        },
      },
    };
  };
  return {
    build: typeof build === 'function' ? async () => withNotice(await build()) : withNotice(build),
    databaseErrorOf: (context) => errors.get(context),
  };
}
