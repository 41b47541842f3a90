import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.ts';
import { contactInputSchemaFor } from '../../modules/contact/contact-input.ts';
import type { Services } from '../../services.ts';

// A message to the seller through the contact form (docs/product.md, Contact form), without a session:
//   POST /api/contact  { subject, message, name?, email?, privacyAccepted: true }
//   → 200 { data: { status: 'sent' } }
// name and email are required of a visitor (and the shared guest); a signed-in full account writes as
// itself and what the body names is ignored. 400 naming the field (server/modules/contact/contact-input.ts),
// 403 'contact.unavailable', 429 'contact.too_many_requests' (server/modules/contact/contact.service.ts).
// The copy to the sender is in the request's language (cookie, then browser).

export default async function contactRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post('/contact', async (request) => {
    const input = parseInput(contactInputSchemaFor(request.ctx), request.body);
    const { status } = await services.contact.send(request.ctx, input, request.ip);
    return { data: { status } };
  });
}
