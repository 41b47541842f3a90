import type { FastifyRequest } from 'fastify';

// The request log line without secrets carried in URLs: the single-use link of a password reset or an
// invitation (/reset?token=…) must not outlive its mail in the log. Otherwise the fields of
// Fastify's own request serializer.

const secretParameters = /([?&](?:token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretParameters, '$1[redacted]');
}

export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
