import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('layouts/unauthorized-layout.tsx', [
    route('landing', 'routes/landing.tsx'),
    route('auth', 'routes/auth.tsx'),
    route('maintenance', 'routes/maintenance.tsx'),
  ]),
  route('logout', 'routes/logout.tsx'),
  route('locale', 'routes/locale.tsx'),
  layout('layouts/default-layout.tsx', [
    index('routes/home.tsx'),
    route('content/:slug?', 'routes/content.tsx'),
    route('category/:verboseCategory?', 'routes/category.tsx'),
    route('product/:verboseProduct?', 'routes/product.tsx'),
    route('detailed-cart', 'routes/detailed-cart.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('thank-you', 'routes/thank-you.tsx'),
    route('order-failed', 'routes/order-failed.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('search', 'routes/search.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
