import { useState } from 'react';
import { data, Form, Link, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { ShippingMethodJson } from '../../core/checkout-input';
import { defaultShippingMethod } from '../../core/checkout-input';
import { amountOut } from '../../core/api-money';
import { formatMoney } from '../../core/money';
import { isAppError } from '../../server/page-surface.server';
import type { Route } from './+types/checkout';
import { appLoadContext } from '../app-context';
import { Spinner } from '../components/ui/spinner';
import { buttonClasses } from '../components/ui/button';
import { WarningIcon } from '../components/ui/icons';
import { cartSummary } from '../features/cart/cart-summary';
import { OrderSummary } from '../features/cart/order-summary';
import { AddressText } from '../features/checkout/address-block';
import { CheckoutFailureAlert } from '../features/checkout/checkout-failure';
import { checkoutIntents } from '../features/checkout/checkout-intents';
import { loadCheckoutPage } from '../features/checkout/checkout-page.server';
import { orderTypeOf, placeOrderFromForm, type CheckoutFailure } from '../features/checkout/checkout.server';
import { addAddressFromForm } from '../features/checkout/new-address.server';
import { NewAddressDisclosure, NewAddressFormElement } from '../features/checkout/new-address-form';
import { PriceChangeNotice } from '../features/checkout/price-change-notice';
import { StockReducedNotice } from '../features/checkout/stock-reduced-notice';
import { StockShortfallNotice } from '../features/checkout/stock-shortfall-notice';
import { reduceToAvailable } from '../features/checkout/stock-shortfall.server';
import { useConfiguration, useSession } from '../features/session/use-root-data';
import { readForm } from '../lib/read-form.server';
import { useTranslation } from '../lib/i18n';
import { pageTitle } from '../lib/page-title';

// The checkout (/checkout?type=order|preOrder; docs/product.md, Checkout): one page, not a wizard.
// Address, shipping, payment, PO number, delivery date and notes on the left; the order summary with
// the place-order button on the right (below on phones). It is a plain form: it works without
// JavaScript, and the action places the order through the same service as POST /api/order/create.
// Two more plain forms post to the same action, told apart by their `intent` field: a new shipping
// address (intent=addAddress; the page comes back with it chosen) and the one-click reduction of lines
// short of stock (intent=reduceToAvailable; the page comes back with the new totals and what changed).

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  const url = new URL(request.url);
  const orderType = orderTypeOf(url.searchParams.get('type'));
  const checkout = await loadCheckoutPage(app, orderType, url);
  if (checkout.lines.length === 0) throw redirect(`/detailed-cart?type=${orderType}`);
  return checkout;
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  const orderType = orderTypeOf(new URL(request.url).searchParams.get('type'));
  const form = await readForm(request, app);
  const intent = form.get('intent');
  if (intent === checkoutIntents.addAddress) {
    const added = await addAddressFromForm(app, form);
    // Post, redirect, get: a reload does not add the address twice, and the URL names the one to choose.
    if (added.ok) return redirect(`/checkout?type=${orderType}&address=${added.address._id}`);
    const { errors, failure, values } = added;
    return data({ intent: checkoutIntents.addAddress, address: { errors, failure, values } }, { status: added.status });
  }
  if (intent === checkoutIntents.reduceToAvailable) {
    try {
      return { intent: checkoutIntents.reduceToAvailable, reduced: await reduceToAvailable(app, orderType) };
    } catch (error) {
      if (!isAppError(error) || error.statusCode >= 500) throw error;
      const failure: CheckoutFailure = { messageKey: error.messageKey, params: error.params ?? null, details: null };
      return data({ intent: checkoutIntents.reduceToAvailable, failure }, { status: error.statusCode });
    }
  }
  const result = await placeOrderFromForm(app, orderType, form);
  // To the thank-you page, or to the payment provider's hosted checkout for an order paid online.
  if ('redirectTo' in result) return redirect(result.redirectTo);
  return data({ failure: result.failure, values: result.values }, { status: result.status });
}

// After a post the page reads everything anew, refusals (4xx) included, which React Router would skip:
// a refused click means prices, stock or the cart changed, and the page must show them as they are now,
// or the next click would be refused again for the total the buyer was shown.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod.toUpperCase() !== 'GET' ? true : defaultShouldRevalidate;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'checkout');
}

const fieldClass = 'block h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 focus:border-brand focus:outline-2 focus:outline-brand';
const radioClass = 'size-6 shrink-0 accent-(--brand) focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
const sectionClass = 'rounded-lg border border-zinc-200 bg-white p-4';

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <fieldset className={sectionClass} data-testid={testId}>
      <legend className="float-left mb-3 w-full text-base font-semibold text-zinc-900">{title}</legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

function shipsTo(method: ShippingMethodJson, country: string | null): boolean {
  return country !== null && method.countries.some((entry) => entry.code === country);
}

/** A new shipping address most likely goes to the invoice address's country, if the shop ships there. */
function defaultNewAddressCountry(countries: readonly { code: string }[], invoiceCountry: string | undefined): string {
  return countries.find((country) => country.code === invoiceCountry)?.code ?? countries[0]?.code ?? '';
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const configuration = useConfiguration();
  const session = useSession();
  const account = session?.account;
  const navigation = useNavigation();
  // Any post of the page (order, new address, reduction) keeps the place-order button from a second click.
  const posting = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const submitting = posting && !navigation.formData?.has('intent');
  const { orderType, lines, addresses, shortfalls, chosenAddressId } = loaderData;
  const values = actionData && 'values' in actionData ? actionData.values : undefined;
  const failure = actionData && 'failure' in actionData ? actionData.failure : null;
  const addressProblems = actionData && 'address' in actionData ? actionData.address : null;
  const reduced = actionData && 'reduced' in actionData ? actionData.reduced : null;
  const mayAddAddress = account?.blockUsersToAddNewAddress !== true;

  const usable = addresses.shipping.filter((address) => address.country !== null);
  const isUsable = (id: number | null) => usable.some((address) => address._id === id);
  const [addressId, setAddressId] = useState<number | null>(() => {
    const posted = usable.find((address) => String(address._id) === values?.shippingAddressId);
    return (posted?._id ?? (isUsable(chosenAddressId) ? chosenAddressId : usable[0]?._id)) ?? null;
  });
  // A newly added address comes back in the URL: it becomes the choice (adjusted while rendering, the
  // way React recommends for state that follows a prop), while everything else typed stays.
  const [seenChosenId, setSeenChosenId] = useState(chosenAddressId);
  if (chosenAddressId !== seenChosenId) {
    setSeenChosenId(chosenAddressId);
    if (isUsable(chosenAddressId)) setAddressId(chosenAddressId);
  }
  const country = usable.find((address) => address._id === addressId)?.country?.code ?? null;
  const methods = loaderData.shippingMethods.filter((method) => shipsTo(method, country));
  const preferredMethod = (available: typeof methods) =>
    (defaultShippingMethod(available, loaderData.defaultShippingMethodId) ?? available.find((method) => method.isDefault) ?? available[0])?._id ?? null;
  const [chosenMethodId, setMethodId] = useState<number | null>(() => {
    const posted = methods.find((method) => String(method._id) === values?.shippingMethodId);
    return posted?._id ?? preferredMethod(methods);
  });
  // A method that does not ship to the newly chosen address gives way to that country's default.
  const methodId = methods.some((method) => method._id === chosenMethodId) ? chosenMethodId : preferredMethod(methods);
  const method = methods.find((candidate) => candidate._id === methodId) ?? null;
  const [termsAccepted, setTermsAccepted] = useState(values?.termsAccepted ?? false);
  const postedPayment = loaderData.paymentMethods.find((payment) => String(payment._id) === values?.paymentMethodId);
  const defaultPayment = (postedPayment ?? loaderData.paymentMethods[0])?._id;

  const summary = cartSummary({
    lines,
    orderType,
    account,
    siteMinimum: configuration.minimumOrderAmount.price,
    fallbackCurrency: configuration.defaultCurrency,
    seasonCount: configuration.seasons.length,
    shippingMethod: method,
    shippingCountry: country,
  });
  const expectedGrossCents = summary.showNetPrices ? summary.otherTotalCents : summary.totalCents;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);

  const blockers: string[] = [];
  // A blocked company or delivery block (read anew with every load, like the placement reads it).
  if (loaderData.orderBlocker) blockers.push(t(loaderData.orderBlocker));
  if (addressId === null) blockers.push(t('checkout.address.none'));
  else if (!method) blockers.push(t('checkout.shipping.none'));
  if (loaderData.paymentMethods.length === 0) blockers.push(t('checkout.payment.none'));
  if (shortfalls.length > 0) blockers.push(t('checkout.stock.short'));
  // The minimum order amount is explained in the summary itself, next to the figures.
  const blocked = blockers.length > 0 || !summary.minimum.meets;
  const title = t(orderType === 'order' ? 'checkout.title.order' : 'checkout.title.preorder');
  const noteDates = orderType === 'order' ? [''] : loaderData.seasons.map((season) => season.date);
  const seasonName = (date: string) => loaderData.seasons.find((season) => season.date === date)?.name ?? date;

  return (
    <div className="space-y-4" data-testid="checkout-page" data-order-type={orderType}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold text-zinc-900">{title}</h1>
        <Link to={`/detailed-cart?type=${orderType}`} className="text-sm font-medium text-brand underline-offset-2 hover:underline">
          {t('checkout.back_to_cart')}
        </Link>
      </div>
      {reduced ? <StockReducedNotice reduced={reduced} /> : null}
      {failure ? <CheckoutFailureAlert failure={failure} lines={lines} orderType={orderType} /> : null}
      {/* The alert of a refused click already lists these lines, with the same fix. */}
      {failure?.messageKey === 'stock.not.enough.error' ? null : <StockShortfallNotice shortfalls={shortfalls} />}
      {failure?.messageKey === 'checkout.price.changed' ? null : <PriceChangeNotice lines={lines} showNetPrices={summary.showNetPrices} />}
      <NewAddressFormElement />
      <Form method="post" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-label={title}>
        <input type="hidden" name="idempotencyKey" value={values?.idempotencyKey || loaderData.idempotencyKey} />
        <input type="hidden" name="expectedTotal" value={amountOut(expectedGrossCents)} />
        <div className="space-y-4">
          <Section title={t('checkout.address.title')} testId="checkout-address">
            <div className="grid gap-4 md:grid-cols-2">
              <div>
                <h2 className="mb-2 text-sm font-medium text-zinc-800">{t('checkout.address.shipping')}</h2>
                {addresses.shipping.length === 0 ? <p className="text-sm text-zinc-700">{t('checkout.address.none')}</p> : null}
                <ul className="space-y-2">
                  {addresses.shipping.map((address) => {
                    const inputId = `address-${address._id}`;
                    const missing = address.country === null;
                    return (
                      <li key={address._id}>
                        <label
                          htmlFor={inputId}
                          className={`flex gap-3 rounded-md border p-3 ${missing ? 'border-zinc-200 bg-zinc-50' : 'cursor-pointer border-zinc-300 has-checked:border-brand has-checked:bg-brand/5'}`}
                        >
                          <input
                            id={inputId}
                            type="radio"
                            name="shippingAddressId"
                            value={address._id}
                            disabled={missing}
                            checked={addressId === address._id}
                            onChange={() => setAddressId(address._id)}
                            aria-describedby={missing ? `${inputId}-problem` : undefined}
                            className={radioClass}
                          />
                          <span className="min-w-0">
                            <AddressText address={address} />
                            {missing ? (
                              <span id={`${inputId}-problem`} className="mt-2 flex gap-2 rounded-md bg-warning-soft p-2 text-sm text-zinc-900">
                                <WarningIcon className="size-5 shrink-0 text-warning" />
                                {t('address.missing.country')}
                              </span>
                            ) : null}
                          </span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
                {mayAddAddress ? (
                  <NewAddressDisclosure
                    // A saved address starts the next one from an empty, closed form.
                    key={chosenAddressId ?? 'none'}
                    countries={loaderData.shippingCountries}
                    defaultCountry={defaultNewAddressCountry(loaderData.shippingCountries, addresses.invoice?.country?.code)}
                    problems={addressProblems}
                  />
                ) : addressProblems?.failure ? (
                  <p role="alert" data-testid="new-address-failure" className="mt-3 rounded-md bg-danger-soft p-2 text-sm text-red-900">
                    {t(addressProblems.failure)}
                  </p>
                ) : null}
              </div>
              <div>
                <h2 className="mb-2 text-sm font-medium text-zinc-800">{t('checkout.address.invoice')}</h2>
                <div className="rounded-md border border-zinc-200 bg-zinc-50 p-3" data-testid="invoice-address">
                  {addresses.invoice ? <AddressText address={addresses.invoice} /> : <p className="text-sm text-zinc-700">{t('checkout.address.invoice.none')}</p>}
                </div>
              </div>
            </div>
          </Section>

          <Section title={t('checkout.shipping.title')} testId="checkout-shipping">
            {methods.length === 0 ? (
              <p className="text-sm text-zinc-700">{t('checkout.shipping.none')}</p>
            ) : (
              <ul className="space-y-2">
                {methods.map((candidate) => {
                  const rate = candidate.countries.find((entry) => entry.code === country)!;
                  const inputId = `shipping-${candidate._id}`;
                  const price = money(rate.price.value, rate.price.currency);
                  return (
                    <li key={candidate._id}>
                      <label htmlFor={inputId} className="flex cursor-pointer gap-3 rounded-md border border-zinc-300 p-3 has-checked:border-brand has-checked:bg-brand/5">
                        <input
                          id={inputId}
                          type="radio"
                          name="shippingMethodId"
                          value={candidate._id}
                          checked={methodId === candidate._id}
                          onChange={() => setMethodId(candidate._id)}
                          className={radioClass}
                        />
                        <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-4 text-sm">
                          <span className="font-medium text-zinc-900">{candidate.name}</span>
                          <span className="price text-zinc-800">{summary.showNetPrices ? price : t('cart.summary.amount.net', { amount: price })}</span>
                          {rate.limit && rate.limit.type === 'fixed' && rate.limit.value === 0 ? (
                            <span className="w-full text-xs text-zinc-600">
                              {t('checkout.shipping.free_above', { amount: money(rate.limit.cartAmount, rate.price.currency) })}
                            </span>
                          ) : null}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </Section>

          <Section title={t('checkout.payment.title')} testId="checkout-payment">
            <ul className="space-y-2">
              {loaderData.paymentMethods.map((payment) => {
                const inputId = `payment-${payment._id}`;
                return (
                  <li key={payment._id}>
                    <label htmlFor={inputId} className="flex cursor-pointer gap-3 rounded-md border border-zinc-300 p-3 text-sm font-medium text-zinc-900 has-checked:border-brand has-checked:bg-brand/5">
                      <input id={inputId} type="radio" name="paymentMethodId" value={payment._id} defaultChecked={payment._id === defaultPayment} className={radioClass} />
                      {payment.translatedName}
                    </label>
                  </li>
                );
              })}
            </ul>
          </Section>

          {loaderData.isExternalOrderNumberFieldActive || orderType === 'order' || loaderData.isOrderNoteFieldActive ? (
            <Section title={t('checkout.details.title')} testId="checkout-details">
              <div className="space-y-4">
                {loaderData.isExternalOrderNumberFieldActive ? (
                  <div>
                    <label htmlFor="externalOrderNumber" className="mb-1 block text-sm font-medium text-zinc-800">
                      {t('checkout.po_number')}
                    </label>
                    <input id="externalOrderNumber" name="externalOrderNumber" maxLength={35} defaultValue={values?.externalOrderNumber ?? ''} className={fieldClass} autoComplete="off" />
                  </div>
                ) : null}
                {orderType === 'order' ? (
                  <div>
                    <label htmlFor="requestedDeliveryDate" className="mb-1 block text-sm font-medium text-zinc-800">
                      {t('checkout.delivery_date')}
                    </label>
                    <input
                      id="requestedDeliveryDate"
                      name="requestedDeliveryDate"
                      type="date"
                      min={loaderData.earliestDeliveryDate}
                      defaultValue={values?.requestedDeliveryDate ?? ''}
                      aria-describedby="requestedDeliveryDate-hint"
                      className={`${fieldClass} sm:max-w-60`}
                    />
                    <p id="requestedDeliveryDate-hint" className="mt-1 text-xs text-zinc-600">
                      {t('checkout.delivery_date.hint')}
                    </p>
                  </div>
                ) : null}
                {loaderData.isOrderNoteFieldActive
                  ? noteDates.map((date) => (
                      <div key={date}>
                        <label htmlFor={`note-${date || 'order'}`} className="mb-1 block text-sm font-medium text-zinc-800">
                          {date ? t('checkout.note.season', { season: seasonName(date) }) : t('checkout.note')}
                        </label>
                        <textarea
                          id={`note-${date || 'order'}`}
                          name={`note:${date}`}
                          rows={3}
                          maxLength={1000}
                          defaultValue={values?.notes[date] ?? ''}
                          className="block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus:border-brand focus:outline-2 focus:outline-brand"
                        />
                      </div>
                    ))
                  : null}
              </div>
            </Section>
          ) : null}
        </div>

        <OrderSummary lines={lines} orderType={orderType} shippingMethod={method} shippingCountry={country} atCheckout>
          <div className="mt-4 space-y-3 border-t border-zinc-200 pt-4">
            <label htmlFor="termsAccepted" className="flex gap-3 text-sm text-zinc-800">
              <input
                id="termsAccepted"
                name="termsAccepted"
                type="checkbox"
                checked={termsAccepted}
                onChange={(event) => setTermsAccepted(event.target.checked)}
                aria-describedby={termsAccepted ? undefined : 'terms-hint'}
                className="size-6 shrink-0 accent-(--brand) focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
              />
              <span>
                {t('checkout.terms.label')}{' '}
                <a href={loaderData.termsUrl} target="_blank" rel="noreferrer" className="font-medium text-brand underline">
                  {t('checkout.terms.link')}
                </a>
              </span>
            </label>
            {termsAccepted ? null : (
              <p id="terms-hint" data-testid="terms-hint" className="text-xs text-zinc-600">
                {t('checkout.terms.required')}
              </p>
            )}
            {blockers.length > 0 ? (
              <ul id="checkout-blockers" data-testid="checkout-blockers" className="space-y-2">
                {blockers.map((blocker) => (
                  <li key={blocker} className="flex gap-2 rounded-md bg-warning-soft p-3 text-sm text-zinc-900">
                    <WarningIcon className="size-5 shrink-0 text-warning" />
                    {blocker}
                  </li>
                ))}
              </ul>
            ) : null}
            <button
              type="submit"
              disabled={blocked || posting}
              aria-describedby={[blockers.length > 0 ? 'checkout-blockers' : '', summary.minimum.meets ? '' : 'minimum-order-amount'].filter(Boolean).join(' ') || undefined}
              data-testid="place-order"
              className={buttonClasses('primary', 'md', 'h-11 w-full text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand')}
            >
              {submitting ? <Spinner className="size-5" label={t('checkout.placing')} /> : null}
              {t(submitting ? 'checkout.placing' : 'checkout.place_order')}
            </button>
          </div>
        </OrderSummary>
      </Form>
    </div>
  );
}
