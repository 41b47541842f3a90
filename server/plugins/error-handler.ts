import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translatorFor } from '../i18n.ts';
import { defaultLocale } from '../../core/locale.ts';
import { AppError, isAppError } from '../errors.ts';

// Fastify's own client errors, as message keys the shop translates.
const fastifyErrorKeys: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'error.invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'error.invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'error.payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'error.unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation.invalid',
  FST_ERR_VALIDATION: 'validation.invalid',
};

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const t = translatorFor(request.ctx?.locale ?? defaultLocale);
  return reply.status(error.statusCode).send({
    statusCode: error.statusCode,
    error: error.code,
    messageKey: error.messageKey,
    message: t(error.messageKey, error.params ?? {}),
    ...(error.field ? { field: error.field } : {}),
  });
}

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) return sendError(request, reply, error);
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const key = fastifyErrorKeys[error.code] ?? 'validation.invalid';
      const code = status === 404 ? 'not_found' : 'bad_request';
      return reply.status(status).send({
        statusCode: status,
        error: code,
        messageKey: key,
        message: translatorFor(request.ctx?.locale ?? defaultLocale)(key),
      });
    }
    // Never let a stack trace or an internal message reach the client.
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, new AppError('internal', 'error.unknown'));
  });
});
