import fs from 'node:fs';
import path from 'node:path';
import { zip } from '../support/zip-writer.ts';

// Malformed multipart bodies for POST /api/orderSheet/upload (docs/product.md, Order sheets: files), each with
// the answer a signed-in buyer must get: none of them makes an import.

const fixtures = path.resolve(import.meta.dirname, '../fixtures/order-sheets');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));
export const boundary = '----hostile-upload';
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface UploadPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  /** A part header as sent, for names no `filename="…"` can carry (`filename*=`, control characters). */
  disposition?: string;
  type?: string;
}

export interface UploadSample {
  label: string;
  body: Buffer;
  contentType: string;
  /** What the buyer is answered: status and message key. */
  expected: [number, string];
}

export function multipart(parts: readonly UploadPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.disposition ?? `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ?? (part.filename !== undefined || part.disposition ? 'application/octet-stream' : undefined);
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type ? `\r\nContent-Type: ${type}` : ''}\r\n\r\n`, 'latin1'), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const withBoundary = `multipart/form-data; boundary=${boundary}`;
const order = { name: 'target', value: 'order' };
const textFile = Buffer.from('Artikelnummer;Menge\nA-1;2\n');
const workbook = () => fixture('exceljs-order.xlsx');

/** A text file under every kind of hostile name: the name is never used, the bytes decide. */
const hostileNames: [string, UploadPart][] = [
  ['path traversal', { name: 'file', value: textFile, filename: '../../../etc/passwd.xlsx' }],
  ['Windows path traversal', { name: 'file', value: textFile, filename: '..\\..\\windows\\win.ini.xlsx' }],
  ['control characters', { name: 'file', value: textFile, disposition: 'form-data; name="file"; filename="a\u0001\u001b[31m\u007fb.xlsx"' }],
  ['an encoded NUL and slashes (filename*)', { name: 'file', value: textFile, disposition: "form-data; name=\"file\"; filename*=UTF-8''..%2F..%2Fa%00.xlsx" }],
  ['10,000 characters', { name: 'file', value: textFile, filename: `${'a'.repeat(10_000)}.xlsx` }],
  ['not UTF-8', { name: 'file', value: textFile, disposition: 'form-data; name="file"; filename="\u00ff\u00fe\u00c3(.xlsx"' }],
];

export function uploadSamples(): UploadSample[] {
  const sample = (label: string, parts: readonly UploadPart[], expected: [number, string]): UploadSample => ({ label, body: multipart(parts), contentType: withBoundary, expected });
  const whole = multipart([order, { name: 'file', value: workbook(), filename: 'bestellung.xlsx' }]);
  return [
    sample('no file part', [order], [400, 'validation.required']),
    sample('no target', [{ name: 'file', value: workbook(), filename: 'bestellung.xlsx' }], [400, 'validation.required']),
    sample('two file parts', [order, { name: 'file', value: workbook(), filename: 'a.xlsx' }, { name: 'file', value: workbook(), filename: 'b.xlsx' }], [400, 'orderSheet.upload.tooManyFields']),
    sample('a file under another field name', [order, { name: 'upload', value: workbook(), filename: 'a.xlsx' }], [400, 'validation.unknown_field']),
    sample('the file sent as a plain field', [{ name: 'file', value: 'A-1;2' }, order], [400, 'validation.unknown_field']),
    sample('the target sent as a file', [{ name: 'target', value: 'order', filename: 'target.txt' }, { name: 'file', value: workbook(), filename: 'a.xlsx' }], [400, 'validation.unknown_field']),
    sample('a huge target field (2 MB)', [{ name: 'target', value: `order${'x'.repeat(2 * 1024 * 1024)}` }, { name: 'file', value: workbook(), filename: 'a.xlsx' }], [400, 'validation.invalid']),
    sample('a huge field name (100 kB)', [{ name: 'n'.repeat(100_000), value: 'order' }, { name: 'file', value: workbook(), filename: 'a.xlsx' }], [400, 'validation.unknown_field']),
    sample('an extra field', [order, { name: 'price', value: '0' }, { name: 'file', value: workbook(), filename: 'a.xlsx' }], [400, 'orderSheet.upload.tooManyFields']),
    ...['wishlist', '', 'ORDER', 'preorder', '__proto__', 'order\u0000'].map((target) =>
      sample(`target ${JSON.stringify(target)}`, [{ name: 'target', value: target }, { name: 'file', value: workbook(), filename: 'a.xlsx' }], [400, 'validation.invalid']),
    ),
    { label: 'no boundary', body: whole, contentType: 'multipart/form-data', expected: [400, 'orderSheet.upload.malformed'] },
    { label: 'another boundary than the body’s', body: whole, contentType: 'multipart/form-data; boundary=other', expected: [400, 'orderSheet.upload.malformed'] },
    { label: 'truncated in the file', body: whole.subarray(0, Math.floor(whole.length * 0.7)), contentType: withBoundary, expected: [400, 'orderSheet.upload.malformed'] },
    { label: 'truncated before the closing boundary', body: whole.subarray(0, whole.length - `--${boundary}--\r\n`.length), contentType: withBoundary, expected: [400, 'orderSheet.upload.malformed'] },
    { label: 'an empty body', body: Buffer.alloc(0), contentType: withBoundary, expected: [400, 'validation.required'] },
    sample('a file over 10 MB', [order, { name: 'file', value: Buffer.alloc(11 * 1024 * 1024, 0x41), filename: 'big.xlsx' }], [413, 'orderSheet.file.tooLarge']),
    { label: 'a body over 10 MB before its parts', body: Buffer.concat([Buffer.alloc(11 * 1024 * 1024, 0x41), Buffer.from('\r\n'), whole]), contentType: withBoundary, expected: [413, 'orderSheet.file.tooLarge'] },
    ...hostileNames.map(([label, part]) => sample(`a file name with ${label}`, [order, part], [400, 'orderSheet.file.text'])),
    sample('a text file declared as xlsx', [order, { name: 'file', value: textFile, filename: 'bestellung.xlsx', type: xlsxType }], [400, 'orderSheet.file.text']),
    sample('a ZIP that is no workbook', [order, { name: 'file', value: zip([{ name: 'readme.txt', data: Buffer.from('hello') }]), filename: 'a.xlsx', type: xlsxType }], [400, 'orderSheet.file.notWorkbook']),
    sample('the zip bomb', [order, { name: 'file', value: fixture('zip-bomb.xlsx'), filename: 'zip-bomb.xlsx', type: xlsxType }], [400, 'orderSheet.file.tooBigUnpacked']),
    sample('billion laughs', [order, { name: 'file', value: fixture('billion-laughs.xlsx'), filename: 'billion-laughs.xlsx', type: xlsxType }], [400, 'orderSheet.file.xmlDeclarations']),
    sample('a password-protected workbook', [order, { name: 'file', value: fixture('encrypted.xlsx'), filename: 'encrypted.xlsx', type: xlsxType }], [400, 'orderSheet.file.encrypted']),
  ];
}
