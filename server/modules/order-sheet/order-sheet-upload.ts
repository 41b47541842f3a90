import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { requireAccess } from '../access/access-policy.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { OrderSheetAnswer, OrderSheetService } from './order-sheet.service.ts';
import type { OrderSheetTarget } from './sheet-input.ts';
import { originOfUpload } from './template/sheet-origin.ts';
import type { SigningKeyRepository } from './template/signing-key.repository.ts';
import { readOrderSheetFile } from './xlsx/read-order-sheet-file.ts';
import type { SheetFileReader } from './xlsx/sheet-reader-pool.ts';

// An uploaded order-sheet file made an import (docs/product.md, Order sheets: files): read by the XLSX
// reader, then judged and kept like a paste. A file the reader refuses is a 400 naming `file` with the
// refusal's message (413 when it is too large); nothing is stored. A personalised sheet's keys are verified
// here, on the request thread, with the tenant's signing key (template/sheet-origin.ts).

export interface OrderSheetUploadDeps {
  orderSheet: Pick<OrderSheetService, 'createImport'>;
  settings: Pick<SettingsService, 'getConfiguration'>;
  reader: SheetFileReader;
  signingKeys: SigningKeyRepository;
}

export function createOrderSheetUpload(deps: OrderSheetUploadDeps) {
  return async function uploadImport(requestCtx: RequestContext, bytes: Uint8Array, target: OrderSheetTarget): Promise<OrderSheetAnswer> {
    const ctx = requireAccess(requestCtx, 'buyer');
    const configuration = await deps.settings.getConfiguration(ctx);
    const seasons = configuration.seasons.map((season) => ({ id: season._id, name: season.name }));
    const reading = await readOrderSheetFile(deps.reader, bytes, { target, seasons });
    if ('refusal' in reading) {
      const code = reading.refusal.messageKey === 'orderSheet.file.tooLarge' ? 'payload_too_large' : 'validation';
      throw new AppError(code, reading.refusal.messageKey, { field: 'file', ...(reading.refusal.params ? { params: reading.refusal.params } : {}) });
    }
    const { origin, rows } = originOfUpload(ctx, reading.keys, reading.rows, await deps.signingKeys.keyOf(ctx.tenant.id));
    return deps.orderSheet.createImport(ctx, { source: 'upload', target, rows, ...(reading.seasonIds ? { seasonIds: reading.seasonIds } : {}) }, origin);
  };
}
