import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translatorFor } from '../../i18n.ts';
import { addressRowSchema } from '../../modules/erp-customers/address-row.ts';
import { companyRowSchema } from '../../modules/erp-customers/company-row.ts';
import { salesAssignmentRowSchema } from '../../modules/erp-customers/sales-assignment-row.ts';
import { userRowSchema } from '../../modules/erp-customers/user-row.ts';
import { rowsBody, upsertAnswer, upsertAnswerSchema } from '../../modules/erp/row-results.ts';
import type { Services } from '../../services.ts';

// The customer data the ERP loads (scope customers:write): companies, their users and addresses, and the
// companies each sales person serves. Each is its own request, in this order when a load starts from nothing:
// a row names only records stored before its request (docs/erp-integration.md).

const tags = ['Customers'];
const order = 'Rows refer to records by the ERP’s keys; those must be stored by an earlier request (companies first, then users and addresses, then the sales persons’ assignments).';

export default async function customerRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { erpScope: 'customers:write' } as const;
  const response = { 200: upsertAnswerSchema };

  routes.put(
    '/companies',
    {
      config,
      schema: {
        tags,
        summary: 'Create or change customer companies',
        description: `Keyed by customer number. Every field is written as sent. A company set inactive is blocked: its users still sign in, but nobody orders for it. ${order}`,
        body: rowsBody(companyRowSchema),
        response,
      },
    },
    async (request) => upsertAnswer(await services.erpCompanies.upsert(request.erp, request.body), translatorFor(request.ctx.locale)),
  );

  routes.put(
    '/users',
    {
      config,
      schema: {
        tags,
        summary: 'Create or change user accounts',
        description: `Keyed by external id. A new user gets the invitation mail with a link to set a password (valid 7 days) unless inactive or locked; locking or deactivating a user ends their sessions at once. A username another user holds (any case) fails the row. ${order}`,
        body: rowsBody(userRowSchema),
        response,
      },
    },
    async (request) => upsertAnswer(await services.erpUsers.upsert(request.erp, request.body), translatorFor(request.ctx.locale)),
  );

  routes.put(
    '/addresses',
    {
      config,
      schema: {
        tags,
        summary: 'Create or change addresses of the companies’ address books',
        description: `Keyed by external id. One default per company and type; at most 200 addresses per company. ${order}`,
        body: rowsBody(addressRowSchema),
        response,
      },
    },
    async (request) => upsertAnswer(await services.erpAddresses.upsert(request.erp, request.body), translatorFor(request.ctx.locale)),
  );

  routes.put(
    '/salesPersonAssignments',
    {
      config,
      schema: {
        tags,
        summary: 'Set the companies each sales person serves',
        description: `One row per sales person with the full set of companies; it replaces the stored set. A sales person acting for a company taken away is out of it at once. ${order}`,
        body: rowsBody(salesAssignmentRowSchema),
        response,
      },
    },
    async (request) => upsertAnswer(await services.erpSalesAssignments.upsert(request.erp, request.body), translatorFor(request.ctx.locale)),
  );
}
