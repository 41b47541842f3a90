import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountListPageSize, pagingShape } from '../../../core/list-page.ts';
import { recordId } from '../../../core/record-id.ts';
import { parseInput } from '../../http/validation.ts';
import type { Services } from '../../services.ts';

// Sales persons acting for their customers (docs/product.md, Sales persons; ADR 0015):
//   GET  /api/user/salesPersonCustomers?search=    → { data: [{ id, translatedName, customerNo, name }] }, at
//        most 50 of the companies the sales person serves whose customer number or name matches (any
//        case, umlauts typed as ä or ae); an empty search lists the first 50 by name. Sales persons only.
//   POST /api/user/switchCustomerOfSalesPerson { customerId } → { company: { _id, name, customerNo } }: the
//        session acts for that company from the next request on (prices, VAT country, cart, wishlist,
//        addresses, orders, finance), recorded in the company's audit trail. A company the sales person
//        does not serve, of another tenant or unknown: 403 'sales_person.customer.not_served'.
//   GET  /api/user/companyActivity?page=&pageSize= → { data: [{ _id, at, salesPerson: { _id, name }, action,
//        detail }], meta: { page, pageSize, hasMore } }: what sales persons did for the company, newest
//        first; customer admins (and admins) of the company only.

/** Longer than any name or customer number; a longer search is a mistake, not a search. */
const maxSearchLength = 100;

const customersQuery = z.object({
  search: z
    .string()
    .max(maxSearchLength)
    .optional()
    .transform((value) => value ?? ''),
});
const switchBody = z.object({ customerId: recordId });
const activityQuery = z.object(pagingShape(accountListPageSize));

export default async function salesPersonRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Entitlement before validation: someone not entitled gets 403 whatever they send.
  app.get('/user/salesPersonCustomers', async (request) => {
    const { ctx } = request;
    const { search } = parseInput(customersQuery, request.query);
    return services.salesPersons.searchCustomers(ctx, search);
  });

  app.post('/user/switchCustomerOfSalesPerson', async (request) => {
    const { ctx } = request;
    const { customerId } = parseInput(switchBody, request.body);
    return services.salesPersons.switchCustomer(ctx, customerId);
  });

  app.get('/user/companyActivity', async (request) => {
    const { ctx } = request;
    const page = parseInput(activityQuery, request.query);
    return services.salesPersons.companyActivity(ctx, page);
  });
}
