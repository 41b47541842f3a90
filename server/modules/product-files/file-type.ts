// What a stored file is, judged from its first bytes (never from the name or the header the sender
// gave): the type it is served with and the extension its name should end in.

export interface StoredFileType {
  contentType: 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'application/zip';
  extension: string;
}

const signatures: { matches: (head: Buffer) => boolean; type: StoredFileType }[] = [
  { matches: (head) => head.subarray(0, 5).toString('latin1') === '%PDF-', type: { contentType: 'application/pdf', extension: 'pdf' } },
  { matches: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), type: { contentType: 'image/png', extension: 'png' } },
  { matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff, type: { contentType: 'image/jpeg', extension: 'jpg' } },
  { matches: (head) => head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP', type: { contentType: 'image/webp', extension: 'webp' } },
  { matches: (head) => /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1')), type: { contentType: 'image/gif', extension: 'gif' } },
  { matches: (head) => head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])), type: { contentType: 'application/zip', extension: 'zip' } },
];

/** The type of a file from its first 16 bytes; undefined when it is none the shop serves. */
export function fileTypeOf(head: Buffer): StoredFileType | undefined {
  return signatures.find((signature) => signature.matches(head))?.type;
}

/** A document is a PDF or a picture. */
export const documentTypes: readonly StoredFileType['contentType'][] = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** A downloadable product's file may also be a ZIP archive (software, e-books, image sets). */
export const downloadTypes: readonly StoredFileType['contentType'][] = [...documentTypes, 'application/zip'];
