import type { CartProduct } from './cluster-data.ts';
import type { MixTargets } from './cluster-mix.ts';
import { searchMixPaths } from './search-mix.ts';

/**
 * What the mixed load of bench/cluster.ts asks for, read from the shop as a buyer sees it: pages 1, 2, 3
 * and 5 of every category that is not the deals', the details of every product on them, and the search
 * keys of bench/search-mix.ts.
 */
export async function readMixTargets(base: string, token: string, cartProducts: readonly CartProduct[]): Promise<MixTargets> {
  const get = async <T>(url: string): Promise<T> => {
    const answer = await fetch(`${base}${url}`, { headers: { authorization: `Basic ${token}` } });
    if (!answer.ok) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  const categories = (await get<{ data: { _id: number; parent: number | null; isDeal: boolean }[] }>('/api/materialCategory')).data.filter((category) => !category.isDeal);
  const listPaths = categories.flatMap((category) => [1, 2, 3, 5].map((page) => `/api/material?category=${category._id}&page=${page}&pageSize=16`));
  const productIds = new Set<number>();
  for (const listPath of listPaths) for (const product of (await get<{ data: { _id: number }[] }>(listPath)).data) productIds.add(product._id);
  return {
    listPaths,
    detailPaths: [...productIds].map((id) => `/api/material/${id}`),
    searchPaths: await searchMixPaths(categories, get),
    cartProducts,
  };
}
