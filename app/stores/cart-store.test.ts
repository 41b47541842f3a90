import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { basketLineLimit } from '../../core/cart-state';
import { toCartLine, type CartCandidate } from './cart-lines';
import { useCartStore } from './cart-store';
import { useInterfaceStore } from './interface-store';

const candidate = (sku: string): CartCandidate => ({
  _id: 7,
  sku,
  name: `Product ${sku}`,
  price: { value: 4.5, currency: 'EUR', rrp: null, preOrderPrice: null },
  stock: { value: 20 },
  vatRate: 19,
  salesBatchSize: 1,
});

const requests: string[] = [];

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('fetch', (url: string) => {
    requests.push(String(url));
    return Promise.resolve(new Response(JSON.stringify({ _id: 1, items: useCartStore.getState().lines }), { headers: { 'content-type': 'application/json' } }));
  });
  useInterfaceStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('adding to a cart at its line limit', () => {
  it('says so and sends nothing: the server would refuse the whole basket', async () => {
    const full = Array.from({ length: basketLineLimit }, (_, index) => toCartLine(candidate(`FULL-${index}`), 'order'));
    useCartStore.setState({ lines: full, basketId: 1, isLoading: false, loaded: true });
    const added = await useCartStore.getState().addItems([candidate('ONE-MORE')], 'order', { buyableWithoutStock: false });
    expect(added).toBe(false);
    expect(requests).toEqual([]);
    expect(useCartStore.getState().lines).toHaveLength(basketLineLimit);
    expect(useInterfaceStore.getState().toasts).toMatchObject([{ type: 'danger', message: { code: 'cart.line_limit', params: { max: basketLineLimit } } }]);
  });

  it('still changes a line already in the full cart', async () => {
    const full = Array.from({ length: basketLineLimit }, (_, index) => toCartLine(candidate(`FULL-${index}`), 'order'));
    useCartStore.setState({ lines: full, basketId: 1, isLoading: false, loaded: true });
    await useCartStore.getState().addItems([{ ...candidate('FULL-3'), quantity: 5 }], 'order', { buyableWithoutStock: false });
    expect(requests.some((url) => url.endsWith('/api/basket'))).toBe(true);
    expect(useInterfaceStore.getState().toasts.map((toast) => toast.message)).not.toContainEqual(expect.objectContaining({ code: 'cart.line_limit' }));
  });
});
