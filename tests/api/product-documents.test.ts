import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTenantId } from './erp-order-fixtures.ts';
import { callApi, startTestShop, type TestShop } from './helper.ts';
import { pdf } from './erp-product-file-fixtures.ts';
import { createDocumentProduct, insertDocument, type DocumentProduct, type StoredDocument } from './product-file-fixtures.ts';
import { companyWithBuyers, visibleProducts, type Buyer } from './review-fixtures.ts';
import { attachmentDisposition } from '../../server/modules/product-files/send-stored-file.ts';
import { createProductDocumentRepository } from '../../server/modules/product-files/product-documents.repository.ts';

// Product documents for buyers (docs/product.md, Product documents and downloads): GET
// /api/material/{id}/documents lists the documents a reader may see (by the product's visibility, the
// document's audience, the reader's language and the variant the page stands for), GET
// /api/product-document/{id} answers the file with its name, one byte range, its ETag and caching. Whatever a
// reader may not see answers exactly like an unknown id.

let shop: TestShop;
let tenantId: number;
let categoryId: number;
let buyerA: Buyer;
let buyerB: Buyer;
let guest: string;
let salesForA: string;
let skus = 0;

const list = (auth: string | null, productId: number | string, query = '', headers: Record<string, string> = {}) => callApi(shop, auth, 'GET', `/api/material/${productId}/documents${query}`, undefined, headers);
const titles = (answer: { body: { data: { title: string }[] } }) => answer.body.data.map((document) => document.title);
const fetchFile = (auth: string | null, id: number | string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  shop.app.inject({ method, url: `/api/product-document/${id}`, headers: { ...(auth ? { authorization: auth } : {}), ...headers } });
const unknownId = 987_654_321;

/** A product of this file's own in a category every reader sees. */
const newProduct = (values: { isActive?: 0 | 1; variants?: string[]; inactiveVariants?: string[] } = {}) => createDocumentProduct(shop, tenantId, { categoryId, sku: `DOC-P-${process.pid}-${++skus}`, ...values });

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = await demoTenantId(shop);
  categoryId = (await visibleProducts(shop, tenantId).select('p.category_id').executeTakeFirstOrThrow()).category_id;
  buyerA = (await companyWithBuyers(shop, tenantId, 'D-1001', { 'doc.a': 'customer' }))['doc.a']!;
  buyerB = (await companyWithBuyers(shop, tenantId, 'D-2001', { 'doc.b': 'customer' }))['doc.b']!;
  guest = await shop.login('guest');
  // The demo sales person serves company A and acts for it.
  const sales = await shop.db.selectFrom('users').select('id').where('username', '=', 'sales').executeTakeFirstOrThrow();
  await shop.db.insertInto('sales_person_companies').values({ user_id: sales.id, company_id: buyerA.companyId }).execute();
  salesForA = await shop.login('sales');
  const switched = await callApi(shop, salesForA, 'POST', '/api/user/switchCustomerOfSalesPerson', { customerId: buyerA.companyId });
  expect(switched.statusCode, switched.raw).toBe(200);
});
afterAll(() => shop.close());

describe('GET /api/material/{id}/documents', () => {
  let product: DocumentProduct;
  let forEveryone: StoredDocument;
  let forSignedIn: StoredDocument;
  let forA: StoredDocument;

  beforeAll(async () => {
    product = await newProduct();
    forEveryone = await insertDocument(shop, tenantId, { productId: product.id, title: 'Technisches Datenblatt', version: '2.0', fileName: 'Datenblatt.pdf' });
    forSignedIn = await insertDocument(shop, tenantId, { productId: product.id, kind: 'manual', visibility: 'signed_in', language: null, title: 'Montageanleitung' });
    forA = await insertDocument(shop, tenantId, { productId: product.id, kind: 'certificate', visibility: 'companies', companies: [buyerA.companyId], title: 'Werksprüfzeugnis' });
  });

  it('answers the documents the reader may see in the contract’s shape', async () => {
    const answer = await list(buyerA.auth, product.id);
    expect(answer.statusCode, answer.raw).toBe(200);
    expect(answer.body.data[0]).toEqual({
      _id: forEveryone.id,
      kind: 'data_sheet',
      title: 'Technisches Datenblatt',
      language: 'de',
      version: '2.0',
      fileName: 'Datenblatt.pdf',
      contentType: 'application/pdf',
      bytes: forEveryone.file!.length,
      updatedAt: '2026-11-27T10:00:00.000Z',
      variantSku: null,
      url: `/api/product-document/${forEveryone.id}`,
    });
    expect(titles(answer)).toEqual(['Technisches Datenblatt', 'Montageanleitung', 'Werksprüfzeugnis']);
  });

  it('gives each reader the documents of their audience', async () => {
    expect(titles(await list(guest, product.id))).toEqual(['Technisches Datenblatt']);
    expect(titles(await list(buyerB.auth, product.id))).toEqual(['Technisches Datenblatt', 'Montageanleitung']);
    expect(titles(await list(salesForA, product.id))).toEqual(['Technisches Datenblatt', 'Montageanleitung', 'Werksprüfzeugnis']);
    expect((await list(null, product.id)).statusCode).toBe(401);
  });

  it('answers the file of a document only to its audience; to anyone else like an unknown id', async () => {
    const unknown = await fetchFile(buyerB.auth, unknownId);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ messageKey: 'product_document.not_found' });
    const refusals = [
      await fetchFile(guest, forSignedIn.id),
      await fetchFile(guest, forA.id),
      await fetchFile(buyerB.auth, forA.id),
    ];
    for (const refusal of refusals) expect({ status: refusal.statusCode, body: refusal.body }).toEqual({ status: 404, body: unknown.body });
    for (const [auth, document] of [
      [guest, forEveryone],
      [buyerB.auth, forSignedIn],
      [buyerA.auth, forA],
      [salesForA, forA],
    ] as const) {
      const answer = await fetchFile(auth, document.id);
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.equals(document.file!)).toBe(true);
    }
    expect((await fetchFile(null, forEveryone.id)).statusCode).toBe(401);
  });

  it('answers a product without documents with none, and one the reader may not see like an unknown one', async () => {
    const bare = await newProduct();
    expect((await list(buyerA.auth, bare.id)).body).toEqual({ data: [] });

    const unknown = await list(buyerA.auth, unknownId);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatchObject({ messageKey: 'error.product_not_found' });
    const inactive = await newProduct({ isActive: 0 });
    const hiddenDocument = await insertDocument(shop, tenantId, { productId: inactive.id });
    const foreign = await foreignProduct();
    const foreignDocument = await insertDocument(shop, foreign.tenantId, { productId: foreign.id });
    for (const hidden of [inactive.id, foreign.id, '1e3', '007', 'abc', '2147483648']) {
      const answer = await list(buyerA.auth, hidden);
      expect({ status: answer.statusCode, body: answer.raw }, String(hidden)).toEqual({ status: 404, body: unknown.raw });
    }
    const unknownFile = await fetchFile(buyerA.auth, unknownId);
    for (const hidden of [hiddenDocument.id, foreignDocument.id, '1e3', '007', '-1', '99999999999', '..%2F..%2Fetc%2Fpasswd']) {
      const answer = await fetchFile(buyerA.auth, hidden);
      expect({ status: answer.statusCode, body: answer.body }, String(hidden)).toEqual({ status: 404, body: unknownFile.body });
    }
  });

  it('lists no document whose file has not come yet, and answers its file like an unknown one', async () => {
    const waiting = await newProduct();
    const pending = await insertDocument(shop, tenantId, { productId: waiting.id, file: null, title: 'Kommt noch' });
    expect((await list(buyerA.auth, waiting.id)).body).toEqual({ data: [] });
    const answer = await fetchFile(buyerA.auth, pending.id);
    expect({ status: answer.statusCode, body: answer.body }).toEqual({ status: 404, body: (await fetchFile(buyerA.auth, unknownId)).body });
  });
});

describe('languages and variants', () => {
  it('lists the reader’s language and language-less documents first, the other language only where the kind has none in the reader’s', async () => {
    const product = await newProduct();
    await insertDocument(shop, tenantId, { productId: product.id, title: 'Datenblatt', language: 'de' });
    await insertDocument(shop, tenantId, { productId: product.id, title: 'Data sheet', language: 'en' });
    await insertDocument(shop, tenantId, { productId: product.id, kind: 'manual', title: 'Operating manual', language: 'en' });
    await insertDocument(shop, tenantId, { productId: product.id, kind: 'certificate', title: 'CE', language: null });
    const german = await list(buyerA.auth, product.id, '', { 'accept-language': 'de' });
    expect(titles(german)).toEqual(['Datenblatt', 'CE', 'Operating manual']);
    expect(german.body.data.map((document: { language: string | null }) => document.language)).toEqual(['de', null, 'en']);
    expect(titles(await list(buyerA.auth, product.id, '', { cookie: 'locale=en' }))).toEqual(['Data sheet', 'Operating manual', 'CE']);
  });

  it('names each variant’s documents, the variant the page stands for first; an inactive variant’s are nobody’s', async () => {
    const product = await newProduct({ variants: ['VAR-S', 'VAR-L', 'VAR-OLD'], inactiveVariants: ['VAR-OLD'] });
    const variant = (sku: string) => product.variants.get(`${sku}`)!;
    await insertDocument(shop, tenantId, { productId: product.id, variantId: variant('VAR-L'), title: 'Datenblatt L' });
    await insertDocument(shop, tenantId, { productId: product.id, variantId: variant('VAR-S'), title: 'Datenblatt S' });
    await insertDocument(shop, tenantId, { productId: product.id, kind: 'manual', title: 'Anleitung' });
    const retired = await insertDocument(shop, tenantId, { productId: product.id, variantId: variant('VAR-OLD'), title: 'Datenblatt alt' });

    const asProduct = await list(buyerA.auth, product.id);
    expect(asProduct.body.data.map((document: { title: string; variantSku: string | null }) => [document.title, document.variantSku])).toEqual([
      ['Anleitung', null],
      ['Datenblatt S', 'VAR-S'],
      ['Datenblatt L', 'VAR-L'],
    ]);
    expect(titles(await list(buyerA.auth, product.id, '?sku=VAR-L'))).toEqual(['Datenblatt L', 'Anleitung', 'Datenblatt S']);
    expect((await fetchFile(buyerA.auth, retired.id)).statusCode).toBe(404);
  });

  it('refuses a sku past its length like the product answer does', async () => {
    const product = await newProduct();
    const answer = await list(buyerA.auth, product.id, `?sku=${'X'.repeat(65)}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatchObject({ field: 'sku' });
  });
});

describe('GET /api/product-document/{id}', () => {
  let forEveryone: StoredDocument;
  let forSignedIn: StoredDocument;
  let etag: string;

  beforeAll(async () => {
    const product = await newProduct();
    forEveryone = await insertDocument(shop, tenantId, { productId: product.id, fileName: 'Datenblatt Größe.pdf', file: pdf('Größentabelle und Maße') });
    forSignedIn = await insertDocument(shop, tenantId, { productId: product.id, kind: 'manual', visibility: 'signed_in' });
    etag = `"${forEveryone.sha256}"`;
  });

  it('answers the file under its real name, with its type, length, ETag and date', async () => {
    const answer = await fetchFile(buyerA.auth, forEveryone.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(forEveryone.file!.length),
      'content-disposition': attachmentDisposition('Datenblatt Größe.pdf'),
      etag,
      'last-modified': 'Fri, 27 Nov 2026 10:00:00 GMT',
      'accept-ranges': 'bytes',
    });
    expect(answer.headers['content-disposition']).toContain(`filename*=UTF-8''Datenblatt%20Gr%C3%B6%C3%9Fe.pdf`);
    expect(answer.rawPayload.equals(forEveryone.file!)).toBe(true);
  });

  it('lets anyone keep a document for everyone, only the browser the others', async () => {
    expect((await fetchFile(guest, forEveryone.id)).headers['cache-control']).toBe('public, max-age=3600');
    expect((await fetchFile(buyerA.auth, forSignedIn.id)).headers['cache-control']).toBe('private, max-age=3600');
  });

  it('answers one byte range, the last bytes, and refuses a range past the end', async () => {
    const file = forEveryone.file!;
    const first = await fetchFile(buyerA.auth, forEveryone.id, { range: 'bytes=0-9' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${file.length}`);
    expect(first.headers['content-length']).toBe('10');
    expect(first.rawPayload.equals(file.subarray(0, 10))).toBe(true);

    const last = await fetchFile(buyerA.auth, forEveryone.id, { range: 'bytes=-5' });
    expect(last.statusCode).toBe(206);
    expect(last.headers['content-range']).toBe(`bytes ${file.length - 5}-${file.length - 1}/${file.length}`);
    expect(last.rawPayload.equals(file.subarray(file.length - 5))).toBe(true);

    const past = await fetchFile(buyerA.auth, forEveryone.id, { range: `bytes=${file.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${file.length}`);
    expect(past.headers['content-type']).toMatch(/^application\/json/);
    expect(past.json()).toMatchObject({ statusCode: 416, messageKey: 'error.range_not_satisfiable' });
  });

  it('answers the whole file when If-Range names another version, and 304 to a client that has it', async () => {
    const other = await fetchFile(buyerA.auth, forEveryone.id, { range: 'bytes=0-9', 'if-range': '"0000"' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(forEveryone.file!)).toBe(true);
    expect((await fetchFile(buyerA.auth, forEveryone.id, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);

    const kept = await fetchFile(buyerA.auth, forEveryone.id, { 'if-none-match': etag });
    expect(kept.statusCode).toBe(304);
    expect(kept.rawPayload.length).toBe(0);
    expect(kept.headers.etag).toBe(etag);
  });

  it('answers HEAD with the headers alone', async () => {
    const answer = await fetchFile(buyerA.auth, forEveryone.id, {}, 'HEAD');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-length']).toBe(String(forEveryone.file!.length));
    expect(answer.rawPayload.length).toBe(0);
  });
});

describe('the cost of the product page’s documents', () => {
  it('reads a product’s documents in one statement, through the product’s key and product_files(product_id, purpose)', async () => {
    const product = await newProduct();
    await insertDocument(shop, tenantId, { productId: product.id });
    await insertDocument(shop, tenantId, { productId: product.id, visibility: 'companies', companies: [buyerA.companyId], language: 'en' });
    const statements: RootOperationNode[] = [];
    const recording: KyselyPlugin = {
      transformQuery: ({ node }) => {
        statements.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const repository = createProductDocumentRepository(shop.db.withPlugin(recording));
    const visibility = await shop.services.catalog.visibilityOf({ tenant: { id: tenantId, slug: 'demo' }, locale: 'de', identity: { sessionId: 1, userId: buyerA.userId, role: 'customer', companyId: buyerA.companyId } });
    const rows = await repository.listForProduct(visibility, { visibilities: ['everyone', 'signed_in'], companyId: buyerA.companyId }, product.id);
    expect(rows).toHaveLength(2);
    expect(statements).toHaveLength(1);
    if (shop.engine !== 'sqlite') return;
    const statement = shop.db.getExecutor().compileQuery(statements[0]!, { queryId: 'plan' });
    const plan = await shop.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, [...statement.parameters]));
    const details = plan.rows.map((row) => row.detail);
    // The product by its key (its own or an index that starts with it), its documents by the index, the rest by key.
    expect(details).toContainEqual(expect.stringMatching(/^SEARCH p USING (?:INTEGER PRIMARY KEY \(rowid=\?\)|(?:COVERING )?INDEX \w+ \(id=\?\))/));
    expect(details).toContainEqual(expect.stringMatching(/^SEARCH f USING INDEX product_files_product_id_purpose_idx \(product_id=\? AND purpose=\?\)/));
    expect(details.filter((detail) => detail.startsWith('SCAN'))).toEqual([]);
  });
});

/** A second wholesaler with a product in a category of its own. */
async function foreignProduct(): Promise<{ id: number; tenantId: number }> {
  const tenant = await shop.db.insertInto('tenants').values({ slug: `documents-other-${process.pid}`, name: 'Anderer Großhandel' }).returning('id').executeTakeFirstOrThrow();
  const category = await shop.db.insertInto('categories').values({ tenant_id: tenant.id, parent_id: null, slug: 'fremd', name: 'Fremd', name_en: null }).returning('id').executeTakeFirstOrThrow();
  const product = await createDocumentProduct(shop, tenant.id, { categoryId: category.id, sku: 'FREMD-DOC-1' });
  return { id: product.id, tenantId: tenant.id };
}
