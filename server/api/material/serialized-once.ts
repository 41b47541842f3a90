import type { FastifyReply } from 'fastify';

// The catalogue service hands out the same answer object to every request of one kind of viewer for
// a few seconds (see catalog.service.ts); a page of products is tens of kilobytes of JSON, so it is
// serialised once per answer object instead of once per request. Entries go with their object.
const serialized = new WeakMap<object, string>();

export function sendSerializedOnce(reply: FastifyReply, answer: object): FastifyReply {
  let json = serialized.get(answer);
  if (json === undefined) {
    json = JSON.stringify(answer);
    serialized.set(answer, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
