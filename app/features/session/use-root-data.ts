import { useRouteLoaderData } from 'react-router';
import type { RootLoaderData } from '../../root';

/** The root loader's data, or undefined where the root loader failed (error screens). */
export function useOptionalRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<RootLoaderData>('root');
}

/** The root loader's data; for components under a layout, where the root loader has run. */
export function useRootData(): RootLoaderData {
  const data = useOptionalRootData();
  if (!data) throw new Error('useRootData() needs the root loader data; use useOptionalRootData() in error screens');
  return data;
}

export function useConfiguration(): RootLoaderData['configuration'] {
  return useRootData().configuration;
}

export function useSession(): RootLoaderData['session'] {
  return useRootData().session;
}

/** A guest uses the shared guest login; guests and signed-out visitors see the login button. */
export function useIsGuest(): boolean {
  const session = useSession();
  return session?.account.isGuest ?? false;
}
