import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxProductFileBytes } from '../../core/product-files.ts';
import { deleteFile, documentOf, incomingFiles, pdf, png, privateFilesDir, putFile, putMetadata, storedHashes, zip } from './erp-product-file-fixtures.ts';
import { demoTenantId, erpKey, insertOtherTenant, insertProduct, visibleCategoryId } from './erp-load-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// Product documents and downloadable products' files from the ERP (PUT/DELETE /erp/v1/products/{sku}/documents/
// {externalId}, …/downloads/{externalId} and their …/file, scope catalog:write): the metadata keyed by the
// ERP's key under a product or variant, the file streamed into the file store with its type judged from its
// bytes, at most 50 MB, replaced and removed files leaving the store, and is_downloadable following the
// downloads. Products of the test's own in the demo tenant; another tenant with its own key.

let shop: TestShop;
let filesDir: string;
let tenantId: number;
let key: string;
let foreignKey: string;
let otherScopeKey: string;
let productId: number;
let otherProductId: number;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * An upload sent in chunks over a real connection (no Content-Length), that stops sending once the answer
 * came: the answer, and whether the server then closed the connection.
 */
async function chunkedUpload(url: string, secret: string, head: Buffer, totalBytes: number): Promise<{ status: number; body: string; connection: string | undefined; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'PUT', agent: false, headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        const answer = { status: response.statusCode ?? 0, body, connection: response.headers.connection };
        const timer = setTimeout(() => resolve({ ...answer, closed: false }), 5_000);
        response.socket.once('close', () => {
          clearTimeout(timer);
          resolve({ ...answer, closed: true });
        });
      });
    });
    // The server closes the connection while this side may still be sending: that is the point, not a failure.
    request.on('error', (error: NodeJS.ErrnoException) => (['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? undefined : reject(error)));
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const send = () => {
      while (!request.destroyed && !request.writableEnded && sent < totalBytes) {
        sent += chunk.length;
        if (!request.write(sent === chunk.length ? Buffer.concat([head, chunk.subarray(head.length)]) : chunk)) {
          request.once('drain', send);
          return;
        }
      }
      if (!request.writableEnded) request.end();
    };
    send();
  });
}
const fileRow = (externalId: string) => shop.db.selectFrom('product_files').selectAll().where('tenant_id', '=', tenantId).where('external_id', '=', externalId).executeTakeFirst();
const isDownloadable = async (id: number) => (await shop.db.selectFrom('products').select('is_downloadable').where('id', '=', id).executeTakeFirstOrThrow()).is_downloadable;

beforeAll(async () => {
  filesDir = privateFilesDir();
  shop = await startTestShop({ FILES_DIR: filesDir });
  tenantId = await demoTenantId(shop);
  key = await erpKey(shop, tenantId, ['catalog:write']);
  otherScopeKey = await erpKey(shop, tenantId, ['documents:write']);
  const categoryId = await visibleCategoryId(shop, tenantId);
  productId = await insertProduct(shop, tenantId, categoryId, { sku: 'PF-1', priceCents: 1000, variants: [{ variantSku: 'PF-1-BLAU' }] });
  otherProductId = await insertProduct(shop, tenantId, categoryId, { sku: 'PF-2', priceCents: 1000 });
  await insertProduct(shop, tenantId, categoryId, { sku: 'PF-3', priceCents: 1000 });
  const foreignTenant = await insertOtherTenant(shop, 'product-files-other');
  foreignKey = await erpKey(shop, foreignTenant, ['catalog:write']);
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('PUT /erp/v1/products/{sku}/documents/{externalId}', () => {
  it('creates the document (201) without a file, then answers unchanged (200) and updated (200)', async () => {
    const created = await putMetadata(shop, key, 'documents', 'PF-1', 'DOC-1', documentOf({ sortOrder: 3 }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      result: 'created',
      document: {
        externalId: 'DOC-1',
        sku: 'PF-1',
        variantSku: null,
        kind: 'data_sheet',
        title: 'Technisches Datenblatt',
        language: 'de',
        version: '1.0',
        visibility: 'everyone',
        companies: [],
        fileName: 'Datenblatt.pdf',
        sortOrder: 3,
        file: null,
      },
    });
    const row = await fileRow('DOC-1');
    expect(row).toMatchObject({ purpose: 'document', product_id: productId, variant_id: null, sha256: null, file_version: null });

    const again = await putMetadata(shop, key, 'documents', 'PF-1', 'DOC-1', documentOf({ sortOrder: 3 }));
    expect([again.statusCode, again.json().result]).toEqual([200, 'unchanged']);
    expect(await fileRow('DOC-1')).toEqual(row);

    const changed = await putMetadata(shop, key, 'documents', 'PF-1', 'DOC-1', documentOf({ title: 'Datenblatt', language: null }));
    expect([changed.statusCode, changed.json().result]).toEqual([200, 'updated']);
    expect(changed.json().document).toMatchObject({ title: 'Datenblatt', language: null, sortOrder: 0 });
  });

  it('files a document under the variant its sku names, and moves it to another sku', async () => {
    const variant = await putMetadata(shop, key, 'documents', 'PF-1-BLAU', 'DOC-VARIANT', documentOf());
    expect(variant.statusCode).toBe(201);
    expect(variant.json().document).toMatchObject({ sku: 'PF-1', variantSku: 'PF-1-BLAU' });
    const variantId = (await shop.db.selectFrom('product_variants').select('id').where('variant_sku', '=', 'PF-1-BLAU').executeTakeFirstOrThrow()).id;
    expect(await fileRow('DOC-VARIANT')).toMatchObject({ product_id: productId, variant_id: variantId });

    const moved = await putMetadata(shop, key, 'documents', 'PF-2', 'DOC-VARIANT', documentOf());
    expect([moved.statusCode, moved.json().result]).toEqual([200, 'updated']);
    expect(moved.json().document).toMatchObject({ sku: 'PF-2', variantSku: null });
    expect(await fileRow('DOC-VARIANT')).toMatchObject({ product_id: otherProductId, variant_id: null });
  });

  it('answers 404 for an unknown sku, and for another tenant’s key the same as for a sku nobody has', async () => {
    const unknown = await putMetadata(shop, key, 'documents', 'PF-NONE', 'DOC-X', documentOf());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ messageKey: 'erp.product_file.product_not_found' });
    const foreign = await putMetadata(shop, foreignKey, 'documents', 'PF-1', 'DOC-X', documentOf());
    const foreignUnknown = await putMetadata(shop, foreignKey, 'documents', 'PF-1', 'DOC-X', documentOf());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.replace('PF-1', 'PF-NONE')).toBe(unknown.body);
    expect(foreignUnknown.body).toBe(foreign.body);
    expect(await fileRow('DOC-X')).toBeUndefined();
  });

  it('names the companies of a document for some companies: an unknown one answers 422 naming it', async () => {
    const missing = await putMetadata(shop, key, 'documents', 'PF-1', 'DOC-NAMED', documentOf({ visibility: 'companies' }));
    expect([missing.statusCode, missing.json().messageKey, missing.json().field]).toEqual([400, 'erp.product_file.companies.required', 'companies']);
    const notNamed = await putMetadata(shop, key, 'documents', 'PF-1', 'DOC-NAMED', documentOf({ companies: ['10001'] }));
    expect([notNamed.statusCode, notNamed.json().messageKey]).toEqual([400, 'erp.product_file.companies.not_named']);
    const unknown = await putMetadata(shop, key, 'documents', 'PF-1', 'DOC-NAMED', documentOf({ visibility: 'companies', companies: ['10001', '99999'] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ messageKey: 'erp.document.company.unknown', field: 'companies.1' });
    expect(await fileRow('DOC-NAMED')).toBeUndefined();

    const named = await putMetadata(shop, key, 'documents', 'PF-1', 'DOC-NAMED', documentOf({ visibility: 'companies', companies: ['10002', '10001', '10001'] }));
    expect(named.statusCode).toBe(201);
    expect(named.json().document.companies).toEqual(['10001', '10002']);
    expect((await putMetadata(shop, key, 'documents', 'PF-1', 'DOC-NAMED', documentOf({ visibility: 'companies', companies: ['10001', '10002'] }))).json().result).toBe('unchanged');
    const fewer = await putMetadata(shop, key, 'documents', 'PF-1', 'DOC-NAMED', documentOf({ visibility: 'companies', companies: ['10002'] }));
    expect(fewer.json()).toMatchObject({ result: 'updated', document: { companies: ['10002'] } });
    const everyone = await putMetadata(shop, key, 'documents', 'PF-1', 'DOC-NAMED', documentOf());
    expect(everyone.json()).toMatchObject({ result: 'updated', document: { visibility: 'everyone', companies: [] } });
    const id = (await fileRow('DOC-NAMED'))!.id;
    expect(await shop.db.selectFrom('product_file_companies').select('company_id').where('file_id', '=', id).execute()).toEqual([]);
  });

  it('refuses a file name that is a path or has control characters, and unknown or malformed fields, storing nothing', async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ fileName: '../../etc/passwd' }, 'fileName', 'erp.file.name.invalid'],
      [{ fileName: '..\\..\\boot.ini' }, 'fileName', 'erp.file.name.invalid'],
      [{ fileName: '..' }, 'fileName', 'erp.file.name.invalid'],
      [{ fileName: 'Daten\nblatt.pdf' }, 'fileName', 'validation.invalid'],
      [{ fileName: 'x'.repeat(201) }, 'fileName', 'validation.too_long'],
      [{ version: '' }, 'version', 'validation.required'],
      [{ version: 'v'.repeat(41) }, 'version', 'validation.too_long'],
      [{ kind: 'brochure' }, 'kind', 'validation.invalid'],
      [{ language: 'fr' }, 'language', 'validation.invalid'],
      [{ sortOrder: -1 }, 'sortOrder', 'validation.invalid'],
      [{ visibilty: 'everyone' }, 'visibilty', 'validation.unknown_field'],
    ];
    for (const [fields, field, messageKey] of refusals) {
      const answer = await putMetadata(shop, key, 'documents', 'PF-1', 'DOC-REFUSED', documentOf(fields));
      expect([answer.statusCode, answer.json().field, answer.json().messageKey], JSON.stringify(fields)).toEqual([400, field, messageKey]);
    }
    expect(await fileRow('DOC-REFUSED')).toBeUndefined();
    const longKey = await putMetadata(shop, key, 'documents', 'PF-1', 'K'.repeat(65), documentOf());
    expect([longKey.statusCode, longKey.json().field]).toEqual([400, 'externalId']);
  });

  it('needs the scope catalog:write', async () => {
    const answer = await putMetadata(shop, otherScopeKey, 'documents', 'PF-1', 'DOC-SCOPE', documentOf());
    expect([answer.statusCode, answer.json().messageKey]).toEqual([403, 'api.scope.missing']);
    expect((await putFile(shop, otherScopeKey, 'documents', 'PF-1', 'DOC-1', pdf('scope'))).statusCode).toBe(403);
    expect((await deleteFile(shop, otherScopeKey, 'documents', 'PF-1', 'DOC-1')).statusCode).toBe(403);
  });
});

describe('PUT /erp/v1/products/{sku}/documents/{externalId}/file', () => {
  it('stores the file under its SHA-256, its type judged from its bytes, not from the Content-Type', async () => {
    await putMetadata(shop, key, 'documents', 'PF-3', 'DOC-FILE', documentOf({ version: '2.0' }));
    const bytes = pdf('first');
    const answer = await putFile(shop, key, 'documents', 'PF-3', 'DOC-FILE', bytes, 'image/png');
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      result: 'created',
      document: { externalId: 'DOC-FILE', version: '2.0', file: { bytes: bytes.length, sha256: sha256(bytes), contentType: 'application/pdf', version: '2.0', storedAt: expect.any(String) } },
    });
    expect(fs.readFileSync(path.join(filesDir, sha256(bytes).slice(0, 2), sha256(bytes)))).toEqual(bytes);
    expect(await fileRow('DOC-FILE')).toMatchObject({ sha256: sha256(bytes), bytes: bytes.length, content_type: 'application/pdf', file_version: '2.0' });

    const again = await putFile(shop, key, 'documents', 'PF-3', 'DOC-FILE', bytes, null);
    expect([again.statusCode, again.json().result]).toEqual([200, 'unchanged']);
    expect(again.json().document.file).toEqual(answer.json().document.file);
    expect(incomingFiles(filesDir)).toEqual([]);
  });

  it('takes pictures for documents, but neither text nor ZIP archives nor an empty body, storing nothing', async () => {
    await putMetadata(shop, key, 'documents', 'PF-3', 'DOC-PICTURE', documentOf());
    expect((await putFile(shop, key, 'documents', 'PF-3', 'DOC-PICTURE', png('plan'), 'application/pdf')).json().document.file.contentType).toBe('image/png');
    const before = { row: await fileRow('DOC-PICTURE'), stored: storedHashes(filesDir) };
    for (const [bytes, messageKey] of [
      [Buffer.from('Sicherheitsdatenblatt als Text'), 'erp.file.type'],
      [zip('archive'), 'erp.file.type'],
      [Buffer.alloc(0), 'erp.file.required'],
    ] as const) {
      const answer = await putFile(shop, key, 'documents', 'PF-3', 'DOC-PICTURE', bytes, 'application/pdf');
      expect([answer.statusCode, answer.json().messageKey]).toEqual([400, messageKey]);
    }
    expect(await fileRow('DOC-PICTURE')).toEqual(before.row);
    expect(storedHashes(filesDir)).toEqual(before.stored);
    expect(incomingFiles(filesDir)).toEqual([]);
  });

  it('refuses a file over 50 MB with 413, whether announced or streamed, and keeps nothing of it', async () => {
    await putMetadata(shop, key, 'documents', 'PF-3', 'DOC-LARGE', documentOf());
    const before = { row: await fileRow('DOC-LARGE'), stored: storedHashes(filesDir) };
    const announced = await putFile(shop, key, 'documents', 'PF-3', 'DOC-LARGE', pdf('small'), 'application/pdf', { 'content-length': String(maxProductFileBytes + 1) });
    expect([announced.statusCode, announced.json().messageKey, announced.headers.connection]).toEqual([413, 'erp.file.too_large', 'close']);
    const large = Buffer.concat([pdf('large'), Buffer.alloc(maxProductFileBytes + 1 - pdf('large').length, 0x20)]);
    const sent = await putFile(shop, key, 'documents', 'PF-3', 'DOC-LARGE', large, 'application/pdf');
    expect([sent.statusCode, sent.json().messageKey]).toEqual([413, 'erp.file.too_large']);
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const streamed = await chunkedUpload(`${address}/erp/v1/products/PF-3/documents/DOC-LARGE/file`, key, pdf('streamed'), maxProductFileBytes + 4 * 1024 * 1024);
    expect([streamed.status, JSON.parse(streamed.body).messageKey, streamed.connection, streamed.closed]).toEqual([413, 'erp.file.too_large', 'close', true]);
    expect(await fileRow('DOC-LARGE')).toEqual(before.row);
    expect(storedHashes(filesDir)).toEqual(before.stored);
    expect(incomingFiles(filesDir)).toEqual([]);
    const exactly = Buffer.concat([pdf('exactly'), Buffer.alloc(maxProductFileBytes - pdf('exactly').length, 0x20)]);
    expect((await putFile(shop, key, 'documents', 'PF-3', 'DOC-LARGE', exactly, 'application/pdf')).statusCode).toBe(201);
  });

  it('removes the replaced file from the store, unless another row names it', async () => {
    await putMetadata(shop, key, 'documents', 'PF-3', 'DOC-REPLACED', documentOf());
    await putMetadata(shop, key, 'documents', 'PF-3', 'DOC-SHARING', documentOf());
    const first = pdf('replaced');
    const shared = pdf('shared');
    await putFile(shop, key, 'documents', 'PF-3', 'DOC-REPLACED', first);
    await putFile(shop, key, 'documents', 'PF-3', 'DOC-SHARING', shared);
    expect(storedHashes(filesDir)).toEqual(expect.arrayContaining([sha256(first), sha256(shared)]));

    const second = await putFile(shop, key, 'documents', 'PF-3', 'DOC-REPLACED', shared);
    expect([second.statusCode, second.json().result]).toEqual([200, 'updated']);
    expect(storedHashes(filesDir)).not.toContain(sha256(first));
    const third = await putFile(shop, key, 'documents', 'PF-3', 'DOC-REPLACED', pdf('third'));
    expect(third.json().result).toBe('updated');
    expect(storedHashes(filesDir)).toContain(sha256(shared));
  });

  it('stores the same file again when the version changed: the file takes the document’s version', async () => {
    await putMetadata(shop, key, 'documents', 'PF-3', 'DOC-VERSIONED', documentOf({ version: '1' }));
    const bytes = pdf('versioned');
    await putFile(shop, key, 'documents', 'PF-3', 'DOC-VERSIONED', bytes);
    await putMetadata(shop, key, 'documents', 'PF-3', 'DOC-VERSIONED', documentOf({ version: '2' }));
    expect((await fileRow('DOC-VERSIONED'))!.file_version).toBe('1');
    const again = await putFile(shop, key, 'documents', 'PF-3', 'DOC-VERSIONED', bytes);
    expect(again.json()).toMatchObject({ result: 'updated', document: { version: '2', file: { version: '2', sha256: sha256(bytes) } } });
  });

  it('answers 404 for a document nobody has, one the sku does not name and one of another tenant, storing nothing', async () => {
    await putMetadata(shop, key, 'documents', 'PF-1-BLAU', 'DOC-OF-VARIANT', documentOf());
    const stored = storedHashes(filesDir);
    const unknown = await putFile(shop, key, 'documents', 'PF-3', 'DOC-NOBODY', pdf('nobody'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ messageKey: 'erp.product_file.not_found' });
    const answers = [
      await putFile(shop, key, 'documents', 'PF-1', 'DOC-OF-VARIANT', pdf('product')),
      await putFile(shop, key, 'documents', 'PF-2', 'DOC-OF-VARIANT', pdf('other')),
      await putFile(shop, foreignKey, 'documents', 'PF-1-BLAU', 'DOC-OF-VARIANT', pdf('foreign')),
      await putFile(shop, key, 'downloads', 'PF-1-BLAU', 'DOC-OF-VARIANT', zip('purpose')),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().messageKey).toBe('erp.product_file.not_found');
    }
    expect(storedHashes(filesDir)).toEqual(stored);
    expect((await putFile(shop, key, 'documents', 'PF-1-BLAU', 'DOC-OF-VARIANT', pdf('variant'))).statusCode).toBe(201);
  });
});

describe('DELETE /erp/v1/products/{sku}/documents/{externalId}', () => {
  it('deletes the document (204) and its file, and answers 404 after', async () => {
    await putMetadata(shop, key, 'documents', 'PF-3', 'DOC-GONE', documentOf({ visibility: 'companies', companies: ['10001'] }));
    const bytes = pdf('gone');
    await putFile(shop, key, 'documents', 'PF-3', 'DOC-GONE', bytes);
    expect((await deleteFile(shop, foreignKey, 'documents', 'PF-3', 'DOC-GONE')).statusCode).toBe(404);
    expect((await deleteFile(shop, key, 'documents', 'PF-2', 'DOC-GONE')).statusCode).toBe(404);
    const deleted = await deleteFile(shop, key, 'documents', 'PF-3', 'DOC-GONE');
    expect([deleted.statusCode, deleted.body]).toEqual([204, '']);
    expect(await fileRow('DOC-GONE')).toBeUndefined();
    expect(storedHashes(filesDir)).not.toContain(sha256(bytes));
    const again = await deleteFile(shop, key, 'documents', 'PF-3', 'DOC-GONE');
    expect([again.statusCode, again.json().messageKey]).toEqual([404, 'erp.product_file.not_found']);
  });
});

describe('downloadable products’ files (…/downloads)', () => {
  const download = (extra: Record<string, unknown> = {}) => ({ title: 'Software', version: '3.2.0', fileName: 'setup-3.2.0.zip', ...extra });

  it('makes the product downloadable exactly while it has a download with a stored file', async () => {
    const created = await putMetadata(shop, key, 'downloads', 'PF-1', 'DL-1', download());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      result: 'created',
      download: { externalId: 'DL-1', sku: 'PF-1', variantSku: null, title: 'Software', language: null, version: '3.2.0', fileName: 'setup-3.2.0.zip', sortOrder: 0, file: null },
    });
    expect(await isDownloadable(productId)).toBe(0);
    const stored = await putFile(shop, key, 'downloads', 'PF-1', 'DL-1', zip('software'), 'application/zip');
    expect(stored.json()).toMatchObject({ result: 'created', download: { file: { contentType: 'application/zip' } } });
    expect(await isDownloadable(productId)).toBe(1);

    await putMetadata(shop, key, 'downloads', 'PF-1', 'DL-2', download({ fileName: 'handbuch.pdf' }));
    expect((await putFile(shop, key, 'downloads', 'PF-1', 'DL-2', pdf('manual'))).statusCode).toBe(201);
    expect((await putFile(shop, key, 'downloads', 'PF-1', 'DL-2', Buffer.from('text'))).json().messageKey).toBe('erp.file.type');

    expect((await deleteFile(shop, key, 'downloads', 'PF-1', 'DL-1')).statusCode).toBe(204);
    expect(await isDownloadable(productId)).toBe(1);
    const moved = await putMetadata(shop, key, 'downloads', 'PF-2', 'DL-2', download({ fileName: 'handbuch.pdf' }));
    expect(moved.json()).toMatchObject({ result: 'updated', download: { sku: 'PF-2' } });
    expect([await isDownloadable(productId), await isDownloadable(otherProductId)]).toEqual([0, 1]);
    expect((await deleteFile(shop, key, 'downloads', 'PF-2', 'DL-2')).statusCode).toBe(204);
    expect(await isDownloadable(otherProductId)).toBe(0);
  });

  it('keeps documents and downloads apart: the same key names one of each', async () => {
    await putMetadata(shop, key, 'documents', 'PF-3', 'SAME-KEY', documentOf());
    await putMetadata(shop, key, 'downloads', 'PF-3', 'SAME-KEY', download());
    const rows = await shop.db.selectFrom('product_files').select(['purpose', 'kind', 'visibility']).where('external_id', '=', 'SAME-KEY').orderBy('purpose').execute();
    expect(rows).toEqual([
      { purpose: 'document', kind: 'data_sheet', visibility: 'everyone' },
      { purpose: 'download', kind: null, visibility: null },
    ]);
    const refused = await putMetadata(shop, key, 'downloads', 'PF-3', 'DL-REFUSED', download({ kind: 'manual' }));
    expect([refused.statusCode, refused.json().field]).toEqual([400, 'kind']);
  });
});
