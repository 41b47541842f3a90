import { describe, expect, it } from 'vitest';
import { attachmentDisposition, requestedRange, storedFileAnswer } from './send-stored-file.ts';

describe('requestedRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-5', 100, { start: 95, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=10-9999999999999999999', 100, { start: 10, end: 99 }],
    [' bytes=3-3 ', 100, { start: 3, end: 3 }],
  ])('%j of %i bytes: %j', (header, size, range) => {
    expect(requestedRange(header, size)).toEqual(range);
  });

  it('answers the whole file for no range, several ranges or another unit', () => {
    for (const header of [undefined, '', 'bytes=0-1,5-9', 'items=0-9', 'bytes=-', 'bytes=abc-', 'bytes=1e3-']) expect(requestedRange(header, 100), String(header)).toBe('whole');
  });

  it('ignores a range that ends before it starts: the header is invalid', () => {
    expect(requestedRange('bytes=50-10', 100)).toBe('whole');
  });

  it('refuses a range that starts past the end or asks for no byte', () => {
    for (const header of ['bytes=100-', 'bytes=100-200', 'bytes=9999999999999999999-', 'bytes=-0']) expect(requestedRange(header, 100), header).toBeNull();
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('Datenblatt Größe.pdf')).toBe(`attachment; filename="Datenblatt Groe.pdf"; filename*=UTF-8''Datenblatt%20Gr%C3%B6%C3%9Fe.pdf`);
  });

  it('keeps quotes, slashes and semicolons out of the fallback and escapes them in the UTF-8 name', () => {
    expect(attachmentDisposition('a"b\\c/d;e.pdf')).toBe(`attachment; filename="a_b_c_d_e.pdf"; filename*=UTF-8''a%22b%5Cc%2Fd%3Be.pdf`);
    expect(attachmentDisposition("it's (1)*.pdf")).toBe(`attachment; filename="it's (1)_.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`);
  });

  it('names a file with no ASCII letter "file" in the fallback', () => {
    expect(attachmentDisposition('資料.pdf')).toBe(`attachment; filename=".pdf"; filename*=UTF-8''%E8%B3%87%E6%96%99.pdf`);
    expect(attachmentDisposition('資料')).toBe(`attachment; filename="file"; filename*=UTF-8''%E8%B3%87%E6%96%99`);
  });
});

describe('storedFileAnswer', () => {
  const file = { sha256: 'a'.repeat(64), bytes: 100, contentType: 'application/pdf', fileName: 'Datenblatt.pdf', storedAt: '2026-11-27T10:00:00.000Z', cacheControl: 'private, max-age=3600' };
  const etag = `"${'a'.repeat(64)}"`;

  it('answers the whole file with its headers', () => {
    expect(storedFileAnswer({}, file)).toEqual({
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': attachmentDisposition('Datenblatt.pdf'),
        'cache-control': 'private, max-age=3600',
        etag,
        'last-modified': 'Fri, 27 Nov 2026 10:00:00 GMT',
        'accept-ranges': 'bytes',
        'content-length': '100',
      },
      bytes: { start: 0, end: 99 },
    });
  });

  it('answers a range with 206, an unsatisfiable one with 416', () => {
    expect(storedFileAnswer({ range: 'bytes=0-9' }, file)).toMatchObject({ status: 206, headers: { 'content-range': 'bytes 0-9/100', 'content-length': '10' }, bytes: { start: 0, end: 9 } });
    expect(storedFileAnswer({ range: 'bytes=100-' }, file)).toMatchObject({ status: 416, headers: { 'content-range': 'bytes */100' }, bytes: null });
  });

  it('answers the range only for the version If-Range names', () => {
    expect(storedFileAnswer({ range: 'bytes=0-9', ifRange: etag }, file)).toMatchObject({ status: 206 });
    expect(storedFileAnswer({ range: 'bytes=0-9', ifRange: `"${'b'.repeat(64)}"` }, file)).toMatchObject({ status: 200, bytes: { start: 0, end: 99 } });
  });

  it('answers 304 when the client has the file, weak or among others', () => {
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) expect(storedFileAnswer({ ifNoneMatch, range: 'bytes=0-9' }, file)).toMatchObject({ status: 304, bytes: null });
    expect(storedFileAnswer({ ifNoneMatch: '"other"' }, file)).toMatchObject({ status: 200 });
  });
});
