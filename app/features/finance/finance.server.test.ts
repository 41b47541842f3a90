import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { loadFinance } from './finance.server';

// The finance page's loader: the list and its summary, the page a plain customer of a company that does
// not share its documents gets, a refused filter (the summary stays), and a list that cannot be read.

const financeStatus = { currency: 'EUR', openAmount: { value: 10, currency: 'EUR' } };
const list = { data: [], meta: { total: 0, page: 1, pageSize: 20 }, financeStatus };

function appWith(viewFor: () => Promise<unknown>) {
  return { services: { finance: { viewFor } }, ctx: { tenant: { id: 1, slug: 'demo' }, locale: 'de', identity: null } } as unknown as AppLoadContext;
}

const load = (app: AppLoadContext, query: string) => loadFinance(app, new URL(`http://shop.example/my-account/invoices?${query}`));

describe('loadFinance', () => {
  it('lists the documents the URL asks for', async () => {
    const view = { list: vi.fn(() => Promise.resolve(list)) };
    const answer = await load(appWith(() => Promise.resolve(view)), 'status=overdue&type=invoice&search=RE-2026');
    expect(answer.init?.status).toBe(200);
    expect(answer.data.result).toEqual({ state: 'loaded', list });
    expect(view.list).toHaveBeenCalledWith(expect.objectContaining({ status: 'overdue', type: 'invoice', search: 're-2026', page: 1, pageSize: 20 }));
  });

  it('tells a plain customer whose company keeps its documents to its admins (403)', async () => {
    const answer = await load(appWith(() => Promise.reject(new AppError('forbidden', 'finance.not_shared'))), '');
    expect(answer.init?.status).toBe(403);
    expect(answer.data.result).toEqual({ state: 'notShared' });
  });

  it('keeps the summary while a refused filter is shown at its field', async () => {
    const view = { list: vi.fn(() => Promise.resolve(list)) };
    const answer = await load(appWith(() => Promise.resolve(view)), 'status=late');
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result).toEqual({ state: 'invalid', financeStatus });
    expect(Object.keys(answer.data.problems)).toEqual(['status']);
  });

  it('keeps a list that cannot be read as an error state', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await load(appWith(() => Promise.resolve({ list: () => Promise.reject(new Error('database gone')) })), '');
    quiet.mockRestore();
    expect(answer.init?.status).toBe(503);
    expect(answer.data.result).toEqual({ state: 'failed' });
  });
});
