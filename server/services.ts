import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createBasketRepository } from './modules/basket/basket.repository.ts';
import { createBasketService } from './modules/basket/basket.service.ts';
import { createBuyerProductsRepository } from './modules/basket/buyer-products.repository.ts';
import { createCatalogBuyerRepository } from './modules/catalog/catalog-buyer.repository.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCategoryRepository } from './modules/catalog/category.repository.ts';
import { createProductListingRepository } from './modules/catalog/product-listing.repository.ts';
import { createProductRepository } from './modules/catalog/product.repository.ts';
import { createSimilarProductsRepository } from './modules/catalog/similar-products.repository.ts';
import { createProductSearchRepository } from './modules/search/product-search.repository.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createSearchVocabulary } from './modules/search/search-vocabulary.ts';
import { createEngineClient } from './modules/search-engine/engine-client.ts';
import { createEngineDocumentsRepository } from './modules/search-engine/engine-documents.repository.ts';
import { createEngineSync, type EngineSyncLog } from './modules/search-engine/engine-sync.ts';
import { createSearchEngineService } from './modules/search-engine/search-engine.service.ts';
import { productIndexUid } from '../core/search-engine.ts';
import { createContentRepository } from './modules/content/content.repository.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createLoginAttemptRepository } from './modules/auth/login-attempt.repository.ts';
import { createLoginThrottleRepository } from './modules/auth/login-throttle.repository.ts';
import { createRequestThrottle } from './modules/auth/request-throttle.ts';
import { createPasswordResetRepository } from './modules/auth/password-reset.repository.ts';
import { createPasswordResetService } from './modules/auth/password-reset.service.ts';
import { createSessionRepository } from './modules/auth/session.repository.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createStatisticsRepository } from './modules/statistics/statistics.repository.ts';
import { createStatisticsService } from './modules/statistics/statistics.service.ts';
import { createTenantRepository } from './modules/tenants/tenant.repository.ts';
import { createTenantService } from './modules/tenants/tenant.service.ts';
import { createUserRepository } from './modules/users/user.repository.ts';
import { createUserService } from './modules/users/user.service.ts';
import { createSignupRepository } from './modules/signup/signup.repository.ts';
import { createSignupService } from './modules/signup/signup.service.ts';
import { createContactRepository } from './modules/contact/contact.repository.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { createCompanyUsersRepository } from './modules/company-users/company-users.repository.ts';
import { createCompanyUserService } from './modules/company-users/company-users.service.ts';
import { createSalesPersonRepository } from './modules/sales-persons/sales-person.repository.ts';
import { createSalesPersonService } from './modules/sales-persons/sales-person.service.ts';
import { createWishlistRepository } from './modules/wishlist/wishlist.repository.ts';
import { createWishlistService } from './modules/wishlist/wishlist.service.ts';
import { createNotificationUsers } from './modules/access/notification-users.ts';
import { createAlarmRepository } from './modules/alarms/alarm.repository.ts';
import { createAlarmService } from './modules/alarms/alarm.service.ts';
import { createReviewModerationRepository } from './modules/reviews/review-moderation.repository.ts';
import { createReviewModeration } from './modules/reviews/review-moderation.service.ts';
import { createReviewRepository } from './modules/reviews/review.repository.ts';
import { createReviewService } from './modules/reviews/review.service.ts';
import { createWishedProductsRepository } from './modules/alarms/wished-products.repository.ts';
import { createNotificationRepository } from './modules/notifications/notification.repository.ts';
import { createNotificationService } from './modules/notifications/notification.service.ts';
import { createAddressRepository } from './modules/addresses/address.repository.ts';
import { createAddressService } from './modules/addresses/address.service.ts';
import { createCheckoutDataRepository } from './modules/orders/checkout-data.repository.ts';
import { createOrderPlacement } from './modules/orders/order-placement.service.ts';
import { createOrderRepository } from './modules/orders/order.repository.ts';
import { createOrderService } from './modules/orders/order.service.ts';
import { createOrderSheetRepository } from './modules/order-sheet/order-sheet.repository.ts';
import { createOrderSheetUpload } from './modules/order-sheet/order-sheet-upload.ts';
import { createSheetFileReader } from './modules/order-sheet/xlsx/sheet-reader-pool.ts';
import { createOrderSheetService } from './modules/order-sheet/order-sheet.service.ts';
import { createSheetCatalogueRepository } from './modules/order-sheet/sheet-catalogue.repository.ts';
import { createOrderSheetTemplate } from './modules/order-sheet/template/order-sheet-template.service.ts';
import { createTemplateWriter } from './modules/order-sheet/template/template-writer.ts';
import { createSigningKeyRepository } from './modules/order-sheet/template/signing-key.repository.ts';
import { createTemplateProductsRepository } from './modules/order-sheet/template/template-products.repository.ts';
import { createOrderScopes } from './modules/orders/order-history-scope.ts';
import { createFinanceReaders } from './modules/access/finance-readers.ts';
import { createFinanceRepository } from './modules/finance/finance.repository.ts';
import { createFinanceService } from './modules/finance/finance.service.ts';
import { createDocumentsRepository } from './modules/documents/documents.repository.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { createOrderHistoryRepository } from './modules/orders/order-history.repository.ts';
import { createOrderStatusNames } from './modules/orders/order-history-statuses.ts';
import { createMailOutboxRepository } from './modules/mail/mail-outbox.repository.ts';
import { createMailSender } from './modules/mail/mail-sender.ts';
import { createMailWorker, type MailWorkerLog } from './modules/mail/mail-worker.ts';
import { createAlarmFiringWorker } from './modules/alarm-firing/alarm-firing-worker.ts';
import { createOnlinePayments } from './modules/payments/online-payment.service.ts';
import { createPaymentRepository } from './modules/payments/payment.repository.ts';
import { createStripeProvider } from './modules/payments/stripe-provider.ts';
import { createBackgroundLoop } from './lib/background-loop.ts';
import type { Clock } from './lib/clock.ts';
import { createApiClientRepository } from './modules/erp/api-client.repository.ts';
import { createApiClientService } from './modules/erp/api-client.service.ts';
import { createErpLoads, type ErpLoadEffects } from './modules/erp/erp-loads.ts';
import { createErpJobRepository } from './modules/erp-jobs/erp-job.repository.ts';
import { createErpJobsService } from './modules/erp-jobs/erp-jobs.service.ts';
import { createJobRunnerHost, rowLoadsThrough, type JobRunnerHostLog } from './modules/erp-jobs/job-runner-host.ts';
import { createErpDocumentsRepository } from './modules/erp-documents/erp-documents.repository.ts';
import { createErpDocumentsService } from './modules/erp-documents/erp-documents.service.ts';
import { createCaches } from './cache.ts';
import { createHousekeeping } from './modules/auth/housekeeping.ts';
import { createErpEventRepository } from './modules/erp-events/erp-event.repository.ts';
import { createErpEventFeed } from './modules/erp-events/erp-events.service.ts';
import { createEventSequencer } from './modules/erp-events/event-sequencer.ts';
import { createWebhookRepository } from './modules/erp-webhooks/webhook.repository.ts';
import { createWebhookService } from './modules/erp-webhooks/webhook.service.ts';
import { createWebhookWorker } from './modules/erp-webhooks/webhook-worker.ts';
import { createErpOrderRepository } from './modules/erp-orders/erp-order.repository.ts';
import { createErpOrders } from './modules/erp-orders/erp-orders.service.ts';
import { createErpShipmentRepository } from './modules/erp-orders/erp-shipment.repository.ts';
import { createErpShipments } from './modules/erp-orders/erp-shipments.service.ts';
import { createErpProductFilesRepository } from './modules/erp-product-files/erp-product-files.repository.ts';
import { createErpProductFiles } from './modules/erp-product-files/erp-product-files.service.ts';
import { createSafetySheetDeliveryRepository } from './modules/product-files/safety-sheet-delivery.repository.ts';
import { createSafetySheets } from './modules/product-files/safety-sheet-delivery.ts';
import { createDownloadsRepository } from './modules/product-files/downloads.repository.ts';
import { createDownloadsService } from './modules/product-files/downloads.service.ts';
import { createFileStore } from './modules/product-files/file-store.ts';
import { createProductDocumentRepository } from './modules/product-files/product-documents.repository.ts';
import { createProductDocumentService } from './modules/product-files/product-documents.service.ts';

// The composition root: every service, wired once per process. API routes and route loaders
// both reach the business rules through this object.
export function createServices(db: Database, config: Config, log: EngineSyncLog & MailWorkerLog & JobRunnerHostLog, clock: Clock) {
  const caches = createCaches(clock, config.cacheLifetimes);
  // The ERP's event feed (ADR 0021): changes write their events; the sequencer numbers the committed ones
  // after each such commit and on its loop (started in app.ts).
  const erpEventLog = createErpEventRepository(db);
  const webhookRepository = createWebhookRepository(db);
  const erpEventSequencer = createEventSequencer({ events: erpEventLog, pauseMs: config.erpEvents.sequenceMs, log });
  const erpEvents = createErpEventFeed({ events: erpEventLog });
  const users = createUserRepository(db);
  // Shared with the basket, so one cache (and one clearCache) serves both.
  const settings = createSettingsService(createSettingsRepository(db), caches, { onlinePayment: config.payment.stripe !== null });
  const buyerProducts = createBuyerProductsRepository(db);
  const notificationUsers = createNotificationUsers({ settings });
  const wishedProducts = createWishedProductsRepository(db);
  const catalog = createCatalogService(
    {
      categories: createCategoryRepository(db),
      products: createProductRepository(db),
      listing: createProductListingRepository(db),
      similar: createSimilarProductsRepository(db),
      buyers: createCatalogBuyerRepository(db),
      settings,
      clock,
    },
    caches,
  );
  const productSearch = createProductSearchRepository(db);
  const search = createSearchService({ search: productSearch, vocabulary: createSearchVocabulary(productSearch, clock), catalog }, caches);
  // After an ERP load on this thread changed the catalogue, prices or stock: this process's trees, listings,
  // search answers and counts are forgotten at once (other processes' and the worker thread's loads reach
  // them within their lifetime, server/cache.ts).
  const forgetCatalogChanges = () => {
    catalog.clearCache();
    search.forgetCatalogChanges();
  };
  const baskets = createBasketRepository(db);
  const basket = createBasketService({ baskets, catalog, products: buyerProducts, settings });
  // Order sheets: judged and kept until confirmed into this basket (ADR 0024).
  const orderSheet = createOrderSheetService({
    imports: createOrderSheetRepository(db),
    sheetCatalogue: createSheetCatalogueRepository(db),
    baskets,
    basket,
    catalog,
    products: buyerProducts,
    settings,
    clock,
  });
  // Uploaded order sheets are read on a worker thread of their own (ADR 0025), one reader for the API route
  // and the page's upload form; started on the first file, closed with the app.
  const sheetReader = createSheetFileReader();
  // The key personalised order sheets are signed with: the template signs, the upload verifies (ADR 0026).
  const signingKeys = createSigningKeyRepository(db);
  // Personalised sheets are written on a worker thread of their own (ADR 0026), started on the first one.
  const sheetWriter = createTemplateWriter();
  const orderSheetUpload = { uploadImport: createOrderSheetUpload({ orderSheet, settings, reader: sheetReader, signingKeys }) };
  const orderSheetTemplate = createOrderSheetTemplate({
    catalog,
    products: buyerProducts,
    templateProducts: createTemplateProductsRepository(db),
    signingKeys,
    settings,
    writer: sheetWriter,
    clock,
  });
  /** The order-sheet files' threads, closed with the app. */
  const orderSheetThreads = { close: () => Promise.all([sheetReader.close(), sheetWriter.close()]).then(() => undefined) };
  const orderStatusNames = createOrderStatusNames(settings, caches);
  // Whose orders a user sees, for the history, the documents and the finance view alike.
  const orderScopes = createOrderScopes(createOrderHistoryRepository(db), caches);
  // Product documents and downloads share one file store (ADR 0030).
  const fileStore = createFileStore(config.filesDir);
  const productDocuments = createProductDocumentService({ documents: createProductDocumentRepository(db), catalog, files: fileStore });
  const orders = createOrderService({
    orders: createOrderRepository(db),
    history: createOrderHistoryRepository(db),
    statusNames: orderStatusNames,
    scopes: orderScopes,
    reorder: { baskets, basket, catalog, products: buyerProducts, settings },
  });
  const engineDocuments = createEngineDocumentsRepository(db);
  const engine = config.searchEngine;
  const engineClient = engine ? createEngineClient(engine) : null;
  const checkoutData = createCheckoutDataRepository(db);
  // Judges the stock alarms after stock changes (ADR 0027) on this thread, unless the load jobs' thread does
  // (erpJobRunner.alarmFiring below); started in app.ts, woken after this process's stock writes.
  const requestThreadAlarmFiring = createAlarmFiringWorker({ db, clock, pauseMs: config.alarmWorker.pollMs, log });
  const orderPlacement = createOrderPlacement({
    db,
    catalog,
    settings,
    checkoutData,
    onlinePayment: { available: config.payment.stripe !== null, timeoutMinutes: config.payment.timeoutMinutes },
    orderView: (ctx, orderId) => orders.getOrder(ctx, orderId),
    statusNames: orderStatusNames,
    clock,
    erpEvents: erpEventSequencer,
  });
  const onlinePayments = createOnlinePayments({
    provider: config.payment.stripe ? createStripeProvider(config.payment.stripe) : null,
    payments: createPaymentRepository(db),
    placement: orderPlacement,
    checkoutData,
    publicUrl: config.publicUrl,
    log,
    clock,
    erpEvents: erpEventSequencer,
    stockGivenBack: () => alarmFiring.wake(),
  });
  const financeDocuments = createFinanceRepository(db);
  // Who reads a company's invoices and credits, for the finance view and the documents alike.
  const financeReaders = createFinanceReaders({ sharing: financeDocuments, orderScopes });
  // One throttle (one table and window) for sign-ins, password resets, signup requests and contact messages.
  const throttle = createRequestThrottle(createLoginThrottleRepository(db), config.loginThrottle.windowMinutes, clock);
  const auth = createAuthService({
    sessions: createSessionRepository(db),
    attempts: createLoginAttemptRepository(db),
    throttle,
    users,
    settings: { sessionTtlHours: config.sessionTtlHours, maxAttempts: config.loginThrottle.maxAttempts },
    caches,
    clock,
  });
  // Password reset by mail and the /reset link of reset and invitation mails; throttled
  // like sign-ins; a new password ends the user's sessions at once.
  const passwordReset = createPasswordResetService({
    repository: createPasswordResetRepository(db),
    throttle,
    forgetLiveSessions: () => auth.clearCache(),
    clock,
  });
  // The ERP's row loads, for their PUT routes and the load jobs run in this process (server/modules/erp/erp-loads.ts).
  const erpLoadEffects: ErpLoadEffects = {
    catalogChanged: forgetCatalogChanges,
    stockChanged: () => alarmFiring.wake(),
    companiesChanged: () => {
      catalog.clearCache();
      orderScopes.clearCache();
    },
    sessionsChanged: () => auth.clearCache(),
    configurationChanged: () => settings.clearCache(),
  };
  const erpLoads = createErpLoads(db, { settings, clock, effects: erpLoadEffects });
  // Large loads as jobs (ADR 0023): received here, run by a worker thread of this process (started in app.ts).
  // A job's worker thread is like another process for the catalogue: its changes reach the trees, answers
  // and counts within their lifetime (job-runner-thread.ts).
  const erpJobRunner = createJobRunnerHost({ config, db, clock, effects: erpLoadEffects, loads: erpLoads, alarmFiring: requestThreadAlarmFiring, log });
  const alarmFiring = erpJobRunner.alarmFiring;
  // A PUT load's rows are written where the jobs' are: on the worker thread (job-runner-host.ts `load`).
  const erpRowLoads = rowLoadsThrough(erpJobRunner);
  const { chunkRows, maxBodyBytes, maxTextBytes } = config.erpJobs;
  return {
    tenants: createTenantService(createTenantRepository(db), config.defaultTenant, caches),
    // The ERP's API clients: their keys and scopes (server/erp/erp-api.ts authenticates each request).
    apiClients: createApiClientService({ clients: createApiClientRepository(db), clock }),
    // The ERP's catalogue upserts: categories and products (server/erp/catalog/catalog.routes.ts).
    erpCatalog: { categories: erpRowLoads.categories, products: erpRowLoads.products },
    // Invoices and credit notes from the ERP (PUT /erp/v1/documents) and its PDFs of them.
    erpDocuments: createErpDocumentsService({ documents: createErpDocumentsRepository(db) }),
    // Product documents and downloadable products' files from the ERP (PUT /erp/v1/products/{sku}/documents and
    // …/downloads): a safety data sheet's new version reaches its buyers, is_downloadable follows the downloads.
    erpProductFiles: createErpProductFiles({ files: createErpProductFilesRepository(db), store: fileStore, clock, catalogChanged: forgetCatalogChanges }),
    // The safety data sheets' versions a company received (GET /api/account/safety-sheets).
    safetySheets: createSafetySheets({ deliveries: createSafetySheetDeliveryRepository(db), documents: productDocuments }),
    // The ERP's customer data (server/erp/customers): companies, users, addresses, sales persons' customers.
    // A change is seen at once: what this process keeps of companies and sessions is forgotten after each.
    erpCompanies: erpRowLoads.companies,
    erpUsers: erpRowLoads.users,
    erpAddresses: erpRowLoads.addresses,
    erpSalesAssignments: erpRowLoads.salesPersonAssignments,
    // The ERP's loads of prices, stock and pre-order seasons (server/erp/).
    erpPrices: erpRowLoads.prices,
    erpStock: erpRowLoads.stock,
    erpSeasons: erpRowLoads.seasons,
    erpJobs: createErpJobsService({ jobs: createErpJobRepository(db), clock, limits: { chunkRows, maxBodyBytes, maxTextBytes }, wake: () => erpJobRunner.wake() }),
    erpJobRunner,
    settings,
    auth,
    users: createUserService(users),
    // Requests for a customer account from /signup, throttled like sign-ins (in the same table and window).
    signup: createSignupService({ signups: createSignupRepository(db), throttle, settings, erpEvents: erpEventSequencer }),
    // Messages to the seller from the contact form of /static/contact-us, throttled like signup requests.
    contact: createContactService({ contacts: createContactRepository(db), throttle, clock }),
    // The customer admin's users of the company; locking a user ends their sessions at once.
    companyUsers: createCompanyUserService({ users: createCompanyUsersRepository(db), settings, forgetLiveSessions: () => auth.clearCache(), clock, erpEvents: erpEventSequencer }),
    // Sales persons: the customers they serve, the switch between them, the company's audit trail.
    salesPersons: createSalesPersonService({ repository: createSalesPersonRepository(db) }),
    passwordReset,
    statistics: createStatisticsService(createStatisticsRepository(db)),
    content: createContentService(createContentRepository(db)),
    catalog,
    search,
    searchEngine: createSearchEngineService({
      config: engine,
      client: engineClient,
      sync:
        engine && engineClient
          ? createEngineSync({ client: engineClient, documents: engineDocuments, indexUid: productIndexUid(engine.env), intervalMs: engine.syncIntervalMs, log })
          : null,
      settings,
      catalog,
    }),
    engineDocuments,
    basket,
    orderSheet,
    orderSheetUpload,
    orderSheetThreads,
    orderSheetTemplate,
    wishlist: createWishlistService({ wishlists: createWishlistRepository(db), catalog, products: buyerProducts }),
    // Stock alarms and notifications (docs/product.md, Stock alarms and notifications), and purchasing's view of the alarms.
    alarms: createAlarmService({ alarms: createAlarmRepository(db), notificationUsers, catalog, wishedProducts }),
    notifications: createNotificationService({ notifications: createNotificationRepository(db), notificationUsers, catalog }),
    // Product reviews by the buyers of a company (docs/product.md, Reviews), and the seller's moderation of them through the ERP.
    reviews: createReviewService({ reviews: createReviewRepository(db), catalog, settings, clock }),
    reviewModeration: createReviewModeration({ moderation: createReviewModerationRepository(db), clock }),
    // Product documents for buyers (docs/product.md, Product documents and downloads): a product's, and a document's file.
    productDocuments,
    addresses: createAddressService({ addresses: createAddressRepository(db), users, erpEvents: erpEventSequencer }),
    orders,
    orderPlacement,
    // Downloadable products' files for the companies that bought them (docs/product.md, Product documents and downloads):
    // the account's list, the order detail's links, and the file behind a link signed for the session.
    downloads: createDownloadsService({ downloads: createDownloadsRepository(db), scopes: orderScopes, fileStore, clock }),
    // The PDFs of orders, invoices, credits and the statement; orders under the history's rule of whose
    // orders a user sees (with its own few-seconds cache of the company's setting).
    documents: createDocumentsService({
      documents: createDocumentsRepository(db),
      orders: createOrderRepository(db),
      orderScopes,
      financeReaders,
      mediaDir: config.mediaDir,
    }),
    // The finance view (invoices and credits, their summary and export); documents of the company under the
    // company's sharing setting, their orders under the history's rule of whose orders a user sees.
    finance: createFinanceService({
      finance: financeDocuments,
      readers: financeReaders,
      shopCurrency: async (ctx) => (await settings.getConfiguration(ctx)).defaultCurrency,
    }),
    onlinePayments,
    erpEvents,
    // The orders as the ERP takes them, its acknowledgement and the statuses it sends back.
    erpOrders: createErpOrders({ orders: createErpOrderRepository(db), clock }),
    // The parcels the ERP sends for an order, shown to the buyer in the order's detail.
    erpShipments: createErpShipments({ orders: createErpOrderRepository(db), shipments: createErpShipmentRepository(db), clock }),
    // Gives committed ERP events their seqs (ADR 0021); started in app.ts, told after each commit with an event.
    erpEventSequencer,
    // The ERP's webhook endpoints, and the worker that sends them their events; started in app.ts.
    webhooks: createWebhookService({ webhooks: webhookRepository, clock }),
    webhookWorker: createWebhookWorker({ webhooks: webhookRepository, clock, pauseMs: config.webhooks.pollMs, log }),
    // Cancels online orders not paid in time and releases their stock; started in app.ts.
    paymentTimeout: createBackgroundLoop({
      runRound: () =>
        onlinePayments.cancelOverdue().catch((error: unknown) => {
          log.error({ err: error }, 'cancelling overdue online orders failed');
          return 0;
        }),
      pauseMs: () => config.payment.sweepMs,
    }),
    // Deletes expired sessions, login attempts, throttle counters and password links; started in app.ts.
    housekeeping: createHousekeeping({ clock, auth, passwordReset, erpEvents, pauseMs: config.housekeeping.pauseMs, log }),
    alarmFiring,
    // Sends the mails noted in the outbox (order confirmations); started in app.ts unless disabled.
    mailWorker: createMailWorker({
      db,
      outbox: createMailOutboxRepository(db),
      sender: createMailSender({ smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir }),
      publicUrl: config.publicUrl,
      intervalMs: config.mailWorker.pollMs,
      log,
      clock,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
