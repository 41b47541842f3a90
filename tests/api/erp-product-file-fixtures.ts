import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestShop } from './helper.ts';

// What the tests of the ERP's product documents and downloads share: the calls of its routes with a key,
// small files of each type as the ERP sends them, and a look into the test's own file store.

export type FilePurpose = 'documents' | 'downloads';

/** A file store of the test file's own, so what it holds is the test's to check. */
export function privateFilesDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'erp-product-files-'));
}

/** PUT …/{purpose}/{externalId}: the metadata as JSON. */
export function putMetadata(shop: TestShop, secret: string, purpose: FilePurpose, sku: string, externalId: string, body: unknown) {
  return shop.app.inject({
    method: 'PUT',
    url: `/erp/v1/products/${encodeURIComponent(sku)}/${purpose}/${encodeURIComponent(externalId)}`,
    headers: { authorization: `Bearer ${secret}` },
    payload: body as object,
  });
}

/** PUT …/{purpose}/{externalId}/file: the bytes as the body, with the Content-Type given (none when null). */
export function putFile(shop: TestShop, secret: string, purpose: FilePurpose, sku: string, externalId: string, bytes: Buffer | NodeJS.ReadableStream, contentType: string | null = 'application/octet-stream', headers: Record<string, string> = {}) {
  return shop.app.inject({
    method: 'PUT',
    url: `/erp/v1/products/${encodeURIComponent(sku)}/${purpose}/${encodeURIComponent(externalId)}/file`,
    headers: { authorization: `Bearer ${secret}`, ...(contentType ? { 'content-type': contentType } : {}), ...headers },
    payload: bytes,
  });
}

export function deleteFile(shop: TestShop, secret: string, purpose: FilePurpose, sku: string, externalId: string) {
  return shop.app.inject({ method: 'DELETE', url: `/erp/v1/products/${encodeURIComponent(sku)}/${purpose}/${encodeURIComponent(externalId)}`, headers: { authorization: `Bearer ${secret}` } });
}

/** A small but real PDF; the marker makes each one's bytes its own. */
export function pdf(marker: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

/** The start of a ZIP archive (a local file header) with the marker as its content. */
export function zip(marker: string): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]), Buffer.from(marker, 'latin1')]);
}

/** The start of a PNG picture. */
export function png(marker: string): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(marker, 'latin1')]);
}

/** A document's metadata as the ERP sends it; `extra` adds or replaces. */
export function documentOf(extra: Record<string, unknown> = {}) {
  return { kind: 'data_sheet', title: 'Technisches Datenblatt', language: 'de', version: '1.0', visibility: 'everyone', fileName: 'Datenblatt.pdf', ...extra };
}

/** The files in the store (by their SHA-256), leaving out the folder uploads are written to first. */
export function storedHashes(filesDir: string): string[] {
  if (!fs.existsSync(filesDir)) return [];
  return fs
    .readdirSync(filesDir)
    .filter((entry) => entry !== 'incoming')
    .flatMap((prefix) => fs.readdirSync(path.join(filesDir, prefix)))
    .sort();
}

/** The uploads under way or left behind in the store: none once every request has its answer. */
export function incomingFiles(filesDir: string): string[] {
  const incoming = path.join(filesDir, 'incoming');
  return fs.existsSync(incoming) ? fs.readdirSync(incoming) : [];
}
