import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { loadOrderHistory } from './order-history.server';

// The history page's loader: what it hands the page for a good URL, a filter the schema refuses, a status
// the lookup lacks, and orders or statuses that cannot be read (kept as an error state).

const statuses = [
  { id: '1', name: 'Offen', localizations: {} },
  { id: '3', name: 'Versendet', localizations: {} },
];
const emptyPage = { data: [], meta: { total: 0, page: 1, pageSize: 20 } };

function appWith(orders: { listOrders: () => Promise<unknown> }, listOrderStatuses: () => Promise<unknown> = () => Promise.resolve(statuses)) {
  return { services: { orders, settings: { listOrderStatuses } }, ctx: { tenant: { id: 1, slug: 'demo' }, locale: 'de', identity: null } } as unknown as AppLoadContext;
}

const load = (app: AppLoadContext, query: string) => loadOrderHistory(app, new URL(`http://shop.example/my-account/order-history?${query}`));

describe('loadOrderHistory', () => {
  it('asks the service for the page the URL names, with the checked filters', async () => {
    const listOrders = vi.fn(() => Promise.resolve(emptyPage));
    const answer = await load(appWith({ listOrders }), 'search=PO-1&status=3&page=2&sort=total:asc&from=');
    expect(answer.init?.status).toBe(200);
    expect(answer.data.result).toEqual({ state: 'loaded', page: emptyPage });
    expect(answer.data.statuses).toEqual([{ id: '1', name: 'Offen' }, { id: '3', name: 'Versendet' }]);
    expect(listOrders).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ search: 'PO-1', status: '3', page: 2, pageSize: 20, sort: 'total:asc', from: undefined }));
  });

  it('shows a refused filter at its field and does not ask for orders', async () => {
    const listOrders = vi.fn(() => Promise.resolve(emptyPage));
    const answer = await load(appWith({ listOrders }), 'from=2026-05-01&to=2026-04-01');
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result).toEqual({ state: 'invalid' });
    expect(answer.data.problems).toEqual({ to: 'validation.date_range' });
    expect(listOrders).not.toHaveBeenCalled();
  });

  it('shows a status the lookup does not know at the status filter', async () => {
    const answer = await load(appWith({ listOrders: () => Promise.reject(new AppError('validation', 'order.status.unknown', { field: 'status' })) }), 'status=9');
    expect(answer.init?.status).toBe(400);
    expect(answer.data.problems).toEqual({ status: 'order.status.unknown' });
  });

  it('keeps orders that cannot be read as an error state, and statuses that cannot be read as none', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await load(
      appWith({ listOrders: () => Promise.reject(new Error('database gone')) }, () => Promise.reject(new Error('database gone'))),
      '',
    );
    quiet.mockRestore();
    expect(answer.init?.status).toBe(503);
    expect(answer.data.result).toEqual({ state: 'failed' });
    expect(answer.data.statuses).toBeNull();
  });
});
