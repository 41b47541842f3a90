// Who may call what: for every endpoint (method and route, as the app registers it: Fastify's route
// table for the API and the files it serves, React Router's manifest for pages) the status a plain
// request answers for each role (docs/product.md, Roles; docs/security.md):
//   - nobody signed in: 401 `error.unauthorized` on the API; pages redirect to /landing;
//   - the shared guest: whatever needs a full account (cart, wishlist, the account) answers 403
//     `error.login_required`; /detailed-cart, /wishlist and the account pages redirect to /;
//   - signed-in users are sent from /landing and /auth to /;
//   - signing out is a POST; GET /logout shows a page with the button.
// Entitlement comes before validation, so an entitled role may get 400 for an empty body, an
// unentitled one gets 401/403 whatever it sends.
//
// An entry is a status, `302 → /target` for a redirect, or `403 messageKey` when the message key
// matters. A route the app has and this table lacks fails the test, and so does a row the app no longer
// has; an API row must agree with the requirement its route declares (server/modules/access/api-access.ts)
// (entitlements.test.ts). `ANY` covers every method of a path.

export const tableRoles = ['none', 'guest', 'customer', 'customeradmin', 'customer2', 'sales', 'admin'] as const;

export type Expected = number | `${number} → ${string}` | `${number} ${string}`;

/** The endpoint and one expectation per role, in the order of `tableRoles`. */
export type TableRow = readonly [endpoint: string, none: Expected, guest: Expected, customer: Expected, customeradmin: Expected, customer2: Expected, sales: Expected, admin: Expected];

const login = '403 error.login_required';
const toLanding = '302 → /landing';
const toHome = '302 → /';
const noKey = '401 api.key.invalid';
const toDocs = '302 → /erp/docs/';
const unknownPath = '404 error.route_not_found';

// prettier-ignore
export const entitlementTable: readonly TableRow[] = [
  //  endpoint                                            none          guest       customer  custadmin customer2 sales     admin
  // Health checks: outside tenant and session.
  ['GET /healthz',                                       200,          200,        200,      200,      200,      200,      200],
  ['GET /readyz',                                        200,          200,        200,      200,      200,      200,      200],
  // Prometheus metrics: outside tenant and session, behind METRICS_TOKEN's bearer token; the hostile shop sets none,
  // so the path answers like an unknown one, whoever is signed in.
  ['GET /metrics',                                       unknownPath,  unknownPath, unknownPath, unknownPath, unknownPath, unknownPath, unknownPath],
  // Sign-in and what the landing and login screens read before anyone signs in.
  ['POST /api/login',                                    400,          400,        400,      400,      400,      400,      400],
  ['POST /api/logout',                                   401,          204,        204,      204,      204,      204,      204],
  ['GET /api/login/welcome',                             200,          200,        200,      200,      200,      200,      200],
  ['GET /api/configuration',                             200,          200,        200,      200,      200,      200,      200],
  ['POST /api/statistics/event',                         204,          204,        204,      204,      204,      204,      204],
  // The account.
  ['GET /api/user/currentUser',                          401,          200,        200,      200,      200,      200,      200],
  ['POST /api/user/changeCurrentUserPassword',           401,          login,      400,      400,      400,      400,      400],
  // Changing the own profile: an empty body changes nothing (200); the shared guest has no profile.
  ['POST /api/user/currentUser',                         401,          login,      200,      200,      200,      200,      200],
  // A request for a customer account needs no session (an empty body: 400, nothing stored).
  ['POST /api/user/requestAccount',                      400,          400,        400,      400,      400,      400,      400],
  // A message to the seller through the contact form needs no session either (an empty body: 400, nothing sent).
  ['POST /api/contact',                                  400,          400,        400,      400,      400,      400,      400],
  // Password reset by mail: no session needed, a session changes nothing (an empty body: 400, nothing sent or set).
  ['POST /api/user/sendResetPasswordEmail',              400,          400,        400,      400,      400,      400,      400],
  ['POST /api/user/resetPassword',                       400,          400,        400,      400,      400,      400,      400],
  // The company's users: customer admins only (entitlement before validation: an empty body is their 400).
  ['GET /api/user/companyUsers',                         401,          login,      '403 error.forbidden', 200, '403 error.forbidden', '403 error.forbidden', '403 error.forbidden'],
  ['POST /api/user/saveCompanyUser',                     401,          login,      '403 error.forbidden', 400, '403 error.forbidden', '403 error.forbidden', '403 error.forbidden'],
  ['POST /api/user/inviteCompanyUser',                   401,          login,      '403 error.forbidden', 400, '403 error.forbidden', '403 error.forbidden', '403 error.forbidden'],
  ['POST /api/user/sendCompanyUserPasswordReset',        401,          login,      '403 error.forbidden', 400, '403 error.forbidden', '403 error.forbidden', '403 error.forbidden'],
  // Sales persons: their customers and the switch (an empty body: 400, nothing switched); the audit trail of
  // what sales persons did for the company: its customer admins (and admins, who manage it like them).
  ['GET /api/user/salesPersonCustomers',                 401,          login,      '403 error.forbidden', '403 error.forbidden', '403 error.forbidden', 200, '403 error.forbidden'],
  ['POST /api/user/switchCustomerOfSalesPerson',         401,          login,      '403 error.forbidden', '403 error.forbidden', '403 error.forbidden', 400, '403 error.forbidden'],
  ['GET /api/user/companyActivity',                      401,          login,      '403 error.forbidden', 200, '403 error.forbidden', '403 error.forbidden', 200],
  // Reference data.
  ['GET /api/lookup',                                    401,          200,        200,      200,      200,      200,      200],
  ['GET /api/season',                                    401,          200,        200,      200,      200,      200,      200],
  ['GET /api/shippingType',                              401,          200,        200,      200,      200,      200,      200],
  ['GET /api/shippingType/countries',                    401,          200,        200,      200,      200,      200,      200],
  // Cart and wishlist: signed-in customers only, never the shared guest.
  ['GET /api/basket',                                    401,          login,      200,      200,      200,      200,      200],
  ['POST /api/basket',                                   401,          login,      200,      200,      200,      200,      200],
  ['GET /api/wishlist',                                  401,          login,      200,      200,      200,      200,      200],
  ['POST /api/wishlist',                                 401,          login,      200,      200,      200,      200,      200],
  // Stock alarms and notifications: full accounts, for the company they act for, where the shop allows
  // notifications (the demo shop does). An empty body is their 400.
  ['GET /api/alarm',                                     401,          login,      200,      200,      200,      200,      200],
  ['POST /api/alarm',                                    401,          login,      400,      400,      400,      400,      400],
  ['DELETE /api/alarm',                                  401,          login,      400,      400,      400,      400,      400],
  ['GET /api/notification',                              401,          login,      200,      200,      200,      200,      200],
  ['GET /api/notification/count',                        401,          login,      200,      200,      200,      200,      200],
  ['POST /api/notification/setViewed',                   401,          login,      400,      400,      400,      400,      400],
  ['DELETE /api/notification',                           401,          login,      400,      400,      400,      400,      400],
  // Product reviews: everyone signed in reads a product's; buyers of a company write them (an empty body: 400; a
  // review nobody has: 404), sales persons and admins are refused in the reviews' own words.
  ['GET /api/material/:id/reviews',                      401,          200,        200,      200,      200,      200,      200],
  ['POST /api/review',                                   401,          login,      400,      400,      400,      '403 review.submit_error', '403 review.submit_error'],
  ['PUT /api/review/:id',                                401,          login,      '404 review.not_found', '404 review.not_found', '404 review.not_found', '403 review.submit_error', '403 review.submit_error'],
  // Product documents: everyone signed in asks, the guest included (which documents each gets is the documents'
  // own rule); a document nobody has answers 404.
  ['GET /api/material/:id/documents',                    401,          200,        200,      200,      200,      200,      200],
  ['GET /api/product-document/:id',                      401,          '404 product_document.not_found', '404 product_document.not_found', '404 product_document.not_found', '404 product_document.not_found', '404 product_document.not_found', '404 product_document.not_found'],
  // Order sheets: buyers, never the shared guest, like the cart they end in. An empty paste is a 400; an import
  // id nobody has (or someone else's, or an expired one) answers 404.
  ['POST /api/orderSheet/paste',                         401,          login,      400,      400,      400,      400,      400],
  // The personalised order sheet (XLSX) of a category every buyer sees.
  ['GET /api/orderSheet/template',                       401,          login,      200,      200,      200,      200,      200],
  ['POST /api/orderSheet/upload',                        401,          login,      '415 orderSheet.upload.notMultipart', '415 orderSheet.upload.notMultipart', '415 orderSheet.upload.notMultipart', '415 orderSheet.upload.notMultipart', '415 orderSheet.upload.notMultipart'],
  ['GET /api/orderSheet/:importId',                      401,          login,      '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found'],
  ['GET /api/orderSheet/:importId/corrections',          401,          login,      '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found'],
  ['POST /api/orderSheet/:importId/rows/:line',          401,          login,      '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found'],
  ['POST /api/orderSheet/:importId/confirm',             401,          login,      '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found'],
  // Orders: the buyer's company only; placing one needs an Idempotency-Key (400 without one). The order
  // history is the account's (the guest has none); an order id nobody has answers 404.
  ['POST /api/order/create',                             401,          login,      400,      400,      400,      400,      400],
  ['GET /api/order',                                     401,          login,      200,      200,      200,      200,      200],
  ['GET /api/order/export',                              401,          login,      200,      200,      200,      200,      200],
  ['GET /api/order/:id',                                 401,          login,      '404 order.not_found', '404 order.not_found', '404 order.not_found', '404 order.not_found', '404 order.not_found'],
  ['POST /api/order/:id/reorder',                        401,          login,      '404 order.not_found', '404 order.not_found', '404 order.not_found', '404 order.not_found', '404 order.not_found'],
  // Documents as PDF: the order confirmation under the order's rule; invoices, credit notes and the statement
  // for those who see the company's finance (plain users only where the company shares it, else 403).
  ['GET /api/order/:id/document',                        401,          login,      '404 order.not_found', '404 order.not_found', '404 order.not_found', '404 order.not_found', '404 order.not_found'],
  ['GET /api/account/document/:id',                      401,          login,      '403 finance.not_shared', '404 document.not_found', '403 finance.not_shared', '404 document.not_found', '404 document.not_found'],
  ['GET /api/account/statement',                         401,          login,      '403 finance.not_shared', 200, '403 finance.not_shared', 200, 200],
  // Online payment: placing needs the key like order/create; retry and pay on account an order id.
  // The provider's webhook needs no session: its signature is the proof (400 without one).
  ['POST /api/payment/createOrder',                      401,          login,      400,      400,      400,      400,      400],
  ['POST /api/payment/retry',                            401,          login,      400,      400,      400,      400,      400],
  ['POST /api/payment/payOnAccount',                     401,          login,      400,      400,      400,      400,      400],
  ['POST /api/payment/webhook',                          '400 payment.webhook.signature', '400 payment.webhook.signature', '400 payment.webhook.signature', '400 payment.webhook.signature', '400 payment.webhook.signature', '400 payment.webhook.signature', '400 payment.webhook.signature'],
  // The company address book: buyers, never the shared guest. Plain requests: an empty body (400), an
  // id the company does not have (404, like another company's).
  ['GET /api/address',                                   401,          login,      200,      200,      200,      200,      200],
  ['POST /api/address',                                  401,          login,      400,      400,      400,      400,      400],
  ['PUT /api/address/:id',                               401,          login,      '404 address.not_found', '404 address.not_found', '404 address.not_found', '404 address.not_found', '404 address.not_found'],
  ['DELETE /api/address/:id',                            401,          login,      '404 address.not_found', '404 address.not_found', '404 address.not_found', '404 address.not_found', '404 address.not_found'],
  // The finance view: customer admins, sales persons and admins; plain customers only where the company
  // shares its invoices (no demo company does), the shared guest never.
  ['GET /api/account/list',                              401,          login,      '403 finance.not_shared', 200, '403 finance.not_shared', 200, 200],
  ['GET /api/account/list/export',                       401,          login,      '403 finance.not_shared', 200, '403 finance.not_shared', 200, 200],
  // Downloadable products: the files the company bought, for its users and those acting for it (none acting for
  // no company); a link that is no valid one answers like a file nobody has.
  ['GET /api/account/downloads',                         401,          login,      200,      200,      200,      200,      200],
  ['GET /api/download/:token',                           401,          login,      '404 download.not_found', '404 download.not_found', '404 download.not_found', '404 download.not_found', '404 download.not_found'],
  // The safety data sheets the company received: full accounts acting for a company (every demo role but the guest does).
  ['GET /api/account/safety-sheets',                     401,          login,      200,      200,      200,      200,      200],
  // The catalogue: everyone signed in, the guest included.
  ['GET /api/materialCategory',                          401,          200,        200,      200,      200,      200,      200],
  ['GET /api/material',                                  401,          200,        200,      200,      200,      200,      200],
  ['GET /api/material/listMaterialWithVariants',         401,          200,        200,      200,      200,      200,      200],
  ['GET /api/material/search',                           401,          200,        200,      200,      200,      200,      200],
  ['GET /api/material/searchHits',                       401,          200,        200,      200,      200,      200,      200],
  ['GET /api/material/getSimilarMaterials',              401,          200,        200,      200,      200,      200,      200],
  ['GET /api/material/mainMaterialImage',                401,          200,        200,      200,      200,      200,      200],
  ['GET /api/material/getFilterableAttributes',          401,          200,        200,      200,      200,      200,      200],
  ['GET /api/material/:id',                              401,          200,        200,      200,      200,      200,      200],
  ['GET /api/search/token',                              401,          200,        200,      200,      200,      200,      200],
  // Any other /api path.
  ['ANY /api/*',                                         404,          404,        404,      404,      404,      404,      404],
  // The ERP API: API clients only; a storefront session is no key, whatever its role (its own matrix of keys
  // and scopes: tests/hostile/erp-input.test.ts). Its OpenAPI document and reference page are public.
  ['GET /erp/v1/client',                                 noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/categories',                             noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/products',                               noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/documents/:externalId',                  noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/documents/:externalId/pdf',              noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['GET /erp/v1/events',                                 noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['POST /erp/v1/webhooks',                              noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['GET /erp/v1/webhooks',                               noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PATCH /erp/v1/webhooks/:id',                         noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['DELETE /erp/v1/webhooks/:id',                        noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['GET /erp/v1/webhooks/:id/deliveries',                noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['GET /erp/v1/orders/:orderNumber',                    noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['POST /erp/v1/orders/:orderNumber/ack',               noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/orders/:orderNumber/status',             noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/orders/:orderNumber/shipments/:externalId', noKey,   noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/companies',                              noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/users',                                  noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/addresses',                              noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/salesPersonAssignments',                 noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/prices',                                 noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/stock',                                  noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/seasons',                                noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['POST /erp/v1/jobs',                                  noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['GET /erp/v1/jobs/:id',                               noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['GET /erp/v1/jobs/:id/errors',                        noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['POST /erp/v1/jobs/:id/confirm',                      noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['GET /erp/v1/alarms/demand',                          noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['GET /erp/v1/reviews',                                noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/reviews/:id',                            noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/products/:sku/documents/:externalId',    noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/products/:sku/documents/:externalId/file', noKey,      noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['DELETE /erp/v1/products/:sku/documents/:externalId', noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/products/:sku/downloads/:externalId',    noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['PUT /erp/v1/products/:sku/downloads/:externalId/file', noKey,      noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['DELETE /erp/v1/products/:sku/downloads/:externalId', noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['GET /erp/v1/openapi.json',                           200,          200,        200,      200,      200,      200,      200],
  ['ANY /erp/v1/*',                                      noKey,        noKey,      noKey,    noKey,    noKey,    noKey,    noKey],
  ['GET /erp/docs',                                      200,          200,        200,      200,      200,      200,      200],
  ['GET /erp/docs/json',                                 200,          200,        200,      200,      200,      200,      200],
  ['GET /erp/docs/yaml',                                 200,          200,        200,      200,      200,      200,      200],
  ['GET /erp/docs/static/index.html',                    toDocs,       toDocs,     toDocs,   toDocs,   toDocs,   toDocs,   toDocs],
  ['GET /erp/docs/static/swagger-initializer.js',        200,          200,        200,      200,      200,      200,      200],
  ['GET /erp/docs/static/*',                             200,          200,        200,      200,      200,      200,      200],
  // Files: product images and downloads, and the build's scripts, styles and icons.
  ['GET /media/*',                                       200,          200,        200,      200,      200,      200,      200],
  ['GET /favicon.svg',                                   200,          200,        200,      200,      200,      200,      200],
  ['GET /assets/*',                                      200,          200,        200,      200,      200,      200,      200],
  // Pages (React Router manifest).
  ['GET /landing',                                       200,          toHome,     toHome,   toHome,   toHome,   toHome,   toHome],
  ['GET /auth',                                          200,          toHome,     toHome,   toHome,   toHome,   toHome,   toHome],
  ['POST /auth',                                         400,          toHome,     toHome,   toHome,   toHome,   toHome,   toHome],
  // The signup request page: like /auth, for people who are not signed in (an empty form: 400, the problems shown).
  ['GET /signup',                                        200,          toHome,     toHome,   toHome,   toHome,   toHome,   toHome],
  ['POST /signup',                                       400,          toHome,     toHome,   toHome,   toHome,   toHome,   toHome],
  // Asking for a reset link: like /auth (an empty form: 400, the problem shown). The page of the mails' link
  // opens for everyone, since a link must work wherever it is clicked: without a token it says the link does
  // not work (200); an empty form post is refused like an unknown token (422, nothing set).
  ['GET /forgot-password',                               200,          toHome,     toHome,   toHome,   toHome,   toHome,   toHome],
  ['POST /forgot-password',                              400,          toHome,     toHome,   toHome,   toHome,   toHome,   toHome],
  ['GET /reset',                                         200,          200,        200,      200,      200,      200,      200],
  ['POST /reset',                                        422,          422,        422,      422,      422,      422,      422],
  ['GET /maintenance',                                   toHome,       toHome,     toHome,   toHome,   toHome,   toHome,   toHome],
  ['GET /logout',                                        200,          200,        200,      200,      200,      200,      200],
  ['POST /logout',                                       toLanding,    toLanding,  toLanding, toLanding, toLanding, toLanding, toLanding],
  ['GET /locale',                                        toHome,       toHome,     toHome,   toHome,   toHome,   toHome,   toHome],
  ['POST /locale',                                       toHome,       toHome,     toHome,   toHome,   toHome,   toHome,   toHome],
  ['GET /',                                              toLanding,    200,        200,      200,      200,      200,      200],
  ['GET /content/:slug?',                                200,          200,        200,      200,      200,      200,      200],
  // The information pages: everyone, signed in or not.
  ['GET /static',                                        200,          200,        200,      200,      200,      200,      200],
  // The contact page: everyone, signed in or not (an empty form: 400, the problems shown, nothing sent).
  ['GET /static/contact-us',                             200,          200,        200,      200,      200,      200,      200],
  ['POST /static/contact-us',                            400,          400,        400,      400,      400,      400,      400],
  ['GET /category/:verboseCategory?',                    toLanding,    200,        200,      200,      200,      200,      200],
  ['GET /product/:verboseProduct?',                      toLanding,    200,        200,      200,      200,      200,      200],
  // The product page's review form: the buyers of a company (an empty form: 400, nothing stored); the guest needs
  // a full account, sales persons and admins are the seller's staff.
  ['POST /product/:verboseProduct?',                     toLanding,    403,        400,      400,      400,      403,      403],
  // A product document's file for the page's session, as the API answers it: a document nobody has is its 404;
  // a download only reads.
  ['GET /product-document/:id',                          toLanding,    '404 product_document.not_found', '404 product_document.not_found', '404 product_document.not_found', '404 product_document.not_found', '404 product_document.not_found', '404 product_document.not_found'],
  ['POST /product-document/:id',                         toLanding,    '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed'],
  ['GET /detailed-cart',                                 toLanding,    toHome,     200,      200,      200,      200,      200],
  ['GET /wishlist',                                      toLanding,    toHome,     200,      200,      200,      200,      200],
  // Stock notifications and alarms: buyers, where the shop allows notifications (the hostile shop does). A form
  // post without a known intent is refused (400), nothing changed.
  ['GET /alarm',                                         toLanding,    toHome,     200,      200,      200,      200,      200],
  ['POST /alarm',                                        toLanding,    toHome,     400,      400,      400,      400,      400],
  // Quick order: buyers only, like the carts. A form post without a known intent is refused (400), nothing made.
  ['GET /order-sheet',                                   toLanding,    toHome,     200,      200,      200,      200,      200],
  ['POST /order-sheet',                                  toLanding,    toHome,     400,      400,      400,      400,      400],
  // The corrections download of an import nobody has: 404 alike; a download only reads.
  ['GET /order-sheet/corrections',                       toLanding,    toHome,     '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found', '404 error.order_sheet_not_found'],
  ['POST /order-sheet/corrections',                      toLanding,    toHome,     '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed'],
  // The personalised order sheet as a download for the page's session (a post answers 405).
  ['GET /order-sheet/template',                          toLanding,    toHome,     200,      200,      200,      200,      200],
  ['POST /order-sheet/template',                         toLanding,    toHome,     '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed'],
  // Checkout: buyers only; a plain request has an empty order cart, so page and form post (refused, nothing
  // placed) go back to the cart. The thank-you page without a valid order id is the 404 page.
  ['GET /checkout',                                      toLanding,    toHome,     '302 → /detailed-cart?type=order', '302 → /detailed-cart?type=order', '302 → /detailed-cart?type=order', '302 → /detailed-cart?type=order', '302 → /detailed-cart?type=order'],
  ['POST /checkout',                                     toLanding,    toHome,     '302 → /detailed-cart?type=order', '302 → /detailed-cart?type=order', '302 → /detailed-cart?type=order', '302 → /detailed-cart?type=order', '302 → /detailed-cart?type=order'],
  ['GET /thank-you',                                     toLanding,    404,        404,      404,      404,      404,      404],
  ['GET /order-failed',                                  toLanding,    404,        404,      404,      404,      404,      404],
  ['POST /order-failed',                                 toLanding,    404,        404,      404,      404,      404,      404],
  ['GET /search',                                        toLanding,    200,        200,      200,      200,      200,      200],
  // The account area: signed-in users other than the guest. A form post without a known intent is refused (400).
  ['GET /my-account',                                    toLanding,    toHome,     200,      200,      200,      200,      200],
  ['POST /my-account',                                   toLanding,    toHome,     400,      400,      400,      400,      400],
  ['GET /my-account/addresses',                          toLanding,    toHome,     200,      200,      200,      200,      200],
  ['POST /my-account/addresses',                         toLanding,    toHome,     400,      400,      400,      400,      400],
  // A sales person's customers as a page (search and switch without JavaScript); everyone else gets the 403
  // page. A post without a customer id is refused (400).
  ['GET /my-account/customer-accounts',                  toLanding,    toHome,     403,      403,      403,      200,      403],
  ['POST /my-account/customer-accounts',                 toLanding,    toHome,     403,      403,      403,      400,      403],
  // The company's users: the page says who manages them (403) to everyone but customer admins; a post
  // without a known intent is refused (400).
  ['GET /my-account/users',                              toLanding,    toHome,     403,      200,      403,      403,      403],
  ['POST /my-account/users',                             toLanding,    toHome,     403,      400,      403,      403,      403],
  // The order history: the orders the user may see; an order nobody has is the 'Order not found' page, its
  // confirmation PDF the API's 404. The downloads answer in the API's error shape.
  ['GET /my-account/order-history',                      toLanding,    toHome,     200,      200,      200,      200,      200],
  ['GET /my-account/order-history/export',               toLanding,    toHome,     200,      200,      200,      200,      200],
  ['GET /my-account/order-history/:id',                  toLanding,    toHome,     404,      404,      404,      404,      404],
  ['POST /my-account/order-history/:id',                 toLanding,    toHome,     404,      404,      404,      404,      404],
  ['GET /my-account/order-history/:id/document',         toLanding,    toHome,     '404 order.not_found', '404 order.not_found', '404 order.not_found', '404 order.not_found', '404 order.not_found'],
  // The downloads only read: a post is refused in the shop's shape.
  ['POST /my-account/order-history/export',              toLanding,    toHome,     '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed'],
  ['POST /my-account/order-history/:id/document',        toLanding,    toHome,     '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed'],
  // The finance view: as GET /api/account/list. A plain customer of a company that keeps its invoices to its
  // admins gets the page that says so (403) and no download.
  ['GET /my-account/invoices',                           toLanding,    toHome,     403,      200,      403,      200,      200],
  ['GET /my-account/invoices/export',                    toLanding,    toHome,     '403 finance.not_shared', 200, '403 finance.not_shared', 200, 200],
  ['GET /my-account/invoices/statement',                 toLanding,    toHome,     '403 finance.not_shared', 200, '403 finance.not_shared', 200, 200],
  ['GET /my-account/invoices/:id/document',              toLanding,    toHome,     '403 finance.not_shared', '404 document.not_found', '403 finance.not_shared', '404 document.not_found', '404 document.not_found'],
  ['POST /my-account/invoices/export',                   toLanding,    toHome,     '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed'],
  ['POST /my-account/invoices/statement',                toLanding,    toHome,     '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed'],
  ['POST /my-account/invoices/:id/document',             toLanding,    toHome,     '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed'],
  // Downloadable products: the company's files as GET /api/account/downloads lists them, and a file behind a link
  // for the page's session as GET /api/download/{token} answers it (a link that is no valid one: its 404; a post: 405).
  ['GET /my-account/downloads',                          toLanding,    toHome,     200,      200,      200,      200,      200],
  ['GET /my-account/downloads/:token',                   toLanding,    toHome,     '404 download.not_found', '404 download.not_found', '404 download.not_found', '404 download.not_found', '404 download.not_found'],
  ['POST /my-account/downloads/:token',                  toLanding,    toHome,     '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed', '405 error.method_not_allowed'],
  ['GET /*',                                             toLanding,    404,        404,      404,      404,      404,      404],
];

/**
 * The plain request of a row, where "no parameters" would not reach the entitlement check or would
 * hide the answer behind validation. `{product}`, `{sku}`, `{category}`, `{categoryPath}` and `{content}`
 * are filled from the seeded catalogue. Rows not listed: path parameters get a sample, no query, and
 * writes an empty JSON body (API) or an empty form (pages).
 */
export const plainRequests: Record<string, { path?: string; query?: string; json?: unknown; form?: Record<string, string> }> = {
  'POST /api/login': { json: {} },
  'POST /api/statistics/event': { json: { type: 'page_view', data: { path: '/landing', user_agent: 'entitlement-table' } } },
  'POST /api/user/changeCurrentUserPassword': { json: {} },
  'POST /api/user/currentUser': { json: {} },
  'POST /api/user/requestAccount': { json: {} },
  'POST /api/contact': { json: {} },
  'POST /api/user/saveCompanyUser': { json: {} },
  'POST /api/user/inviteCompanyUser': { json: {} },
  'POST /api/user/sendCompanyUserPasswordReset': { json: {} },
  'POST /api/user/switchCustomerOfSalesPerson': { json: {} },
  // The profile page is the account area's index route: a post names it.
  'POST /my-account': { query: 'index', form: {} },
  'GET /api/lookup': { query: 'lookupName=paymentType' },
  'GET /api/account/list/export': { query: 'format=csv' },
  'POST /api/basket': { json: { items: [] } },
  'POST /api/wishlist': { json: { items: [] } },
  'POST /api/alarm': { json: {} },
  'DELETE /api/alarm': { json: {} },
  'POST /api/notification/setViewed': { json: {} },
  'DELETE /api/notification': { json: {} },
  'PUT /api/review/:id': { path: '/api/review/987654323', json: { rating: 4, title: 'Gut', text: 'Sehr gut.' } },
  'GET /api/product-document/:id': { path: '/api/product-document/987654323' },
  'PUT /api/address/:id': { path: '/api/address/987654323', json: { firstName: 'Erika', street: 'Hafenstraße 12', zipCode: '20457', city: 'Hamburg', country: 'DE' } },
  'DELETE /api/address/:id': { path: '/api/address/987654323' },
  'GET /api/order/export': { query: 'format=csv' },
  'GET /api/order/:id': { path: '/api/order/987654323' },
  'POST /api/order/:id/reorder': { path: '/api/order/987654323/reorder', json: {} },
  'GET /api/order/:id/document': { path: '/api/order/987654323/document' },
  'POST /api/orderSheet/paste': { json: {} },
  'GET /api/orderSheet/template': { query: 'scope=category&category={category}&type=order' },
  'GET /api/orderSheet/:importId': { path: '/api/orderSheet/AAAAAAAAAAAAAAAAAAAAAA' },
  'GET /api/orderSheet/:importId/corrections': { path: '/api/orderSheet/AAAAAAAAAAAAAAAAAAAAAA/corrections' },
  'POST /api/orderSheet/:importId/rows/:line': { path: '/api/orderSheet/AAAAAAAAAAAAAAAAAAAAAA/rows/1', json: { quantity: 2 } },
  'POST /api/orderSheet/:importId/confirm': { path: '/api/orderSheet/AAAAAAAAAAAAAAAAAAAAAA/confirm', json: { mode: 'set' } },
  'GET /api/account/document/:id': { path: '/api/account/document/987654323' },
  // A token of a link's form that nobody signed.
  'GET /api/download/:token': { path: `/api/download/${'A'.repeat(54)}` },
  'GET /api/material/search': { query: 'searchKey=schraube' },
  'GET /api/material/searchHits': { query: 'searchKey=schraube&ids={product}' },
  'GET /api/material/mainMaterialImage': { query: 'sku={sku}' },
  'GET /api/material/getFilterableAttributes': { query: 'category={category}' },
  'GET /api/material/:id': { path: '/api/material/{product}' },
  'ANY /api/*': { path: '/api/no-such-route' },
  'ANY /erp/v1/*': { path: '/erp/v1/no-such-route' },
  'GET /erp/docs/static/*': { path: '/erp/docs/static/swagger-ui.css' },
  'GET /media/*': { path: '/media/logo.svg' },
  'GET /my-account/order-history/export': { query: 'format=csv' },
  'GET /order-sheet/template': { query: 'scope=category&category={category}&type=order' },
  'GET /my-account/order-history/:id': { path: '/my-account/order-history/987654323' },
  'POST /my-account/order-history/:id': { path: '/my-account/order-history/987654323', form: { intent: 'reorder' } },
  'GET /my-account/order-history/:id/document': { path: '/my-account/order-history/987654323/document' },
  'GET /my-account/invoices/export': { query: 'format=csv' },
  'GET /my-account/invoices/:id/document': { path: '/my-account/invoices/987654323/document' },
  'GET /my-account/downloads/:token': { path: `/my-account/downloads/${'A'.repeat(54)}` },
  'POST /my-account/downloads/:token': { path: `/my-account/downloads/${'A'.repeat(54)}`, form: {} },
  'POST /auth': { form: {} },
  'POST /signup': { form: {} },
  'POST /static/contact-us': { form: {} },
  'POST /forgot-password': { form: {} },
  'POST /reset': { form: {} },
  'POST /api/user/sendResetPasswordEmail': { json: {} },
  'POST /api/user/resetPassword': { json: {} },
  'POST /logout': { form: {} },
  'POST /locale': { form: { locale: 'en' } },
  'GET /content/:slug?': { path: '/content/{content}' },
  'GET /category/:verboseCategory?': { path: '/category/{categoryPath}' },
  'GET /product/:verboseProduct?': { path: '/product/{product}', query: 'sku={sku}' },
  'POST /product/:verboseProduct?': { path: '/product/{product}', query: 'sku={sku}', form: { intent: 'review' } },
  'GET /product-document/:id': { path: '/product-document/987654323' },
  'POST /product-document/:id': { path: '/product-document/987654323', form: {} },
  'GET /*': { path: '/no-such-page' },
};
