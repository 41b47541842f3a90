import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { exportFileName, streamExport, type ExportColumn, type ExportRequest, type ExportRow } from './stream-export.ts';
import errorHandler from '../../plugins/error-handler.ts';
import { parseCsv, readXlsx } from '../../../tests/api/export-readers.ts';

// The shared export writer (server/lib/export) on a bare Fastify app: what a spreadsheet program reads
// back, and that the walk follows the client (pulls a batch only when the last was taken, stops when the
// client goes away).

const columns: ExportColumn[] = [
  { header: 'Number', key: 'number', type: 'text' },
  { header: 'Quantity', key: 'quantity', type: 'number', width: 11 },
  { header: 'Date', key: 'date', type: 'date' },
  { header: 'Amount', key: 'amount', type: 'money' },
];

function rowAt(index: number): ExportRow {
  return {
    number: `R-${index}`,
    quantity: index + 0.5,
    date: index % 2 === 0 ? '2026-03-09' : new Date(Date.UTC(2026, 2, 9, 23, 30)),
    amount: { value: index + 0.25, currency: index % 3 === 0 ? 'CHF' : 'EUR' },
  };
}

/** `count` rows in batches of `size`; `walk` records what was pulled and whether the walk was closed. */
function batchesOf(count: number, size: number, walk = { pulled: 0, closed: false }): AsyncIterable<ExportRow[]> {
  return (async function* () {
    try {
      for (let start = 0; start < count; start += size) {
        walk.pulled += 1;
        yield Array.from({ length: Math.min(size, count - start) }, (_, offset) => rowAt(start + offset));
      }
    } finally {
      walk.closed = true;
    }
  })();
}

let app: FastifyInstance | null = null;

async function appExporting(request: () => Omit<ExportRequest, 'format'>): Promise<FastifyInstance> {
  // Closing ends the connections of clients that stopped reading.
  app = Fastify({ forceCloseConnections: true });
  await app.register(errorHandler);
  app.get<{ Querystring: { format: 'xlsx' | 'csv' } }>('/export', (req, reply) => streamExport(reply, { ...request(), format: req.query.format }));
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  app = null;
});

describe('XLSX', () => {
  it('has a bold, frozen header row, numbers as numbers, dates as dates and amounts in their currency', async () => {
    const shop = await appExporting(() => ({ fileName: 'orders', sheetName: 'Orders', columns, batches: batchesOf(1_234, 500) }));
    const response = await shop.inject({ method: 'GET', url: '/export?format=xlsx' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.xlsx"$/);

    const sheet = await readXlsx(response.rawPayload);
    expect(sheet.name).toBe('Orders');
    expect(sheet.rowCount).toBe(1_235);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Number', 'Quantity', 'Date', 'Amount']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(2).width).toBe(11);
    expect(sheet.getColumn(1).width).toBe(20);

    // Row 5 holds rowAt(3): a Date at 23:30 UTC is the next day in the shop (Berlin); an amount in CHF.
    expect(sheet.getCell('A5').value).toBe('R-3');
    expect(sheet.getCell('B5').value).toBe(3.5);
    expect(sheet.getCell('C5').value).toEqual(new Date(Date.UTC(2026, 2, 10)));
    expect(sheet.getCell('C5').numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getCell('D5').value).toBe(3.25);
    expect(sheet.getCell('D5').numFmt).toBe('#,##0.00 [$CHF]');
    expect(sheet.getCell('D6').numFmt).toBe('#,##0.00 [$EUR]');
    const last = sheet.getRow(1_235);
    expect(last.getCell(1).value).toBe('R-1233');
    expect(typeof last.getCell(2).value).toBe('number');
    expect(last.getCell(3).value).toBeInstanceOf(Date);
  });

  it('leaves empty cells empty and writes a text column as text', async () => {
    const rows = [{ number: 42, quantity: null, date: null, amount: null }];
    const shop = await appExporting(() => ({ fileName: 'x', sheetName: 'X', columns, batches: (async function* () { yield rows; })() }));
    const sheet = await readXlsx((await shop.inject({ method: 'GET', url: '/export?format=xlsx' })).rawPayload);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getCell('A2').value).toBe('42');
    for (const address of ['B2', 'C2', 'D2']) expect(sheet.getCell(address).value).toBeNull();
  });

  it('writes a workbook with the header row only when there are no rows', async () => {
    const shop = await appExporting(() => ({ fileName: 'x', sheetName: 'X', columns, batches: batchesOf(0, 500) }));
    const sheet = await readXlsx((await shop.inject({ method: 'GET', url: '/export?format=xlsx' })).rawPayload);
    expect(sheet.rowCount).toBe(1);
  });
});

describe('CSV', () => {
  it('is RFC 4180 with a byte order mark, a header row, dot decimals and ISO dates', async () => {
    const shop = await appExporting(() => ({ fileName: 'invoices', sheetName: 'Invoices', columns, batches: batchesOf(1_001, 500) }));
    const response = await shop.inject({ method: 'GET', url: '/export?format=csv' });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = parseCsv(response.rawPayload);
    expect(records).toHaveLength(1_002);
    expect(records[0]).toEqual(['Number', 'Quantity', 'Date', 'Amount']);
    expect(records[1]).toEqual(['R-0', '0.5', '2026-03-09', '0.25']);
    expect(records[2]).toEqual(['R-1', '1.5', '2026-03-10', '1.25']);
    expect(records[1_001]).toEqual(['R-1000', '1000.5', '2026-03-09', '1000.25']);
  });

  it('quotes what needs quotes and never lets a text start a formula', async () => {
    const texts = ['a,b', 'say "hi"', 'two\r\nlines', '=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', 'Müller – Groß'];
    const rows = texts.map((number) => ({ number, quantity: -3, date: '2026-01-31T10:00:00.000Z', amount: { value: -12.5, currency: 'EUR' } }));
    const shop = await appExporting(() => ({ fileName: 'x', sheetName: 'X', columns, batches: (async function* () { yield rows; })() }));
    const records = parseCsv((await shop.inject({ method: 'GET', url: '/export?format=csv' })).rawPayload);
    expect(records.slice(1).map((record) => record[0])).toEqual(['a,b', 'say "hi"', 'two\r\nlines', `'=HYPERLINK("x")`, "'+1", "'-2", "'@SUM(A1)", 'Müller – Groß']);
    expect(records[1]?.slice(1)).toEqual(['-3', '2026-01-31', '-12.5']);
  });
});

describe('the walk follows the client', () => {
  async function listening(request: () => Omit<ExportRequest, 'format'>): Promise<string> {
    const shop = await appExporting(request);
    await shop.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}/export`;
  }

  const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('pulls no further batch while the client reads nothing, and goes on when it reads again', { timeout: 20_000 }, async () => {
    const walk = { pulled: 0, closed: false };
    const url = await listening(() => ({ fileName: 'x', sheetName: 'X', columns, batches: batchesOf(1_000_000, 500, walk) }));
    const response = await new Promise<http.IncomingMessage>((resolve) => http.get(`${url}?format=csv`, resolve));
    response.pause();
    // What is pulled fills the sockets' buffers (a few MB on loopback, ~35 MB would be all), then the walk waits.
    let pulledWhilePaused = -1;
    for (let wait = 0; wait < 50 && walk.pulled !== pulledWhilePaused; wait += 1) {
      pulledWhilePaused = walk.pulled;
      await tick(200);
    }
    await tick(300);
    expect(walk.pulled).toBe(pulledWhilePaused);
    expect(pulledWhilePaused).toBeLessThan(1_000);

    response.resume();
    for (let wait = 0; wait < 100 && walk.pulled === pulledWhilePaused; wait += 1) await tick(20);
    expect(walk.pulled).toBeGreaterThan(pulledWhilePaused);
    response.destroy();
  });

  it.each(['csv', 'xlsx'] as const)('stops the walk when the client goes away (%s)', async (format) => {
    const walk = { pulled: 0, closed: false };
    const url = await listening(() => ({ fileName: 'x', sheetName: 'X', columns, batches: batchesOf(Number.MAX_SAFE_INTEGER, 500, walk) }));
    await new Promise<void>((resolve) => {
      const request = http.get(`${url}?format=${format}`, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', () => {});
    });
    for (let wait = 0; wait < 100 && !walk.closed; wait += 1) await tick(20);
    expect(walk.closed).toBe(true);
    const pulledAtClose = walk.pulled;
    await tick(100);
    expect(walk.pulled).toBe(pulledAtClose);
  });

  it('answers a JSON error when the first batch fails, and breaks the download off when a later one does', async () => {
    let failFirst = true;
    const url = await listening(() => ({
      fileName: 'x',
      sheetName: 'X',
      columns,
      batches: (async function* () {
        if (failFirst) throw new Error('database down');
        yield [rowAt(1)];
        throw new Error('database down');
      })(),
    }));
    const refused = await fetch(`${url}?format=csv`);
    expect(refused.status).toBe(500);
    expect(refused.headers.get('content-disposition')).toBeNull();
    expect(await refused.json()).toMatchObject({ messageKey: 'error.unknown' });

    failFirst = false;
    const broken = await fetch(`${url}?format=csv`);
    expect(broken.status).toBe(200);
    await expect(broken.text()).rejects.toThrow();
  });
});

describe('the download’s name', () => {
  it('carries the shop’s day: half past midnight in Berlin is already the next day', () => {
    expect(exportFileName('invoices', 'xlsx', new Date('2026-11-27T23:30:00Z'))).toBe('invoices-2026-11-28.xlsx');
    expect(exportFileName('orders', 'csv', new Date('2026-07-27T21:59:00Z'))).toBe('orders-2026-07-27.csv');
    expect(exportFileName('ä/b', 'csv', new Date('2026-07-27T22:00:00Z'))).toBe('__b-2026-07-28.csv');
  });
});
