import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordId } from '../../../core/record-id.ts';
import { maxAlarmQuantity, maxAlarms } from '../../../core/stock-alarms.ts';
import { requiredLine } from '../../http/field-schemas.ts';
import { parseInput } from '../../http/validation.ts';
import type { Services } from '../../services.ts';

// Stock alarms (docs/product.md, Stock alarms and notifications):
//   POST   /api/alarm  { name, domainId, domainReference, quantity? } → { data: Alarm } (the same _id again for the same product)
//   GET    /api/alarm                                                  → { data: Alarm[] } newest first
//   DELETE /api/alarm  { ids }                                         → { data: { deleted } } (others' ids count 0)

const saveAlarmBody = z.object({
  name: requiredLine(200),
  domainId: recordId,
  domainReference: requiredLine(64),
  quantity: z.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(maxAlarmQuantity, 'validation.too_large').optional(),
});

const idsBody = z.object({
  ids: z.array(recordId, { error: 'validation.invalid' }).min(1, 'validation.required').max(maxAlarms, 'validation.too_many_items'),
});

export default async function alarmRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post('/alarm', async (request) => {
    const body = parseInput(saveAlarmBody, request.body);
    return { data: await services.alarms.saveAlarm(request.ctx, body) };
  });

  app.get('/alarm', async (request) => {
    return { data: await services.alarms.listAlarms(request.ctx) };
  });

  app.delete('/alarm', async (request) => {
    const { ids } = parseInput(idsBody, request.body);
    return { data: await services.alarms.deleteAlarms(request.ctx, ids) };
  });
}
