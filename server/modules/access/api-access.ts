import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.ts';
import { refusalOf, type Requirement } from './access-policy.ts';

// What each API route requires of its caller, in one table: the hook below refuses a caller who does
// not meet it before the route reads any input (entitlement before validation), and the entitlement
// table's test reads it (tests/hostile/entitlements.test.ts). A route missing here stops the app at
// start: no API route answers without a stated requirement. Services check again (access-policy.ts),
// so the pages, which call them in process, are held to the same rules.

/** The requirement of every API route, keyed `METHOD path` as Fastify registers it (`ANY` for every method). */
export const apiRequirements: Readonly<Record<string, Requirement>> = {
  // Signing in and what the landing and login screens read before anyone signs in.
  'POST /api/login': 'public',
  'POST /api/logout': 'signedIn',
  'GET /api/login/welcome': 'public',
  'GET /api/configuration': 'public',
  'POST /api/statistics/event': 'public',
  'POST /api/user/requestAccount': 'public',
  'POST /api/contact': 'public',
  'POST /api/user/sendResetPasswordEmail': 'public',
  'POST /api/user/resetPassword': 'public',
  // The provider's webhook: its signature is the proof, not a session.
  'POST /api/payment/webhook': 'public',
  // Any other /api path answers 404 to everyone.
  'ANY /api': 'public',
  'ANY /api/': 'public',
  'ANY /api/*': 'public',

  'GET /api/user/currentUser': 'signedIn',
  'POST /api/user/currentUser': 'accountUser',
  'POST /api/user/changeCurrentUserPassword': 'accountUser',

  'GET /api/user/companyUsers': 'customerAdmin',
  'POST /api/user/saveCompanyUser': 'customerAdmin',
  'POST /api/user/inviteCompanyUser': 'customerAdmin',
  'POST /api/user/sendCompanyUserPasswordReset': 'customerAdmin',

  'GET /api/user/salesPersonCustomers': 'salesPerson',
  'POST /api/user/switchCustomerOfSalesPerson': 'salesPerson',
  'GET /api/user/companyActivity': 'companyActivityReader',

  // Reference data and the catalogue: everyone signed in, the shared guest included.
  'GET /api/lookup': 'signedIn',
  'GET /api/season': 'signedIn',
  'GET /api/shippingType': 'signedIn',
  'GET /api/shippingType/countries': 'signedIn',
  'GET /api/materialCategory': 'signedIn',
  'GET /api/material': 'signedIn',
  'GET /api/material/listMaterialWithVariants': 'signedIn',
  'GET /api/material/search': 'signedIn',
  'GET /api/material/searchHits': 'signedIn',
  'GET /api/material/getSimilarMaterials': 'signedIn',
  'GET /api/material/mainMaterialImage': 'signedIn',
  'GET /api/material/getFilterableAttributes': 'signedIn',
  'GET /api/material/:id': 'signedIn',
  'GET /api/search/token': 'signedIn',

  'GET /api/basket': 'buyer',
  'POST /api/basket': 'buyer',
  'GET /api/wishlist': 'buyer',
  'POST /api/wishlist': 'buyer',
  // Stock alarms and notifications: where the shop allows them, for the company the caller acts for.
  'GET /api/alarm': 'notificationUser',
  'POST /api/alarm': 'notificationUser',
  'DELETE /api/alarm': 'notificationUser',
  'GET /api/notification': 'notificationUser',
  'GET /api/notification/count': 'notificationUser',
  'POST /api/notification/setViewed': 'notificationUser',
  'DELETE /api/notification': 'notificationUser',
  // Product reviews: everyone signed in reads them; writing is for the buyers of a company (reviewers.ts
  // refuses sales persons and admins in the reviews' own words).
  'GET /api/material/:id/reviews': 'signedIn',
  'POST /api/review': 'buyer',
  'PUT /api/review/:id': 'buyer',
  // Product documents: everyone signed in asks; product-documents.ts decides which documents each reader gets.
  'GET /api/material/:id/documents': 'signedIn',
  'GET /api/product-document/:id': 'signedIn',
  'GET /api/address': 'buyer',
  'POST /api/address': 'buyer',
  'PUT /api/address/:id': 'buyer',
  'DELETE /api/address/:id': 'buyer',
  'POST /api/order/create': 'buyer',
  'POST /api/payment/createOrder': 'buyer',
  'POST /api/payment/retry': 'buyer',
  'POST /api/payment/payOnAccount': 'buyer',
  // Order sheets: a buyer's, like the cart they end in.
  'POST /api/orderSheet/paste': 'buyer',
  'POST /api/orderSheet/upload': 'buyer',
  'GET /api/orderSheet/template': 'buyer',
  'GET /api/orderSheet/:importId': 'buyer',
  'GET /api/orderSheet/:importId/corrections': 'buyer',
  'POST /api/orderSheet/:importId/rows/:line': 'buyer',
  'POST /api/orderSheet/:importId/confirm': 'buyer',

  'GET /api/order': 'accountUser',
  'GET /api/order/export': 'accountUser',
  'GET /api/order/:id': 'accountUser',
  'POST /api/order/:id/reorder': 'accountUser',
  'GET /api/order/:id/document': 'accountUser',

  'GET /api/account/list': 'financeReader',
  'GET /api/account/list/export': 'financeReader',
  'GET /api/account/document/:id': 'financeReader',
  'GET /api/account/statement': 'financeReader',
  // The safety data sheets the company received: full accounts acting for it (safety-sheet-readers.ts).
  'GET /api/account/safety-sheets': 'accountUser',
  // Downloadable products: the company's buyers and those acting for it (product-downloads.ts decides which files).
  'GET /api/account/downloads': 'accountUser',
  'GET /api/download/:token': 'accountUser',
};

/** A route's requirement; HEAD is answered by its GET route and asks what GET asks. */
export function apiRequirementOf(method: string, url: string): Requirement | undefined {
  const asked = method === 'HEAD' ? 'GET' : method;
  return apiRequirements[`${asked} ${url}`] ?? apiRequirements[`ANY ${url}`];
}

/** Registered around the API routes: refuses a route without a requirement at start, a caller without the requirement at request. */
export default fp(
  async function apiAccess(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (!apiRequirementOf(method, route.url)) throw new Error(`${method} ${route.url} has no access requirement in server/modules/access/api-access.ts`);
      }
    });
    app.addHook('onRequest', async (request) => {
      const requirement = apiRequirementOf(request.method, request.routeOptions.url ?? '');
      // Every route has one (checked at start); a request no route matched is the API's 404 whoever asks.
      if (!requirement) throw new AppError('not_found', 'error.route_not_found');
      const refusal = refusalOf(request.ctx.identity, requirement);
      if (refusal) throw refusal;
    });
  },
  { name: 'api-access', dependencies: ['request-context'] },
);
