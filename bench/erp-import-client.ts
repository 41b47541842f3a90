// The ERP's side of bench/erp-loads.ts: the rows it sends, its PUTs and its load jobs, and the two imports
// that run while a storefront row is measured. The imports run on a thread of their own
// (erp-import-thread.ts): building and reading bodies of 1,000 rows on the load generator's event loop held
// answers that had already arrived, and the storefront looked slower during an import than it was. In
// production the ERP is another machine.

export interface ImportClientSettings {
  base: string;
  erpHeaders: Record<string, string>;
  /** Names the products of this run; a later edition renames them (new search words). */
  benchWord: string;
  categoryKeys: readonly string[];
  taxCategory: string;
  newSkus: readonly string[];
  rowsPerRequest: number;
  jobProducts: number;
}

/** An import running while a storefront row is measured: started, then stopped; answers its rate. */
export interface Import {
  start(): void;
  stop(): Promise<string>;
}

interface JobState {
  state: string;
  rows: number;
  counts: { read: number; failed: number };
}

export const perSecond = (rows: number, seconds: number) => Math.round(rows / seconds).toLocaleString('en');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createImportClient(settings: ImportClientSettings) {
  const { base, erpHeaders, benchWord, categoryKeys, taxCategory, newSkus, rowsPerRequest, jobProducts } = settings;

  /** A new product with 3 variants; a later `edition` renames it (new search words) and changes nothing else. */
  const productRow = (sku: string, index: number, edition = 0) => ({
    sku,
    names: { de: `${benchWord} Akkuschrauber ${index} Ausgabe ${edition}`, en: `${benchWord} cordless drill ${index} edition ${edition}` },
    descriptions: { de: `Ein Akkuschrauber aus dem ERP, Nummer ${index}.`, en: null },
    categoryExternalId: categoryKeys[index % categoryKeys.length]!,
    salesUnit: 'ST',
    taxCategory,
    attributes: { Marke: 'Hansewerk', Spannung: `${12 + (index % 3) * 6} V` },
    variants: ['Rot', 'Blau', 'Grün'].map((colour, position) => ({ variantSku: `${sku}-${position + 1}`, name: colour, attributes: { Farbe: colour }, position })),
  });
  const listPriceRow = (sku: string, index: number) => ({ sku, listPrice: { amount: (1000 + index) / 100, currency: 'EUR' } });
  const stockRows = (sku: string, index: number) => [{ sku, quantity: 10 + (index % 50) }, ...[1, 2, 3].map((variant) => ({ variantSku: `${sku}-${variant}`, quantity: variant + (index % 50) }))];

  /** One PUT of rows; throws on a refusal or a failed row. */
  async function put(path: string, rows: unknown[]): Promise<Record<string, number>> {
    const answer = await fetch(`${base}/erp/v1${path}`, { method: 'PUT', headers: erpHeaders, body: JSON.stringify(rows) });
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    const { counts, rows: results } = (await answer.json()) as { counts: Record<string, number>; rows: { result: string }[] };
    if (counts.failed) throw new Error(`${path}: ${counts.failed} rows failed, the first: ${JSON.stringify(results.find((answered) => answered.result === 'failed'))}`);
    return counts;
  }

  /** Sends the rows in PUTs of 1,000 one after the other; answers the seconds it took. */
  async function load(path: string, rows: unknown[]): Promise<number> {
    const started = performance.now();
    for (let start = 0; start < rows.length; start += rowsPerRequest) await put(path, rows.slice(start, start + rowsPerRequest));
    return (performance.now() - started) / 1000;
  }

  async function postJob(type: string, rows: unknown[]): Promise<string> {
    const answer = await fetch(`${base}/erp/v1/jobs?type=${type}`, {
      method: 'POST',
      headers: { authorization: erpHeaders.authorization!, 'content-type': 'application/x-ndjson' },
      body: rows.map((row) => JSON.stringify(row)).join('\n'),
    });
    if (answer.status !== 202) throw new Error(`POST /erp/v1/jobs?type=${type}: ${answer.status} ${await answer.text()}`);
    return ((await answer.json()) as { jobId: string }).jobId;
  }

  async function jobState(id: string): Promise<JobState> {
    const answer = await fetch(`${base}/erp/v1/jobs/${id}`, { headers: erpHeaders });
    if (!answer.ok) throw new Error(`GET /erp/v1/jobs/${id}: ${answer.status} ${await answer.text()}`);
    const job = (await answer.json()) as JobState;
    if (job.state === 'failed' || job.counts.failed > 0) throw new Error(`job ${id}: ${JSON.stringify(job)}`);
    return job;
  }

  /** The import through the request thread: PUTs of 1,000 renamed products and then their prices, back to back. */
  let putBatch = 0;
  const putImport: Import = (() => {
    let importing = false;
    let running: Promise<void> = Promise.resolve();
    let imported = 0;
    let started = 0;
    return {
      start() {
        importing = true;
        imported = 0;
        started = performance.now();
        running = (async () => {
          while (importing) {
            putBatch += 1;
            const first = (putBatch * rowsPerRequest) % newSkus.length;
            const batchSkus = newSkus.slice(first, first + rowsPerRequest);
            await put('/products', batchSkus.map((sku, index) => productRow(sku, first + index, putBatch)));
            await put('/prices', batchSkus.map((sku, index) => listPriceRow(sku, first + index + putBatch)));
            imported += batchSkus.length;
          }
        })();
      },
      async stop() {
        importing = false;
        await running;
        return `${perSecond(imported, (performance.now() - started) / 1000)} products and prices a second`;
      },
    };
  })();

  /**
   * The import through load jobs (the worker thread): rounds of a products job (renamed products with 3
   * variants), a prices job and a stock job, the next round posted as soon as the last one's stock job
   * runs, so the runner is never idle. Its rate counts the rows the jobs had run when the storefront row
   * ended (GET /erp/v1/jobs/{id}), over the time since the first upload; the rounds still queued then are
   * waited for, so the next row starts at rest.
   */
  let jobRound = 0;
  const jobImport: Import = (() => {
    let importing = false;
    let running: Promise<void> = Promise.resolve();
    let started = 0;
    const posted: { type: string; id: string }[] = [];
    return {
      start() {
        importing = true;
        posted.length = 0;
        started = performance.now();
        running = (async () => {
          while (importing) {
            jobRound += 1;
            const first = (jobRound * jobProducts) % newSkus.length;
            const roundSkus = newSkus.slice(first, first + jobProducts);
            const edition = 1000 + jobRound;
            posted.push({ type: 'products', id: await postJob('products', roundSkus.map((sku, index) => productRow(sku, first + index, edition))) });
            posted.push({ type: 'prices', id: await postJob('prices', roundSkus.map((sku, index) => listPriceRow(sku, first + index + edition))) });
            const stockJob = await postJob('stock', roundSkus.flatMap((sku, index) => stockRows(sku, first + index + edition)));
            posted.push({ type: 'stock', id: stockJob });
            while (importing && (await jobState(stockJob)).state === 'queued') await pause(100);
          }
        })();
      },
      async stop() {
        importing = false;
        const seconds = (performance.now() - started) / 1000;
        // One after the other: the ERP API answers a client's many requests at once with 429.
        const states: { type: string; read: number }[] = [];
        for (const job of posted) states.push({ type: job.type, read: (await jobState(job.id)).counts.read });
        await running;
        for (const job of posted) while ((await jobState(job.id)).state !== 'done') await pause(200);
        const read = (type?: string) => states.filter((job) => !type || job.type === type).reduce((sum, job) => sum + job.read, 0);
        return `${perSecond(read(), seconds)} rows a second, of them ${perSecond(read('products'), seconds)} products with 3 variants, ${perSecond(read('prices'), seconds)} prices, ${perSecond(read('stock'), seconds)} stock rows; ${posted.length / 3} rounds`;
      },
    };
  })();

  return { productRow, listPriceRow, stockRows, put, load, imports: { put: putImport, job: jobImport } };
}

export type ImportKind = 'put' | 'job';
