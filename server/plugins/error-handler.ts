import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translatorFor } from '../i18n.ts';
import { defaultLocale, detectLocale, localeCookieName, type Locale } from '../../core/locale.ts';
import { AppError, isAppError } from '../errors.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { unavailablePage } from '../http/unavailable-page.ts';

// Fastify's own client errors, as message keys the shop translates.
const fastifyErrorKeys: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'error.invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'error.invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'error.payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'error.unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation.invalid',
  FST_ERR_VALIDATION: 'validation.invalid',
};

/** The request's language, also for errors raised before the request context exists. */
function localeOf(request: FastifyRequest): Locale {
  if (request.ctx) return request.ctx.locale;
  const header = request.headers['accept-language'];
  return detectLocale(request.cookies?.[localeCookieName], typeof header === 'string' ? header : undefined);
}

/** How long a client waits before it asks again while the shop is unavailable. */
const retryAfterSeconds = 5;

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (error.code === 'unavailable') reply.header('retry-after', retryAfterSeconds);
  // A person asking for a page gets a page, not the API's JSON.
  if (error.code === 'unavailable' && request.routeOptions.config?.page) {
    return reply.status(error.statusCode).type('text/html; charset=utf-8').send(unavailablePage(localeOf(request)));
  }
  const t = translatorFor(localeOf(request));
  return reply.status(error.statusCode).send({
    statusCode: error.statusCode,
    error: error.code,
    messageKey: error.messageKey,
    message: t(error.messageKey, error.params ?? {}),
    ...(error.field ? { field: error.field } : {}),
    ...(error.details !== undefined ? { details: error.details } : {}),
  });
}

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) return sendError(request, reply, error);
    // The database server restarts or is away: this request fails, a later one (on a new connection) won't.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(request, reply, new AppError('unavailable', 'error.unavailable'));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const key = fastifyErrorKeys[error.code] ?? 'validation.invalid';
      const code = status === 404 ? 'not_found' : 'bad_request';
      return reply.status(status).send({
        statusCode: status,
        error: code,
        messageKey: key,
        message: translatorFor(localeOf(request))(key),
      });
    }
    // Never let a stack trace or an internal message reach the client.
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, new AppError('internal', 'error.unknown'));
  });

  // Paths no route answers (and files the media folder lacks) get the shop's 404, not Fastify's, which echoes the path.
  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError('not_found', 'error.route_not_found')));
});

/**
 * Errors Fastify raises before any hook runs (an undecodable path parameter: FST_ERR_BAD_URL), in the
 * shop's format instead of Fastify's, which names its error code and echoes the path.
 */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, new AppError('bad_request', 'error.bad_url'));
}

/**
 * Requests Node's HTTP parser refuses (a raw NUL or invalid bytes in the request line, broken headers or
 * body lengths, oversized headers) never become a request: the answer is written to the socket, still in
 * the shop's format. No header could be read, so it is in the default language.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const messageKey = tooLarge ? 'error.headers_too_large' : 'error.bad_request';
  const body = JSON.stringify({ statusCode: status, error: 'bad_request', messageKey, message: translatorFor(defaultLocale)(messageKey) });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
