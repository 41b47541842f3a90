import type { ListedProduct } from '../../../core/catalog-types';
import type { AppLoadContext } from '../../app-context';
import { listedProducts } from './listed-products.server';

const shownPerSection = 6;

/**
 * Featured products and best sellers for the home page (GET /api/material/getSimilarMaterials). The
 * home page must open even when they cannot be read, so a failure leaves both sections out.
 */
export async function loadHomeProducts({ services, ctx }: Pick<AppLoadContext, 'services' | 'ctx'>): Promise<{ featured: ListedProduct[]; bestsellers: ListedProduct[] }> {
  try {
    const { featured, bestsellers } = await services.catalog.getSimilarProducts(ctx);
    return { featured: listedProducts(featured.slice(0, shownPerSection)), bestsellers: listedProducts(bestsellers.slice(0, shownPerSection)) };
  } catch (error) {
    console.error(error);
    return { featured: [], bestsellers: [] };
  }
}
