import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('layouts/unauthorized-layout.tsx', [
    route('landing', 'routes/landing.tsx'),
    route('auth', 'routes/auth.tsx'),
    route('signup', 'routes/signup.tsx'),
    // Password reset: the request by e-mail, and the page of the reset and invitation links.
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('reset', 'routes/reset.tsx'),
    route('maintenance', 'routes/maintenance.tsx'),
  ]),
  route('logout', 'routes/logout.tsx'),
  route('locale', 'routes/locale.tsx'),
  layout('layouts/default-layout.tsx', [
    index('routes/home.tsx'),
    route('content/:slug?', 'routes/content.tsx'),
    // The shop's information pages (about us, returns, privacy, legal, contact) and the contact form.
    route('static', 'routes/static.tsx', [index('routes/static.index.tsx'), route('contact-us', 'routes/static.contact-us.tsx')]),
    route('category/:verboseCategory?', 'routes/category.tsx'),
    route('product/:verboseProduct?', 'routes/product.tsx'),
    // Download: a product document's file for the page's session, the file GET /api/product-document/{id} gives.
    route('product-document/:id', 'routes/product-document.ts'),
    route('detailed-cart', 'routes/detailed-cart.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('thank-you', 'routes/thank-you.tsx'),
    route('order-failed', 'routes/order-failed.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    // Stock notifications and the buyer's stock alarms (where the shop allows notifications).
    route('alarm', 'routes/alarm.tsx'),
    // Quick order: a pasted list read into an order-sheet import, its preview (?import=) and confirmation.
    route('order-sheet', 'routes/order-sheet.tsx'),
    // Download: an import's rows as an XLSX file to correct and upload again (resource route).
    route('order-sheet/corrections', 'routes/order-sheet.corrections.ts'),
    // Download: the buyer's personalised order sheet (XLSX), the file GET /api/orderSheet/template gives.
    route('order-sheet/template', 'routes/order-sheet.template.ts'),
    route('search', 'routes/search.tsx'),
    // The account area: one layout with the account navigation; a page joins with its route here and
    // its entry in app/features/layout/account-menu-items.ts.
    route('my-account', 'routes/my-account.tsx', [
      index('routes/my-account.profile.tsx'),
      route('addresses', 'routes/my-account.addresses.tsx'),
      // A sales person's customers: search and switch without JavaScript.
      route('customer-accounts', 'routes/my-account.customer-accounts.tsx'),
      route('order-history', 'routes/my-account.order-history.tsx'),
      // Downloads: the order history as XLSX/CSV, an order's confirmation as PDF (resource routes).
      route('order-history/export', 'routes/my-account.order-history.export.ts'),
      route('order-history/:id', 'routes/my-account.order-history.detail.tsx'),
      route('order-history/:id/document', 'routes/my-account.order-history.document.ts'),
      route('invoices', 'routes/my-account.invoices.tsx'),
      // Downloads: the finance list as XLSX/CSV, a document and the statement of open items as PDF.
      route('invoices/export', 'routes/my-account.invoices.export.ts'),
      route('invoices/statement', 'routes/my-account.invoices.statement.ts'),
      route('invoices/:id/document', 'routes/my-account.invoices.document.ts'),
      // The customer admin's users of the company.
      route('users', 'routes/my-account.users.tsx'),
      // The files of the downloadable products the company bought, and one of them behind a signed link (resource route).
      route('downloads', 'routes/my-account.downloads.tsx'),
      route('downloads/:token', 'routes/my-account.downloads.file.ts'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
