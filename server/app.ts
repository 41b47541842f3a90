import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import accountRoutes from './api/account/account.routes.ts';
import safetySheetRoutes from './api/account/safety-sheets.routes.ts';
import addressRoutes from './api/address/address.routes.ts';
import basketRoutes from './api/basket/basket.routes.ts';
import configurationRoutes from './api/configuration/configuration.routes.ts';
import contactRoutes from './api/contact/contact.routes.ts';
import documentRoutes from './api/documents/document.routes.ts';
import downloadRoutes from './api/download/download.routes.ts';
import healthRoutes from './api/health/health.routes.ts';
import loginRoutes from './api/login/login.routes.ts';
import materialCategoryRoutes from './api/material/material-category.routes.ts';
import materialRoutes from './api/material/material.routes.ts';
import lookupRoutes from './api/lookup/lookup.routes.ts';
import orderRoutes from './api/order/order.routes.ts';
import orderSheetRoutes from './api/order-sheet/order-sheet.routes.ts';
import orderSheetUploadRoutes from './api/order-sheet/order-sheet-upload.routes.ts';
import paymentRoutes from './api/payment/payment.routes.ts';
import searchTokenRoutes from './api/search/search-token.routes.ts';
import seasonRoutes from './api/season/season.routes.ts';
import shippingTypeRoutes from './api/shipping/shipping-type.routes.ts';
import signupRoutes from './api/signup/signup.routes.ts';
import statisticsRoutes from './api/statistics/statistics.routes.ts';
import userRoutes from './api/user/user.routes.ts';
import companyUserRoutes from './api/user/company-users.routes.ts';
import salesPersonRoutes from './api/user/sales-person.routes.ts';
import passwordResetRoutes from './api/user/password-reset.routes.ts';
import wishlistRoutes from './api/wishlist/wishlist.routes.ts';
import alarmRoutes from './api/alarm/alarm.routes.ts';
import reviewRoutes from './api/review/review.routes.ts';
import productDocumentRoutes from './api/product-document/product-document.routes.ts';
import notificationRoutes from './api/notification/notification.routes.ts';
import erpCatalogRoutes from './erp/catalog/catalog.routes.ts';
import erpClientRoutes from './erp/client/client.routes.ts';
import erpDocumentRoutes from './erp/documents/documents.routes.ts';
import erpEventRoutes from './erp/events/events.routes.ts';
import erpOrderRoutes from './erp/orders/orders.routes.ts';
import erpCustomerRoutes from './erp/customers/customers.routes.ts';
import erpPriceRoutes from './erp/prices/prices.routes.ts';
import erpSeasonRoutes from './erp/seasons/seasons.routes.ts';
import erpWebhookRoutes from './erp/webhooks/webhook.routes.ts';
import erpStockRoutes from './erp/stock/stock.routes.ts';
import erpJobRoutes from './erp/jobs/jobs.routes.ts';
import erpAlarmRoutes from './erp/alarms/alarms.routes.ts';
import erpReviewRoutes from './erp/reviews/reviews.routes.ts';
import erpProductFileRoutes from './erp/product-files/product-files.routes.ts';
import { erpApi } from './erp/erp-api.ts';
import { erpApiPrefix, registerErpOpenApi } from './erp/erp-openapi.ts';
import type { Config } from './config.ts';
import type { Database, PoolUsage } from './db/database.ts';
import { AppError } from './errors.ts';
import errorHandler, { clientErrorHandler, frameworkErrors } from './plugins/error-handler.ts';
import reactRouterPlugin from './plugins/react-router.ts';
import requestContext from './plugins/request-context.ts';
import requestNormalisation from './plugins/request-normalisation.ts';
import apiAccess from './modules/access/api-access.ts';
import securityHeaders from './plugins/security-headers.ts';
import metricsRoute from './plugins/metrics.ts';
import { createShopMetrics } from './modules/metrics/shop-metrics.ts';
import { createServices, type Services } from './services.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { requestLogSerializer } from './lib/log-redaction.ts';
import { installGracefulStop, type GracefulStop } from './lib/graceful-stop.ts';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Serve pages too (the API test suite leaves them out). */
  pages?: false | { dev: boolean };
  /** The time the services read: the system's, or a test's clock it moves on. */
  clock?: Clock;
  /** The PostgreSQL pool's usage (DatabaseHandle.poolUsage), shown by /metrics; SQLite has none. */
  poolUsage?: () => PoolUsage;
}

/** One method and path the server answers (as registered, with Fastify's `:param` and `*` syntax). */
export interface RouteEntry {
  method: string;
  url: string;
  /** What an /erp/v1 route needs of its caller (server/erp/erp-api.ts): the hostile suite's key matrix reads it. */
  erpScope?: string;
}

export interface ShopApp {
  app: FastifyInstance;
  services: Services;
  /** Every route the app registered: the hostile-input suite and the entitlement table read it. */
  routes: readonly RouteEntry[];
  /** Draining and closing on a stop signal (main.ts hands it to stopOnSignals). */
  gracefulStop: GracefulStop;
}

// Plugin order matters: cookies and security headers first, then the request context (tenant,
// language, identity) every route relies on, then the API, then the pages as the catch-all.
export async function buildApp(options: BuildAppOptions): Promise<ShopApp> {
  const { config, db } = options;
  const app = Fastify({
    // The request serializer keeps the single-use links' tokens out of the log (server/lib/log-redaction.ts).
    logger: { level: config.logLevel, serializers: { req: requestLogSerializer } },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  });
  // First of all hooks, so a request counts as in flight while any other hook still works on it.
  const gracefulStop = installGracefulStop(app, { drainMs: config.shutdown.drainMs });
  const clock = options.clock ?? systemClock;
  const services = createServices(db, config, app.log, clock);
  // The buyers' load the import steps aside for (server/lib/storefront-load.ts): every request but the
  // ERP's own, from its start until its answer is sent or its client left ('close' comes either way).
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(`${erpApiPrefix}/`)) return;
    reply.raw.once('close', services.erpJobRunner.storefrontRequestStarted());
  });
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const erpScope = route.config?.erpScope;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, ...(erpScope ? { erpScope } : {}) });
  });

  // The external search engine's index follows the catalogue while the app runs (ADR 0009); a shop
  // without an engine tells the database to stop noting changes for one.
  const engineSync = services.searchEngine.sync;
  app.addHook('onReady', async () => {
    if (engineSync) engineSync.start();
    else await services.engineDocuments.stopNoting();
  });
  app.addHook('onClose', async () => {
    await engineSync?.stop();
  });
  // The mail outbox is drained by every app process; MAIL_WORKER=off leaves it to others
  // (tests drive it with services.mailWorker.drainOnce()).
  app.addHook('onReady', async () => {
    if (config.mailWorker.enabled) services.mailWorker.start();
  });
  app.addHook('onClose', async () => {
    await services.mailWorker.stop();
  });
  // Stock alarms are judged by every app process (a claim per check; ADR 0027), on its load jobs' thread when it
  // has one (which starts and stops the worker with itself); ALARM_WORKER=off leaves them to others (tests
  // drive it with services.alarmFiring.runNow()).
  app.addHook('onReady', async () => {
    if (config.alarmWorker.enabled) services.alarmFiring.start();
  });
  app.addHook('onClose', async () => {
    await services.alarmFiring.stop();
  });
  // The order-sheet reader's and writer's worker threads, if a file started them.
  app.addHook('onClose', async () => {
    await services.orderSheetThreads.close();
  });
  // Online orders not paid in time are cancelled by every app process (the guarded update lets one win).
  app.addHook('onReady', async () => {
    if (config.payment.sweepEnabled) services.paymentTimeout.start();
  });
  app.addHook('onClose', async () => {
    await services.paymentTimeout.stop();
  });
  // Committed ERP events get their seqs from every app process (one round at a time per tenant: ADR 0021).
  app.addHook('onReady', async () => {
    if (config.erpEvents.sequencerEnabled) services.erpEventSequencer.start();
  });
  app.addHook('onClose', async () => {
    await services.erpEventSequencer.stop();
  });
  // Sequenced ERP events are pushed to the webhook endpoints by every app process (a lease per endpoint).
  app.addHook('onReady', async () => {
    if (config.webhooks.workerEnabled) services.webhookWorker.start();
  });
  app.addHook('onClose', async () => {
    await services.webhookWorker.stop();
  });
  // Load jobs are run by every app process (a worker thread each by default; a job is claimed by one).
  app.addHook('onReady', async () => {
    services.erpJobRunner.start();
  });
  app.addHook('onClose', async () => {
    await services.erpJobRunner.stop();
  });
  // Expired sessions, throttle counters and password links are deleted by every app process (idempotent).
  app.addHook('onReady', async () => {
    if (config.housekeeping.enabled) services.housekeeping.start();
  });
  app.addHook('onClose', async () => {
    await services.housekeeping.stop();
  });

  await app.register(fastifyCookie);
  await app.register(securityHeaders, {
    enforceCsp: !(options.pages && options.pages.dev),
    connectSources: config.searchEngine ? [new URL(config.searchEngine.publicUrl).origin] : [],
    formTargets: config.payment.stripe ? [config.payment.stripe.checkoutOrigin] : [],
  });
  await app.register(errorHandler);
  await app.register(requestNormalisation);
  await app.register(healthRoutes, { db, isDraining: () => gracefulStop.draining });
  // GET /metrics (METRICS_TOKEN): its hook measures every request, its route sits before the pages' catch-all.
  const metricsToken = config.metrics.token;
  const metrics = metricsToken ? { metrics: createShopMetrics({ db, clock, poolUsage: options.poolUsage, log: app.log }), token: metricsToken } : null;
  if (metrics) services.mailWorker.onSendFailed((kind) => metrics.metrics.mailSendFailed(kind));
  await app.register(metricsRoute, { enabled: metrics });
  await app.register(requestContext, { services });
  // Before any route: it documents the /erp/v1 routes as they are registered.
  await registerErpOpenApi(app, { version: '1' });

  await app.register(
    async function api(scope) {
      // Every API route's requirement of its caller, checked before the route reads any input.
      await scope.register(apiAccess);
      for (const routes of [loginRoutes, userRoutes, companyUserRoutes, salesPersonRoutes, configurationRoutes, lookupRoutes, statisticsRoutes]) {
        await scope.register(routes, { services });
      }
      await scope.register(basketRoutes, { services });
      await scope.register(wishlistRoutes, { services });
      await scope.register(alarmRoutes, { services });
      await scope.register(reviewRoutes, { services });
      await scope.register(productDocumentRoutes, { services });
      await scope.register(notificationRoutes, { services });
      await scope.register(addressRoutes, { services });
      await scope.register(orderRoutes, { services });
      await scope.register(orderSheetRoutes, { services });
      await scope.register(orderSheetUploadRoutes, { services });
      await scope.register(documentRoutes, { services });
      await scope.register(accountRoutes, { services });
      await scope.register(safetySheetRoutes, { services });
      await scope.register(downloadRoutes, { services });
      await scope.register(paymentRoutes, { services });
      await scope.register(signupRoutes, { services });
      await scope.register(contactRoutes, { services });
      await scope.register(passwordResetRoutes, { services });
      for (const routes of [materialCategoryRoutes, materialRoutes, searchTokenRoutes, seasonRoutes, shippingTypeRoutes]) {
        await scope.register(routes, { services });
      }
      // Every other path under /api, /api itself included, is the API's 404, never a page.
      for (const rest of ['/', '/*']) {
        scope.all(rest, async () => {
          throw new AppError('not_found', 'error.route_not_found');
        });
      }
    },
    { prefix: '/api' },
  );

  // The ERP integration API: API clients with scopes, never a storefront session.
  await app.register(erpApi([erpClientRoutes, erpCatalogRoutes, erpDocumentRoutes, erpEventRoutes, erpOrderRoutes, erpCustomerRoutes, erpPriceRoutes, erpStockRoutes, erpSeasonRoutes, erpJobRoutes, erpWebhookRoutes, erpAlarmRoutes, erpReviewRoutes, erpProductFileRoutes]), { prefix: erpApiPrefix, services });

  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
  });

  if (options.pages) {
    await app.register(reactRouterPlugin, {
      services,
      dev: options.pages.dev,
      rootDir,
      publicConfig: { publicUrl: config.publicUrl, defaultTenant: config.defaultTenant },
    });
  }

  return { app, services, routes, gracefulStop };
}
