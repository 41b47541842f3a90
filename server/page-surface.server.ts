// What the pages (app/) may use of the server, and the only server module they import
// (docs/decisions/0019-app-server-boundary.md; eslint.config.js refuses any other import of server/ under
// app/). Loaders and actions reach the business rules through the services of the app context; this file
// names what they need besides. The `.server` in its name keeps it out of the browser: React Router's
// build refuses a browser module that imports a value from it, so components take types only.
//
// A page that needs something more of the server adds it here, where a reviewer sees the surface grow.

// The request and the services the app context carries (app/app-context.ts).
export type { RequestContext, Role } from './context.ts';
export type { Services } from './services.ts';

// Refusals: what a service throws, and a form's input problems by field.
export { AppError, isAppError } from './errors.ts';
export { fieldProblems, parseInput } from './http/validation.ts';

// Who may do what: the access policy every API route applies too.
export { mayChangeMasterData, meetsRequirement, requireAccess } from './modules/access/access-policy.ts';
export { requireReviewer } from './modules/access/reviewers.ts';

// Input schemas and queries: a page's form is checked by the schema its API route uses.
export { addressInputSchema } from './modules/addresses/address-input.ts';
export { companyUserInputSchema } from './modules/company-users/company-user-input.ts';
export { financeExportQuery, financeListQuery, financeSorts } from './modules/finance/finance-list-query.ts';
export { orderExportQuery, orderHistoryQuery, orderSorts } from './modules/orders/order-history-query.ts';
export { parseAttributeFilters } from './api/material/material-query.ts';
export { pathLine, templateQuery, templateRequestOf } from './api/order-sheet/order-sheet-input.ts';
export { announcedLengthHeaders } from './http/announced-length.ts';
export { sheetDownloadHeaders } from './modules/order-sheet/sheet-download-headers.ts';
export { passwordChangeInputSchema } from './modules/users/password-change-input.ts';
export { profileInputSchema } from './modules/users/profile-input.ts';
export { resetMailInputSchema, resetPasswordInputSchema } from './modules/auth/password-reset-input.ts';
export { signupInputSchema } from './modules/signup/signup-input.ts';
export { contactInputSchemaFor } from './modules/contact/contact-input.ts';
export { reviewChangeSchema, reviewInputSchema, reviewListQuery } from './modules/reviews/review-input.ts';

// Facts of the shop a page shows or decides by.
export { addressTypes } from './modules/addresses/address.service.ts';
export { countryNameOf, isCountryCode } from './modules/addresses/countries.ts';
export { onlinePaymentCode } from './modules/payments/payment-provider.ts';
export { sanitizeSettingsHtml } from './modules/settings/sanitize-html.ts';

// Downloads: PDFs and exports answered by resource routes.
export { openExport, type ExportRequest } from './lib/export/stream-export.ts';
export { pdfHeaders } from './modules/documents/pdf-headers.ts';
export { storedFileResponse } from './modules/product-files/stored-file-response.ts';
export type { RenderedDocument } from './modules/documents/documents.service.ts';

// What the services answer, as the pages render it.
export type { Address } from './modules/addresses/address.service.ts';
export type { CompanyUser } from './modules/company-users/company-users.service.ts';
export type { FinanceDocumentView, FinanceStatusView } from './modules/finance/finance-document-view.ts';
export type { FinanceList } from './modules/finance/finance.service.ts';
export type { OrderHistoryEntry } from './modules/orders/order-history-row.ts';
export type { ReorderAnswer } from './modules/orders/order-history-reorder.ts';
export type { OrderDetail, OrderView } from './modules/orders/order-view.ts';
export type { OrderHistoryPage } from './modules/orders/order.service.ts';
export type { OrderSheetAnswer } from './modules/order-sheet/order-sheet.service.ts';
export type { ActingAction } from './modules/sales-persons/acting-audit.ts';
export type { ActivityEntry, SalesAccount } from './modules/sales-persons/sales-person.service.ts';
export type { Configuration } from './modules/settings/settings.service.ts';
export type { SessionUser } from './modules/users/user.service.ts';
