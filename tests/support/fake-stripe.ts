import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FormBodyError, parseFormBody, type FormObject, type FormValue } from './fake-stripe/form-body.ts';

// A stand-in for the few Stripe endpoints the shop uses, over real HTTP, for the shop's tests: Checkout
// Sessions (create, retrieve, expire), signed webhooks for what happens to a session, and a hosted payment
// page for the browser tests. The shop talks to it through the official SDK, so the answers follow Stripe's
// (status codes, error objects, idempotency, the session's JSON). A parameter the fake does not implement
// is refused rather than ignored, so a test cannot pass on behaviour real Stripe would not show. Webhooks
// are signed here with node:crypto, as Stripe signs them, so that the shop's own SDK proves the signature.
//
// What the fake leaves out: sessions do not expire by the clock (expire() does it), failed webhook
// deliveries are not retried (redeliver() does it), and only `mode=payment` with `price_data` is known.
// The parts live in this one file (the form parsing apart, in ./fake-stripe/form-body.ts), in sections.

// ---- The shapes tests see ----------------------------------------------------------------------------

export interface FakeStripeOptions {
  /** 0 (the default) picks a free port. The fake listens on 127.0.0.1. */
  port?: number;
  /** The secret key the shop must send as `Authorization: Bearer …`. */
  secretKey: string;
  /** The endpoint's signing secret (`whsec_…`) the webhooks are signed with. */
  webhookSecret: string;
  /** Where events are POSTed; without one they are recorded but not delivered. */
  webhookUrl?: string;
  /** The host (optionally host:port) the browser should use for the payment pages, when 127.0.0.1 will not do. */
  publicHost?: string;
}

export type SessionStatus = 'open' | 'complete' | 'expired';

/** Stripe's Checkout Session, for the fields the fake implements. */
export interface Session {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  /** Stripe creates the PaymentIntent when the customer pays: null until then. */
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'unpaid' | 'paid';
  status: SessionStatus;
  success_url: string;
  ui_mode: 'hosted';
  /** The payment page; as at Stripe, only while the session is open. */
  url: string | null;
}

export type EventType = 'checkout.session.completed' | 'checkout.session.async_payment_failed' | 'checkout.session.expired';

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  /** The session as it was when the event happened. */
  data: { object: Session };
  livemode: false;
  pending_webhooks: number;
  /** The API request that caused the event; nulls for what the customer did on the payment page. */
  request: { id: string | null; idempotency_key: string | null };
  type: EventType;
}

export interface Delivery {
  eventId: string;
  type: EventType;
  /** The HTTP status the webhook endpoint answered; null when it could not be reached. */
  status: number | null;
  /** Why the endpoint could not be reached. */
  error?: string;
}

/** What a change to a session did: the session after it, the events it caused and their deliveries. */
export interface Outcome {
  session: Session;
  events: StripeEvent[];
  deliveries: Delivery[];
}

export interface WebhookOptions {
  /** false: the event is recorded (see events(), redeliver()) but not sent. Default true. */
  deliverWebhook?: boolean;
}

export interface FakeStripe {
  /** Where the fake listens, e.g. http://127.0.0.1:PORT. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Copies, oldest first: changing them changes nothing in the fake. */
  sessions(): Session[];
  session(id: string): Session | undefined;
  setWebhookUrl(url: string | undefined): void;
  /** The customer pays by card: `checkout.session.completed`, paid. Awaits the delivery. */
  pay(id: string, options?: WebhookOptions): Promise<Outcome>;
  /**
   * A delayed payment method fails, as Stripe tells it: first `checkout.session.completed` with payment_status
   * 'unpaid' (unless completedFirst is false), then `checkout.session.async_payment_failed`. Awaits the deliveries.
   */
  failAsync(id: string, options?: WebhookOptions & { completedFirst?: boolean }): Promise<Outcome>;
  /** The session runs out: `checkout.session.expired`. Awaits the delivery. */
  expire(id: string, options?: WebhookOptions): Promise<Outcome>;
  events(): StripeEvent[];
  /** Every attempt to deliver an event, oldest first. */
  deliveries(): Delivery[];
  /** Sends a recorded event again, signed afresh, as the Dashboard's "Resend" does. */
  redeliver(eventId: string): Promise<Delivery>;
  /** Waits for deliveries under way: those the API starts (expiring a session) are not awaited by the API call. */
  settled(): Promise<void>;
  /** A fake that is down answers every API call (not the payment page) with 503, as in an outage. */
  setDown(down: boolean): void;
}

// ---- State ---------------------------------------------------------------------------------------------

interface LineItem {
  name: string;
  quantity: number;
  unitAmount: number;
}

interface SessionRecord {
  session: Session;
  lineItems: LineItem[];
  /** The API version the shop's SDK asked for when creating it; its events are rendered in it. */
  apiVersion: string;
}

interface SavedAnswer {
  endpoint: string;
  body: string;
  answer: Answer;
}

interface State {
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string | undefined;
  pageBase: string;
  down: boolean;
  records: Map<string, SessionRecord>;
  events: Map<string, StripeEvent>;
  deliveries: Delivery[];
  /** By Idempotency-Key: the first answer, given again to a retry. */
  idempotency: Map<string, SavedAnswer>;
  inFlight: Set<Promise<unknown>>;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The version stripe@23.1.0 pins; used when a request names none. */
const defaultApiVersion = '2026-10-28.endive';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** An id as Stripe makes them: a prefix and letters and digits. */
const newId = (prefix: string, length = 24) => prefix + [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
const unixNow = () => Math.floor(Date.now() / 1000);

function requireRecord(state: State, id: string): SessionRecord {
  const record = state.records.get(id);
  if (!record) throw new UsageError(404, `fake Stripe: no checkout session ${id}`);
  return record;
}

/** The fake used the wrong way by a test (an unknown session, paying a closed one); not an answer of Stripe's. */
class UsageError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

// ---- Errors, in Stripe's format ------------------------------------------------------------------------

class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;

  constructor(status: number, message: string, details: { type?: string; code?: string; param?: string } = {}) {
    super(message);
    this.status = status;
    this.type = details.type ?? 'invalid_request_error';
    this.code = details.code;
    this.param = details.param;
  }

  toAnswer(): Answer {
    const code = this.code === undefined ? {} : { code: this.code, doc_url: `https://stripe.com/docs/error-codes/${this.code.replaceAll('_', '-')}` };
    const param = this.param === undefined ? {} : { param: this.param };
    return { status: this.status, body: { error: { type: this.type, message: this.message, ...code, ...param } } };
  }
}

const invalidParam = (param: string, message: string, code = 'parameter_invalid') => new ApiError(400, message, { code, param });
const missingParam = (param: string) => new ApiError(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });

// ---- Creating a session: the parameters, checked as Stripe checks them ------------------------------------

/** Stripe accepts many more; the fake refuses those it does not implement rather than ignore them. */
function refuseUnknown(object: FormObject, known: string[], prefix: string) {
  const unknown = Object.keys(object).find((name) => !known.includes(name));
  if (unknown === undefined) return;
  const param = prefix ? `${prefix}[${unknown}]` : unknown;
  throw new ApiError(400, `Received unknown parameter: ${param}. (The fake Stripe implements only ${known.join(', ')} here.)`, { code: 'parameter_unknown', param });
}

function asString(value: FormValue | undefined, param: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(param, `Invalid string: ${JSON.stringify(value)}`);
  return value;
}

function asObject(value: FormValue | undefined, param: string): FormObject | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' || Array.isArray(value)) throw invalidParam(param, `Invalid object`);
  return value;
}

function asInteger(value: FormValue | undefined, param: string, range: { min: number; max?: number }): number | undefined {
  const text = asString(value, param);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw invalidParam(param, `Invalid integer: ${text}`, 'parameter_invalid_integer');
  const number = Number(text);
  if (number < range.min) throw invalidParam(param, `This value must be greater than or equal to ${range.min}.`, 'parameter_invalid_integer');
  if (range.max !== undefined && number > range.max) throw invalidParam(param, `This value must be less than or equal to ${range.max}.`, 'parameter_invalid_integer');
  return number;
}

function asUrl(value: FormValue | undefined, param: string): string | undefined {
  const text = asString(value, param);
  if (text === undefined) return undefined;
  let protocol = '';
  try {
    protocol = new URL(text).protocol;
  } catch {
    // not a URL: refused below
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw invalidParam(param, 'Not a valid URL', 'url_invalid');
  return text;
}

function readLineItem(value: FormValue, index: number): { item: LineItem; currency: string } {
  const prefix = `line_items[${index}]`;
  const lineItem = asObject(value, prefix)!;
  refuseUnknown(lineItem, ['price_data', 'quantity'], prefix);
  const priceData = asObject(lineItem.price_data, `${prefix}[price_data]`);
  // Stripe also takes the id of a Price; the shop sends price_data.
  if (!priceData) throw missingParam(`${prefix}[price_data]`);
  refuseUnknown(priceData, ['currency', 'unit_amount', 'product_data'], `${prefix}[price_data]`);
  const currency = asString(priceData.currency, `${prefix}[price_data][currency]`);
  if (currency === undefined) throw missingParam(`${prefix}[price_data][currency]`);
  if (!/^[a-z]{3}$/i.test(currency)) throw invalidParam(`${prefix}[price_data][currency]`, `Invalid currency: ${currency}.`);
  // Stripe's ceiling for an amount in two-decimal currencies: 999,999.99.
  const unitAmount = asInteger(priceData.unit_amount, `${prefix}[price_data][unit_amount]`, { min: 0, max: 99_999_999 });
  if (unitAmount === undefined) throw missingParam(`${prefix}[price_data][unit_amount]`);
  const productData = asObject(priceData.product_data, `${prefix}[price_data][product_data]`);
  if (!productData) throw missingParam(`${prefix}[price_data][product_data]`);
  refuseUnknown(productData, ['name'], `${prefix}[price_data][product_data]`);
  const name = asString(productData.name, `${prefix}[price_data][product_data][name]`);
  if (!name) throw missingParam(`${prefix}[price_data][product_data][name]`);
  const quantity = asInteger(lineItem.quantity, `${prefix}[quantity]`, { min: 1, max: 999_999 });
  if (quantity === undefined) throw missingParam(`${prefix}[quantity]`);
  return { item: { name, quantity, unitAmount }, currency: currency.toLowerCase() };
}

function readMetadata(value: FormValue | undefined): Record<string, string> {
  const metadata = asObject(value, 'metadata') ?? {};
  const result: Record<string, string> = {};
  for (const [key, entry] of Object.entries(metadata)) {
    const text = asString(entry, `metadata[${key}]`)!;
    if (key.length > 40) throw invalidParam(`metadata[${key}]`, 'Metadata keys can have up to 40 characters.');
    if (text.length > 500) throw invalidParam(`metadata[${key}]`, 'Metadata values can have up to 500 characters.');
    // An empty value unsets a key at Stripe: on a new session there is nothing to unset.
    if (text !== '') Object.defineProperty(result, key, { value: text, enumerable: true, writable: true, configurable: true });
  }
  if (Object.keys(result).length > 50) throw invalidParam('metadata', 'You can have up to 50 metadata keys.');
  return result;
}

const createParams = ['mode', 'line_items', 'client_reference_id', 'metadata', 'customer_email', 'success_url', 'cancel_url', 'expires_at', 'payment_method_types', 'locale'];

function createSession(state: State, form: FormObject, apiVersion: string): SessionRecord {
  refuseUnknown(form, createParams, '');
  const mode = asString(form.mode, 'mode') ?? 'payment';
  if (mode !== 'payment') throw invalidParam('mode', `The fake Stripe implements only mode=payment, not ${mode}.`);
  if (form.line_items === undefined) throw missingParam('line_items');
  if (!Array.isArray(form.line_items) || form.line_items.length === 0) throw invalidParam('line_items', 'Invalid array');
  if (form.line_items.length > 100) throw invalidParam('line_items', 'You can pass up to 100 line items.');
  const read = form.line_items.map(readLineItem);
  const currency = read[0]!.currency;
  if (read.some((entry) => entry.currency !== currency)) throw invalidParam('line_items', 'All line items must use the same currency.');
  const successUrl = asUrl(form.success_url, 'success_url');
  if (successUrl === undefined) throw missingParam('success_url');
  const created = unixNow();
  const expiresAt = asInteger(form.expires_at, 'expires_at', { min: 0 }) ?? created + 24 * 3600;
  if (expiresAt < created + 30 * 60) throw invalidParam('expires_at', 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.');
  if (expiresAt > created + 24 * 3600) throw invalidParam('expires_at', 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.');
  const customerEmail = asString(form.customer_email, 'customer_email');
  if (customerEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(customerEmail)) throw invalidParam('customer_email', `Invalid email address: ${customerEmail}`, 'email_invalid');
  const clientReferenceId = asString(form.client_reference_id, 'client_reference_id');
  if (clientReferenceId !== undefined && clientReferenceId.length > 200) throw invalidParam('client_reference_id', 'client_reference_id can have up to 200 characters.');
  const locale = asString(form.locale, 'locale');
  if (locale !== undefined && !/^(auto|[a-z]{2}(-[A-Z]{2})?)$/.test(locale)) throw invalidParam('locale', `Invalid locale: ${locale}`);
  const methods = form.payment_method_types ?? ['card'];
  if (!Array.isArray(methods) || methods.some((method) => typeof method !== 'string')) throw invalidParam('payment_method_types', 'Invalid array');
  const lineItems = read.map((entry) => entry.item);
  const amount = lineItems.reduce((sum, item) => sum + item.quantity * item.unitAmount, 0);
  const id = newId('cs_test_', 58);
  const session: Session = {
    id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: asUrl(form.cancel_url, 'cancel_url') ?? null,
    client_reference_id: clientReferenceId ?? null,
    created,
    currency,
    customer_email: customerEmail ?? null,
    expires_at: expiresAt,
    livemode: false,
    locale: locale ?? null,
    metadata: readMetadata(form.metadata),
    mode: 'payment',
    payment_intent: null,
    payment_method_types: methods as string[],
    payment_status: 'unpaid',
    status: 'open',
    success_url: successUrl,
    ui_mode: 'hosted',
    url: `${state.pageBase}/pay/${id}`,
  };
  const record: SessionRecord = { session, lineItems, apiVersion };
  state.records.set(id, record);
  return record;
}

// ---- What happens to a session, and the events it causes --------------------------------------------------

interface EventCause {
  requestId?: string;
  idempotencyKey?: string;
}

function recordEvent(state: State, record: SessionRecord, type: EventType, cause: EventCause = {}): StripeEvent {
  const event: StripeEvent = {
    id: newId('evt_'),
    object: 'event',
    api_version: record.apiVersion,
    created: unixNow(),
    data: { object: structuredClone(record.session) },
    livemode: false,
    pending_webhooks: state.webhookUrl ? 1 : 0,
    request: { id: cause.requestId ?? null, idempotency_key: cause.idempotencyKey ?? null },
    type,
  };
  state.events.set(event.id, event);
  return event;
}

function requireOpen(record: SessionRecord) {
  if (record.session.status !== 'open') throw new UsageError(409, `fake Stripe: checkout session ${record.session.id} is ${record.session.status}, not open`);
}

function closeSession(record: SessionRecord, status: 'complete' | 'expired', paid = false) {
  const session = record.session;
  session.status = status;
  session.url = null;
  if (status === 'complete') {
    session.payment_status = paid ? 'paid' : 'unpaid';
    session.payment_intent = newId('pi_');
  }
}

function payEvents(state: State, record: SessionRecord): StripeEvent[] {
  requireOpen(record);
  closeSession(record, 'complete', true);
  return [recordEvent(state, record, 'checkout.session.completed')];
}

function failAsyncEvents(state: State, record: SessionRecord, completedFirst: boolean): StripeEvent[] {
  requireOpen(record);
  closeSession(record, 'complete', false);
  const completed = completedFirst ? [recordEvent(state, record, 'checkout.session.completed')] : [];
  return [...completed, recordEvent(state, record, 'checkout.session.async_payment_failed')];
}

function expireEvents(state: State, record: SessionRecord, cause?: EventCause): StripeEvent[] {
  requireOpen(record);
  closeSession(record, 'expired');
  return [recordEvent(state, record, 'checkout.session.expired', cause)];
}

// ---- Webhooks ------------------------------------------------------------------------------------------

/** Stripe's scheme: v1 is the hex HMAC-SHA256 of `${timestamp}.${payload}` with the endpoint's secret. */
function signatureHeader(secret: string, payload: string, timestamp = unixNow()): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;
}

/** Counted in settled() until it ends, whoever awaits it. */
function track<T>(state: State, promise: Promise<T>): Promise<T> {
  state.inFlight.add(promise);
  const forget = () => state.inFlight.delete(promise);
  promise.then(forget, forget);
  return promise;
}

async function deliver(state: State, event: StripeEvent): Promise<Delivery> {
  const url = state.webhookUrl;
  if (!url) throw new UsageError(409, 'fake Stripe: no webhook URL to deliver to');
  // Stripe sends the event pretty-printed: a shop that checks the signature of re-serialized JSON fails here as it would there.
  const payload = JSON.stringify(event, null, 2);
  let delivery: Delivery;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': signatureHeader(state.webhookSecret, payload),
      },
      body: payload,
      // Stripe does not follow redirects: a 3xx is a failed delivery.
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    delivery = { eventId: event.id, type: event.type, status: response.status };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    delivery = { eventId: event.id, type: event.type, status: null, error: String(cause) };
  }
  state.deliveries.push(delivery);
  return delivery;
}

/** One after the other, in the order they happened, as a test expects to see them. */
async function deliverAll(state: State, events: StripeEvent[], wanted = true): Promise<Delivery[]> {
  if (!wanted || !state.webhookUrl) return [];
  const deliveries: Delivery[] = [];
  for (const event of events) deliveries.push(await deliver(state, event));
  return deliveries;
}

async function outcomeOf(state: State, record: SessionRecord, events: StripeEvent[], deliverWebhook?: boolean): Promise<Outcome> {
  const deliveries = await track(state, deliverAll(state, events, deliverWebhook ?? true));
  return { session: structuredClone(record.session), events, deliveries };
}

// ---- The API -------------------------------------------------------------------------------------------

function authorize(state: State, authorization: string | undefined) {
  const bearer = /^Bearer (.*)$/.exec(authorization ?? '');
  if (!bearer || bearer[1] === '') {
    throw new ApiError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const key = bearer[1]!;
  if (key !== state.secretKey) {
    const redacted = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : '*'.repeat(key.length);
    throw new ApiError(401, `Invalid API Key provided: ${redacted}`);
  }
}

interface ApiRequest {
  state: State;
  method: string;
  pathname: string;
  form: FormObject;
  apiVersion: string;
  requestId: string;
  idempotencyKey: string | undefined;
}

function sessionAnswer(record: SessionRecord): Answer {
  return { status: 200, body: record.session };
}

function findSession(state: State, id: string): SessionRecord {
  const record = state.records.get(id);
  if (!record) throw new ApiError(404, `No such checkout.session: '${id}'`, { code: 'resource_missing', param: 'session' });
  return record;
}

function route({ state, method, pathname, form, apiVersion, requestId, idempotencyKey }: ApiRequest): Answer {
  if (method === 'POST' && pathname === '/v1/checkout/sessions') return sessionAnswer(createSession(state, form, apiVersion));
  const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(pathname);
  if (method === 'GET' && retrieve) {
    refuseUnknown(form, [], '');
    return sessionAnswer(findSession(state, decodeURIComponent(retrieve[1]!)));
  }
  const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(pathname);
  if (method === 'POST' && expire) {
    refuseUnknown(form, [], '');
    const record = findSession(state, decodeURIComponent(expire[1]!));
    if (record.session.status !== 'open') {
      throw new ApiError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${record.session.status}\`.`);
    }
    const events = expireEvents(state, record, { requestId, idempotencyKey });
    // Not awaited: Stripe answers first and delivers later, and a shop that expires a session while holding
    // a lock its webhook handler also takes would otherwise wait on itself. settled() waits for it.
    void track(state, deliverAll(state, events));
    return sessionAnswer(record);
  }
  throw new ApiError(404, `Unrecognized request URL (${method}: ${pathname}). The fake Stripe implements only creating, retrieving and expiring Checkout Sessions.`);
}

function answerApi(state: State, request: http.IncomingMessage, url: URL, raw: string): Answer {
  const requestId = newId('req_', 14);
  const apiVersion = String(request.headers['stripe-version'] ?? defaultApiVersion);
  const headers = { 'request-id': requestId, 'stripe-version': apiVersion };
  const method = request.method ?? 'GET';
  const idempotencyKey = method === 'POST' ? request.headers['idempotency-key']?.toString() : undefined;
  const endpoint = `${method} ${url.pathname}`;
  try {
    if (state.down) throw new ApiError(503, 'The fake Stripe is down (setDown(true)).', { type: 'api_error' });
    authorize(state, request.headers.authorization);
    const contentType = request.headers['content-type'] ?? '';
    if (raw !== '' && !/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
      throw new ApiError(400, `Invalid request: the body must be application/x-www-form-urlencoded, not ${contentType || 'untyped'}.`);
    }
    // An idempotent retry gets the first answer again, even if the session has changed since.
    const saved = idempotencyKey === undefined ? undefined : state.idempotency.get(idempotencyKey);
    if (saved) {
      const tryOther = `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      if (saved.endpoint !== endpoint) {
        throw new ApiError(400, `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.endpoint}' vs '${endpoint}'). ${tryOther}`, { type: 'idempotency_error' });
      }
      if (saved.body !== raw) throw new ApiError(400, `Keys for idempotent requests can only be used with the same parameters they were first used with. ${tryOther}`, { type: 'idempotency_error' });
      return { ...saved.answer, headers: { ...headers, 'idempotent-replayed': 'true' } };
    }
    const form = parseFormBody(method === 'GET' ? url.search.slice(1) : raw);
    // A snapshot: the session goes on changing, the saved answer must not.
    const answer: Answer = { ...route({ state, method, pathname: url.pathname, form, apiVersion, requestId, idempotencyKey }), headers };
    answer.body = structuredClone(answer.body);
    // Stripe saves only the answers of requests that ran; refused parameters can be corrected under the same key.
    if (idempotencyKey !== undefined) state.idempotency.set(idempotencyKey, { endpoint, body: raw, answer });
    return answer;
  } catch (error) {
    if (error instanceof FormBodyError) return { ...new ApiError(400, error.message).toAnswer(), headers };
    if (error instanceof ApiError) return { ...error.toAnswer(), headers };
    throw error;
  }
}

// ---- The hosted payment page -------------------------------------------------------------------------------

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** An amount in minor units, in the currency's own decimals (none for JPY). */
function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

const successUrlOf = (session: Session) => session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

function renderPage(record: SessionRecord | undefined, notice?: string): string {
  let content: string;
  if (!record) {
    content = '<p role="alert">No such checkout session.</p>';
  } else {
    const { session } = record;
    const total = formatAmount(session.amount_total, session.currency);
    const items = record.lineItems
      .map((item) => `<li>${escapeHtml(item.name)} × ${item.quantity}: ${formatAmount(item.quantity * item.unitAmount, session.currency)}</li>`)
      .join('');
    const action = (name: string, label: string) =>
      `<form method="post" action="/pay/${encodeURIComponent(session.id)}/${name}"><button type="submit">${label}</button></form>`;
    let status: string;
    if (session.status === 'open') {
      status = [
        notice ? `<p role="alert" class="alert">${escapeHtml(notice)}</p>` : '',
        '<p>This is a stand-in for Stripe in the shop\'s tests: no card details are asked for.</p>',
        action('pay', 'Pay'),
        action('decline', 'Decline card'),
        session.cancel_url ? action('cancel', 'Cancel and return') : '',
      ].join('');
    } else if (session.status === 'expired') {
      const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Return to the shop</a></p>` : '';
      status = `<p role="status">This checkout session has expired.</p>${back}`;
    } else {
      const result = session.payment_status === 'paid' ? 'The payment was received.' : 'The payment has not been received.';
      status = `<p role="status">This checkout session is complete. ${result}</p><p><a href="${escapeHtml(successUrlOf(session))}">Return to the shop</a></p>`;
    }
    const email = session.customer_email ? `<p>Receipt to ${escapeHtml(session.customer_email)}</p>` : '';
    content = `<section aria-labelledby="summary"><h2 id="summary">Order summary</h2><ul>${items}</ul><p>Total due: <strong>${total}</strong></p>${email}</section>${status}`;
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fake Stripe Checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}form{display:inline-block;margin:.5rem .5rem 0 0}button{font:inherit;padding:.5rem 1rem}.alert{color:#8a1c1c;font-weight:600}</style>
</head>
<body>
<main>
<h1>Fake Stripe Checkout</h1>
${content}
</main>
</body>
</html>
`;
}

async function answerPage(state: State, request: http.IncomingMessage, url: URL, response: http.ServerResponse) {
  const html = (status: number, body: string) => response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  const redirect = (location: string) => response.writeHead(303, { location }).end();
  const match = /^\/pay\/([^/]+)(?:\/(pay|decline|cancel))?$/.exec(url.pathname);
  if (!match) return html(404, renderPage(undefined));
  const action = match[2];
  const allowed = action === undefined ? ['GET', 'HEAD'] : ['POST'];
  if (!allowed.includes(request.method ?? '')) return response.writeHead(405, { allow: allowed.join(', ') }).end();
  const record = state.records.get(decodeURIComponent(match[1]!));
  if (!record) return html(404, renderPage(undefined));
  if (action === undefined) return html(200, renderPage(record));
  // A closed session shows what became of it; its buttons are gone, but a stale page may still post.
  if (record.session.status !== 'open') return html(409, renderPage(record));
  if (action === 'pay') {
    // The webhook is delivered before the browser is sent back, so a browser test finds the order paid.
    await outcomeOf(state, record, payEvents(state, record));
    return redirect(successUrlOf(record.session));
  }
  if (action === 'decline') return html(200, renderPage(record, 'Your card was declined.'));
  if (!record.session.cancel_url) return html(404, renderPage(record));
  return redirect(record.session.cancel_url);
}

// ---- Control endpoints, for browser tests that drive the fake over HTTP -------------------------------------

async function answerControl(fake: FakeStripe, method: string | undefined, pathname: string, raw: string): Promise<Answer> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw === '' ? {} : JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    return { status: 400, body: { message: 'the body must be JSON' } };
  }
  const deliverWebhook = body.deliverWebhook === false ? false : undefined;
  try {
    if (method === 'GET' && pathname === '/__control/sessions') return { status: 200, body: fake.sessions() };
    if (method === 'GET' && pathname === '/__control/events') return { status: 200, body: fake.events() };
    if (method === 'GET' && pathname === '/__control/deliveries') return { status: 200, body: fake.deliveries() };
    const session = /^\/__control\/sessions\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && session) {
      const found = fake.session(decodeURIComponent(session[1]!));
      return found ? { status: 200, body: found } : { status: 404, body: { message: `no checkout session ${session[1]}` } };
    }
    const change = /^\/__control\/sessions\/([^/]+)\/(pay|fail-async|expire)$/.exec(pathname);
    if (method === 'POST' && change) {
      const id = decodeURIComponent(change[1]!);
      const outcome =
        change[2] === 'pay' ? fake.pay(id, { deliverWebhook }) : change[2] === 'expire' ? fake.expire(id, { deliverWebhook }) : fake.failAsync(id, { deliverWebhook });
      return { status: 200, body: await outcome };
    }
    const redeliver = /^\/__control\/events\/([^/]+)\/redeliver$/.exec(pathname);
    if (method === 'POST' && redeliver) return { status: 200, body: await fake.redeliver(decodeURIComponent(redeliver[1]!)) };
    if (method === 'POST' && pathname === '/__control/down') {
      if (typeof body.down !== 'boolean') return { status: 400, body: { message: 'expected { "down": boolean }' } };
      fake.setDown(body.down);
      return { status: 200, body: { down: body.down } };
    }
  } catch (error) {
    if (error instanceof UsageError) return { status: error.status, body: { message: error.message } };
    throw error;
  }
  return { status: 404, body: { message: `no control endpoint ${method} ${pathname}` } };
}

// ---- The server, and the handle tests hold ---------------------------------------------------------------

function sendJson(response: http.ServerResponse, { status, body, headers }: Answer) {
  response.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(body, null, 2));
}

async function readText(request: http.IncomingMessage): Promise<string> {
  request.setEncoding('utf8');
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

async function answer(state: State, fake: FakeStripe, request: http.IncomingMessage, response: http.ServerResponse) {
  const raw = await readText(request);
  const url = new URL(request.url ?? '/', 'http://fake-stripe');
  if (url.pathname.startsWith('/v1/')) sendJson(response, answerApi(state, request, url, raw));
  else if (url.pathname.startsWith('/__control/')) sendJson(response, await answerControl(fake, request.method, url.pathname, raw));
  else if (url.pathname.startsWith('/pay/')) await answerPage(state, request, url, response);
  else sendJson(response, { status: 404, body: { message: `the fake Stripe has nothing at ${url.pathname}` } });
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const publicHost = options.publicHost;
  const state: State = {
    secretKey: options.secretKey,
    webhookSecret: options.webhookSecret,
    webhookUrl: options.webhookUrl,
    pageBase: publicHost ? `http://${publicHost}${/:\d+$/.test(publicHost) ? '' : `:${port}`}` : url,
    down: false,
    records: new Map(),
    events: new Map(),
    deliveries: [],
    idempotency: new Map(),
    inFlight: new Set(),
  };

  const fake: FakeStripe = {
    url,
    port,
    sessions: () => [...state.records.values()].map((record) => structuredClone(record.session)),
    session: (id) => {
      const record = state.records.get(id);
      return record && structuredClone(record.session);
    },
    setWebhookUrl(webhookUrl) {
      state.webhookUrl = webhookUrl;
    },
    async pay(id, { deliverWebhook } = {}) {
      const record = requireRecord(state, id);
      return outcomeOf(state, record, payEvents(state, record), deliverWebhook);
    },
    async failAsync(id, { deliverWebhook, completedFirst = true } = {}) {
      const record = requireRecord(state, id);
      return outcomeOf(state, record, failAsyncEvents(state, record, completedFirst), deliverWebhook);
    },
    async expire(id, { deliverWebhook } = {}) {
      const record = requireRecord(state, id);
      return outcomeOf(state, record, expireEvents(state, record), deliverWebhook);
    },
    events: () => structuredClone([...state.events.values()]),
    deliveries: () => structuredClone(state.deliveries),
    async redeliver(eventId) {
      const event = state.events.get(eventId);
      if (!event) throw new UsageError(404, `fake Stripe: no event ${eventId}`);
      return track(state, deliver(state, event));
    },
    async settled() {
      while (state.inFlight.size > 0) await Promise.allSettled([...state.inFlight]);
    },
    setDown(down) {
      state.down = down;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps connections alive; a test fake need not wait for them to go.
        server.closeAllConnections();
      });
    },
  };

  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    answer(state, fake, request, response).catch((error: unknown) => {
      // A bug in the fake: answer as Stripe's api_error, with the cause for whoever reads the test output.
      if (response.headersSent) response.destroy();
      else sendJson(response, new ApiError(500, `fake Stripe: ${String(error)}`, { type: 'api_error' }).toAnswer());
    });
  });
  return fake;
}
