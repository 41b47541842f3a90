import { z } from 'zod';
import type { ErpRouteAccess } from './erp-api.ts';

// What every ERP route's documentation says without the route saying it: its operationId, and the refusals
// any ERP request may get (docs/erp-integration.md, "Answers and refusals"), in the shop's error shape.

export const errorAnswerSchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string().meta({ description: 'The kind of refusal: validation, unauthorized, forbidden, not_found, conflict, too_many_requests …' }),
    messageKey: z.string().meta({ description: 'What went wrong, as a key that never changes (`api.scope.missing`).' }),
    message: z.string().meta({ description: 'The same in words, in the language of Accept-Language.' }),
    field: z.string().optional().meta({ description: 'The input field at fault, where there is one.' }),
    details: z.unknown().optional().meta({ description: 'What the caller needs to put it right (the missing scope …).' }),
  })
  .meta({ id: 'ErrorAnswer', example: { statusCode: 403, error: 'forbidden', messageKey: 'api.scope.missing', message: 'The API client lacks the scope stock:write.', details: { scope: 'stock:write' } } });

/** `PUT /orders/:orderNumber/ack` → `putOrdersOrderNumberAck`: stable as long as the route is. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/erp\/v1\//, '')
    .split(/[/:]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** The refusals a route documents: a key's (401, 403, 429) and, where it reads input, a malformed one's (400). */
export function documentedRefusals(access: ErpRouteAccess, schema: { body?: unknown; querystring?: unknown; params?: unknown }): Record<number, z.ZodType> {
  if (access === 'public') return {};
  const refusals: Record<number, z.ZodType> = { 401: errorAnswerSchema, 429: errorAnswerSchema };
  if (access !== 'anyClient') refusals[403] = errorAnswerSchema;
  if (schema.body || schema.querystring || schema.params) refusals[400] = errorAnswerSchema;
  if (schema.params) refusals[404] = errorAnswerSchema;
  return refusals;
}
