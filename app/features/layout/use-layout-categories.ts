import { useRouteLoaderData } from 'react-router';
import type { Category } from '../../../core/catalog-types';
import type { loader } from '../../layouts/default-layout';

const noCategories: Promise<Category[] | null> = Promise.resolve([]);

/**
 * The categories the default layout loads (a promise: the menus show placeholders until it settles).
 * null inside means loading them failed; outside the layout (error screens) there are none.
 */
export function useLayoutCategories(): Promise<Category[] | null> {
  return useRouteLoaderData<typeof loader>('layouts/default-layout')?.categories ?? noCategories;
}
