import type { MoneyJson } from './api-money.ts';
import { percentToBp } from './basis-points.ts';
import { amountToCents } from './money.ts';
import type { CompanyFreight, ShippingLimit, ShippingMethodRates } from './shipping-price.ts';

// The money module's inputs from what the API sends (major units, percents): a shipping method of
// GET /api/configuration, the session company's freight, and which method and country apply before
// the buyer has chosen any. The browser computes its figures from these, so they must convert exactly
// what the server charges from its cents (amounts with at most two decimals: amountToCents is exact).

/** A shipping method as GET /api/configuration sends it. */
export interface ShippingMethodJson {
  _id: number;
  name: string;
  isActive: boolean;
  isDefault: boolean;
  countries: {
    code: string;
    price: MoneyJson;
    /** fixed: value is the shipping price; percent: value is the reduction in percent. cartAmount in major units. */
    limit: { type: 'fixed' | 'percent'; value: number; cartAmount: number } | null;
  }[];
}

/** The session company's freight (transientObject.company.freight), in major units. */
export interface CompanyFreightJson {
  freightExpense: number;
  freightExpenseUntil: number;
}

function limitRates(limit: NonNullable<ShippingMethodJson['countries'][number]['limit']>): ShippingLimit {
  return {
    type: limit.type,
    // A percent limit travels in percent (50) and is computed in basis points (5000), like VAT rates.
    value: limit.type === 'fixed' ? amountToCents(limit.value) : percentToBp(limit.value),
    cartAmountCents: amountToCents(limit.cartAmount),
  };
}

export function shippingMethodRates(method: Pick<ShippingMethodJson, 'isActive' | 'countries'>): ShippingMethodRates {
  return {
    isActive: method.isActive,
    countries: method.countries.map((country) => ({
      code: country.code,
      priceCents: amountToCents(country.price.value),
      currency: country.price.currency,
      limit: country.limit ? limitRates(country.limit) : null,
    })),
  };
}

export function companyFreight(freight: CompanyFreightJson | null | undefined): CompanyFreight | null {
  if (!freight) return null;
  return { freightExpenseCents: amountToCents(freight.freightExpense), freightExpenseUntilCents: amountToCents(freight.freightExpenseUntil) };
}

/**
 * The method a checkout starts with: the site's defaultShippingMethodId, else the method marked as
 * default; null when that method is missing or inactive (nothing is guessed).
 */
export function defaultShippingMethod<M extends Pick<ShippingMethodJson, '_id' | 'isActive' | 'isDefault'>>(
  methods: readonly M[],
  defaultShippingMethodId: number | null,
): M | null {
  const method = defaultShippingMethodId === null ? methods.find((m) => m.isDefault) : methods.find((m) => m._id === defaultShippingMethodId);
  return method?.isActive ? method : null;
}

/** The country a company's goods go to unless the buyer picks another address: its default address's. */
export function defaultShippingCountry(addresses: readonly { type: number; isDefault: boolean; country: { code: string } | null }[]): string | null {
  const withCountry = addresses.filter((address) => address.country && address.country.code.trim() !== '');
  const address = withCountry.find((a) => a.isDefault) ?? withCountry.find((a) => a.type === 0) ?? null;
  return address?.country ? address.country.code.trim().toUpperCase() : null;
}
