import { useMemo } from 'react';
import type { Locale } from '../../../core/locale';
import { useTranslation } from '../../lib/i18n';
import { useRootData } from '../session/use-root-data';

/** How the signed-in person sees and may use the catalogue (docs/product.md, Roles), and the shop's switches. */
export interface CatalogViewer {
  locale: Locale;
  /** A customer (not a guest): quantities, cart actions and totals. */
  canBuy: boolean;
  isGuest: boolean;
  isSalesPerson: boolean;
  showNetPrices: boolean;
  isBatchSizeActive: boolean;
  isSalesUnitActive: boolean;
  showRetailPrice: boolean;
  /** Guests get no prices from the API at all; the retail price is a price too. */
  pricesHidden: boolean;
  buyableWithoutStock: boolean;
  isPreOrderModeVisible: boolean;
  currency: string;
  seasons: readonly { _id: number; name: string; date: string }[];
}

export function useCatalogViewer(): CatalogViewer {
  const { locale } = useTranslation();
  const { session, configuration } = useRootData();
  const account = session?.account;
  // One object per session and settings, so memoised rows are not redrawn for nothing.
  return useMemo(() => ({
    locale,
    canBuy: account !== undefined && !account.isGuest,
    isGuest: account?.isGuest ?? false,
    isSalesPerson: account?.isSalesPerson ?? false,
    showNetPrices: account?.showNetPrices ?? true,
    isBatchSizeActive: configuration.isBatchSizeActive,
    isSalesUnitActive: configuration.isSalesUnitActive,
    showRetailPrice: configuration.showRetailPrice,
    pricesHidden: (account?.isGuest ?? false) && configuration.hidePricesForGuests,
    buyableWithoutStock: configuration.buyableWithoutStock,
    isPreOrderModeVisible: configuration.isPreOrderModeVisible,
    currency: configuration.defaultCurrency,
    seasons: configuration.seasons,
  }), [locale, account, configuration]);
}
