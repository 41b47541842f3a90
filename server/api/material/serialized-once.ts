import type { FastifyReply } from 'fastify';
import { compressAnswer, preferredCoding, type ContentCoding } from '../../http/content-encoding.ts';

// The catalogue service hands out the same answer object to every request of one kind of viewer for
// a few seconds (see catalog.service.ts). A page of products is about 14 KB of JSON: serialising,
// encoding and writing it costs more than the rest of the request, so it is serialised once per
// answer object and, for clients that accept Brotli or gzip (every browser), compressed once per coding
// to about 2 KB, at the fastest level (a computed answer is compressed for one request only).
// Entries go with their answer object.
interface Encoded {
  json: Buffer;
  compressed: Partial<Record<ContentCoding, Buffer>>;
}

const encodedAnswers = new WeakMap<object, Encoded>();

export function sendSerializedOnce(reply: FastifyReply, answer: object): FastifyReply {
  let encoded = encodedAnswers.get(answer);
  if (encoded === undefined) {
    encoded = { json: Buffer.from(JSON.stringify(answer)), compressed: {} };
    encodedAnswers.set(answer, encoded);
  }
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const coding = preferredCoding(reply.request.headers['accept-encoding']);
  if (coding === null) return reply.send(encoded.json);
  const body = (encoded.compressed[coding] ??= compressAnswer(encoded.json, coding));
  return reply.header('content-encoding', coding).send(body);
}
