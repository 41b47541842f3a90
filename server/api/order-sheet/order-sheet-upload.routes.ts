import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orderSheetMaxFileBytes, orderSheetMaxUploadBodyBytes } from '../../../core/order-sheet-limits.ts';
import { AppError, isAppError } from '../../errors.ts';
import type { OrderSheetTarget } from '../../modules/order-sheet/sheet-input.ts';
import { parseInput } from '../../http/validation.ts';
import type { Services } from '../../services.ts';
import { uploadHeaders } from './order-sheet-input.ts';

// POST /api/orderSheet/upload (docs/product.md, Order sheets: files): multipart/form-data with one file
// field `file` and a field `target` ('order' | 'preOrder'); answers the import as the paste does. Multipart
// is registered in this plugin's scope only, so no other route reads it. Limits: a body of 10 MB and 64 KB
// (by its Content-Length, before it is read: what lies outside the parts is never counted by the parser),
// one file of 10 MB, the two fields, short field values; beyond them a 400 or 413 with a message key, and
// nothing is stored.

const uploadLimits = { fileSize: orderSheetMaxFileBytes, files: 1, fields: 1, parts: 2, fieldNameSize: 20, fieldSize: 20, headerPairs: 10 };

// @fastify/multipart's errors (by code) as the shop's message keys.
const multipartErrors: Record<string, [AppError['code'], string]> = {
  FST_REQ_FILE_TOO_LARGE: ['payload_too_large', 'orderSheet.file.tooLarge'],
  FST_FILES_LIMIT: ['validation', 'orderSheet.upload.oneFile'],
  FST_FIELDS_LIMIT: ['validation', 'orderSheet.upload.tooManyFields'],
  FST_PARTS_LIMIT: ['validation', 'orderSheet.upload.tooManyFields'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['unsupported_media_type', 'orderSheet.upload.notMultipart'],
};

export default async function orderSheetUploadRoutes(app: FastifyInstance, { services }: { services: Services }) {
  await app.register(fastifyMultipart, { limits: uploadLimits, throwFileSizeLimit: true });

  app.post('/orderSheet/upload', async (request) => {
    const { bytes, target } = await readUpload(request);
    // The reader's thread is the services' one, shared with the page's upload form (server/services.ts).
    return services.orderSheetUpload.uploadImport(request.ctx, bytes, target);
  });
}

const tooLarge = () => new AppError('payload_too_large', 'orderSheet.file.tooLarge', { field: 'file', params: { maxMb: orderSheetMaxFileBytes / 1024 / 1024 } });

async function readUpload(request: FastifyRequest): Promise<{ bytes: Uint8Array; target: OrderSheetTarget }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'orderSheet.upload.notMultipart');
  const announced = parseInput(uploadHeaders, request.headers)['content-length'];
  if (announced !== undefined && announced > orderSheetMaxUploadBodyBytes) throw tooLarge();
  let bytes: Uint8Array | undefined;
  let target: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new AppError('validation', 'validation.unknown_field', { field: part.fieldname.slice(0, 20) });
        bytes = await part.toBuffer();
      } else {
        if (part.fieldname !== 'target') throw new AppError('validation', 'validation.unknown_field', { field: part.fieldname.slice(0, 20) });
        target = typeof part.value === 'string' ? part.value : undefined;
      }
    }
  } catch (error) {
    if (isAppError(error)) throw error;
    const known = multipartErrors[(error as { code?: string }).code ?? ''];
    const [code, messageKey] = known ?? ['validation', 'orderSheet.upload.malformed'];
    throw messageKey === 'orderSheet.file.tooLarge' ? tooLarge() : new AppError(code, messageKey);
  }
  if (target === undefined) throw new AppError('validation', 'validation.required', { field: 'target' });
  if (target !== 'order' && target !== 'preOrder') throw new AppError('validation', 'validation.invalid', { field: 'target' });
  if (!bytes) throw new AppError('validation', 'validation.required', { field: 'file' });
  return { bytes, target };
}
