import { gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { acceptsCoding } from '../../http/content-encoding.ts';

// The catalogue service hands out the same answer object to every request of one kind of viewer for
// a few seconds (see catalog.service.ts). A page of products is about 14 KB of JSON: serialising,
// encoding and writing it costs more than the rest of the request, so it is serialised once per
// answer object and, for clients that accept gzip (every browser), compressed once to about 2 KB.
// Entries go with their answer object.
interface Encoded {
  json: Buffer;
  gzip?: Buffer;
}

const encodedAnswers = new WeakMap<object, Encoded>();

export function sendSerializedOnce(reply: FastifyReply, answer: object): FastifyReply {
  let encoded = encodedAnswers.get(answer);
  if (encoded === undefined) {
    encoded = { json: Buffer.from(JSON.stringify(answer)) };
    encodedAnswers.set(answer, encoded);
  }
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (!acceptsCoding(reply.request.headers['accept-encoding'], 'gzip')) return reply.send(encoded.json);
  encoded.gzip ??= gzipSync(encoded.json);
  return reply.header('content-encoding', 'gzip').send(encoded.gzip);
}
