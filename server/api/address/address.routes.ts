import type { FastifyInstance } from 'fastify';
import { pathRecordId } from '../../http/url-record-id.ts';
import { parseInput } from '../../http/validation.ts';
import { addressInputSchema } from '../../modules/addresses/address-input.ts';
import type { Services } from '../../services.ts';

// The company address book (rules in server/modules/addresses/address.service.ts):
//   GET    /api/address        → { data: Address[] }
//   POST   /api/address        → 201 { data: Address }
//   PUT    /api/address/{id}   → { data: Address }
//   DELETE /api/address/{id}   → 204
// Who may call comes first (401 without a session, 403 for the guest and for blocked users), then the
// input. An id that is not one of the company's addresses, malformed ones included, answers 404
// 'address.not_found' whatever it is.

export default async function addressRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/address', async (request) => {
    return services.addresses.list(request.ctx);
  });

  app.post('/address', async (request, reply) => {
    await services.addresses.checkMayAdd(request.ctx);
    const input = parseInput(addressInputSchema, request.body);
    const data = await services.addresses.create(request.ctx, input);
    return reply.code(201).send({ data });
  });

  app.put('/address/:id', async (request) => {
    await services.addresses.checkMayChange(request.ctx);
    const input = parseInput(addressInputSchema, request.body);
    const id = pathRecordId(request.params, 'address.not_found');
    return { data: await services.addresses.update(request.ctx, id, input) };
  });

  app.delete('/address/:id', async (request, reply) => {
    const id = pathRecordId(request.params, 'address.not_found');
    await services.addresses.remove(request.ctx, id);
    return reply.code(204).send();
  });
}
