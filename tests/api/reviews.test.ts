import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSiteSetting } from './basket-fixtures.ts';
import { demoTenantId, erpCall, erpKey } from './erp-order-fixtures.ts';
import { callApi, startTestShop, type DemoAccount, type TestShop } from './helper.ts';
import { buy, companyWithBuyers, contextOf, reviewOf, statsOf, submitted, visibleProducts, type Buyer, type ReviewProduct } from './review-fixtures.ts';

// Product reviews (docs/product.md, Reviews): POST /api/review, PUT /api/review/{id} and
// GET /api/material/{id}/reviews as the contract says; only buyers of a company review, and only what
// their company has on a placed order; the kept summary in the list, the product answers and the search.

let shop: TestShop;
let tenantId: number;
let buyer: Buyer;
let admin: Buyer;
let colleague: Buyer;
let elsewhere: Buyer;
const demo = new Map<DemoAccount, string>();
let products: ReviewProduct[];
let used = 0;

/** A product no test has used yet. */
function nextProduct(): ReviewProduct {
  const product = products[used++];
  if (!product) throw new Error('the test catalogue has too few visible products');
  return product;
}

const post = (auth: string | undefined, body: unknown, headers: Record<string, string> = {}) => callApi(shop, auth, 'POST', '/api/review', body, headers);
const put = (auth: string | undefined, id: number | string, body: unknown) => callApi(shop, auth, 'PUT', `/api/review/${id}`, body);
const list = (auth: string | undefined, productId: number | string, query = '') => callApi(shop, auth, 'GET', `/api/material/${productId}/reviews${query}`);
const storedReviews = () => shop.db.selectFrom('reviews').selectAll().orderBy('id').execute();
const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

/** A second wholesaler with a product in a category of its own. */
async function foreignProduct(): Promise<ReviewProduct> {
  const tenant = await shop.db.insertInto('tenants').values({ slug: `reviews-other-${process.pid}`, name: 'Anderer Großhandel' }).returning('id').executeTakeFirstOrThrow();
  const category = await shop.db.insertInto('categories').values({ tenant_id: tenant.id, parent_id: null, slug: 'fremd', name: 'Fremd', name_en: null }).returning('id').executeTakeFirstOrThrow();
  return shop.db
    .insertInto('products')
    .values({
      tenant_id: tenant.id, category_id: category.id, sku: 'FREMD-REVIEW-1', name: 'Fremdprodukt', name_en: null, description: null, description_en: null,
      price_cents: 100, retail_price_cents: null, pre_order_price_cents: null, vat_rate_bp: 1900, stock: 5, sales_unit_id: null, release_date: null, bestseller_rank: null,
    })
    .returning(['id', 'sku', 'name'])
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = await demoTenantId(shop);
  const company = await companyWithBuyers(shop, tenantId, 'R-1001', { 'rev.customer': 'customer', 'rev.admin': 'customer_admin', 'rev.colleague': 'customer' });
  buyer = company['rev.customer']!;
  admin = company['rev.admin']!;
  colleague = company['rev.colleague']!;
  elsewhere = (await companyWithBuyers(shop, tenantId, 'R-2001', { 'rev.elsewhere': 'customer' }))['rev.elsewhere']!;
  for (const account of ['guest', 'sales', 'admin'] as const) demo.set(account, await shop.login(account));
  products = await visibleProducts(shop, tenantId).limit(60).execute();
});
afterAll(() => shop.close());

describe('POST /api/review', () => {
  it('takes a review of a product the buyer’s company bought, in the contract’s shape, and lists it', async () => {
    const product = nextProduct();
    await buy(shop, tenantId, buyer, product);
    const answer = await post(buyer.auth, reviewOf(product.id, { rating: 5, name: 'Petra M.', showCompany: true }), { 'accept-language': 'en' });
    expect(answer.statusCode, answer.raw).toBe(201);
    const review = {
      _id: expect.any(Number),
      productId: product.id,
      rating: 5,
      title: 'Solide Qualität',
      text: 'Gut verarbeitet.\nSchnell geliefert.',
      name: 'Petra M.',
      company: 'Firma R-1001',
      verified: true,
      language: 'en',
      createdAt: iso,
      updatedAt: null,
      reply: null,
    };
    expect(answer.body.data).toEqual({ ...review, status: 'published', own: true });
    const id = answer.body.data._id;

    // Another buyer of the company reads it without its status, and may review the product too.
    const read = await list(colleague.auth, product.id);
    expect(read.statusCode, read.raw).toBe(200);
    expect(read.body).toEqual({
      data: [{ ...review, own: false }],
      meta: {
        total: 1,
        average: 5,
        histogram: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 },
        page: 1,
        pageSize: 10,
        sort: 'newest',
        viewer: { canReview: true, ownReviewId: null },
      },
    });
    const own = await list(buyer.auth, product.id);
    expect(own.body.data).toEqual([{ ...review, status: 'published', own: true }]);
    expect(own.body.meta.viewer).toEqual({ canReview: false, ownReviewId: id });
    // The guest reads the list too, and may not review.
    const asGuest = await list(demo.get('guest'), product.id);
    expect(asGuest.statusCode).toBe(200);
    expect(asGuest.body.meta.viewer).toEqual({ canReview: false, ownReviewId: null });
    expect(asGuest.body.data[0].own).toBe(false);
  });

  it('names the company only when the author chooses so', async () => {
    const product = nextProduct();
    await buy(shop, tenantId, buyer, product);
    const review = await submitted(shop, buyer.auth, reviewOf(product.id));
    expect(review).toMatchObject({ name: null, company: null });
    expect((await storedReviews()).find((row) => row.id === review._id)).toMatchObject({ show_company: 0, company_id: buyer.companyId, language: 'de' });
  });

  it('counts a placed order on account or paid, and a variant’s line for its product; not a cancelled, refund_due, awaiting or failed one, nor another company’s', async () => {
    const byState = new Map<string, ReviewProduct>();
    for (const state of ['open', 'paid', 'cancelled', 'refund_due', 'awaiting', 'failed']) {
      const product = nextProduct();
      byState.set(state, product);
      await buy(shop, tenantId, buyer, product, state);
    }
    const variant = await shop.db
      .selectFrom('product_variants as v')
      .select(['v.product_id', 'v.variant_sku'])
      .where('v.is_active', '=', 1)
      .where('v.product_id', 'in', products.slice(used).map((product) => product.id))
      .orderBy('v.product_id')
      .executeTakeFirstOrThrow();
    const variantProduct = products.find((product) => product.id === variant.product_id)!;
    products = products.filter((product) => product !== variantProduct);
    await buy(shop, tenantId, buyer, variantProduct, 'open', variant.variant_sku);
    const othersOnly = nextProduct();
    await buy(shop, tenantId, elsewhere, othersOnly);
    const neverBought = nextProduct();

    const asked = [...byState.values(), variantProduct, othersOnly, neverBought].map((product) => product.id);
    const reviewable = new Set([byState.get('open')!.id, byState.get('paid')!.id, variantProduct.id]);
    // What the order detail's buttons read: the same rule, for the whole company.
    expect(await shop.services.reviews.reviewableProductIdsOf(contextOf(tenantId, buyer, 'customer'), asked)).toEqual(reviewable);
    expect(await shop.services.reviews.reviewableProductIdsOf(contextOf(tenantId, admin, 'customer_admin'), asked)).toEqual(reviewable);
    expect(await shop.services.reviews.reviewableProductIdsOf(contextOf(tenantId, buyer, 'sales'), asked)).toEqual(new Set());
    expect(await shop.services.reviews.reviewableProductIdsOf(contextOf(tenantId, elsewhere, 'customer'), asked)).toEqual(new Set([othersOnly.id]));

    const before = await storedReviews();
    for (const product of [byState.get('cancelled')!, byState.get('refund_due')!, byState.get('awaiting')!, byState.get('failed')!, othersOnly, neverBought]) {
      const refused = await post(buyer.auth, reviewOf(product.id));
      expect(refused.statusCode, product.sku).toBe(403);
      expect(refused.body).toMatchObject({ messageKey: 'review.submit_error', details: { reason: 'review.not_bought' } });
      expect((await list(buyer.auth, product.id)).body.meta.viewer.canReview).toBe(false);
    }
    expect(await storedReviews()).toEqual(before);
    for (const product of [byState.get('open')!, byState.get('paid')!, variantProduct]) {
      expect((await list(buyer.auth, product.id)).body.meta.viewer.canReview).toBe(true);
      await submitted(shop, buyer.auth, reviewOf(product.id));
    }
    // Reviewed: no longer to review for the author, still for the colleague.
    expect(await shop.services.reviews.reviewableProductIdsOf(contextOf(tenantId, buyer, 'customer'), asked)).toEqual(new Set());
    expect(await shop.services.reviews.reviewableProductIdsOf(contextOf(tenantId, admin, 'customer_admin'), asked)).toEqual(reviewable);
    await submitted(shop, elsewhere.auth, reviewOf(othersOnly.id));
  });

  it('takes one review per user and product: another answers 409 with the review’s id, also when both come at once', async () => {
    const product = nextProduct();
    await buy(shop, tenantId, buyer, product);
    const first = await submitted(shop, buyer.auth, reviewOf(product.id));
    const again = await post(buyer.auth, reviewOf(product.id, { rating: 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatchObject({ messageKey: 'review.submit_error', details: { reason: 'review.already_reviewed', reviewId: first._id } });

    const raced = nextProduct();
    await buy(shop, tenantId, buyer, raced);
    const answers = await Promise.all([post(buyer.auth, reviewOf(raced.id)), post(buyer.auth, reviewOf(raced.id, { rating: 2 }))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const taken = answers.find((answer) => answer.statusCode === 201)!.body.data._id;
    expect(answers.find((answer) => answer.statusCode === 409)!.body.details).toEqual({ reason: 'review.already_reviewed', reviewId: taken });
    const rows = (await storedReviews()).filter((row) => row.product_id === raced.id);
    expect(rows.map((row) => row.id)).toEqual([taken]);
    expect(await statsOf(shop, raced.id)).toMatchObject({ published_count: 1 });
  });

  it('keeps text as typed (trimmed): markup arrives as text, never read as HTML', async () => {
    const product = nextProduct();
    await buy(shop, tenantId, buyer, product);
    const title = '<script>alert("x")</script> & <b>fett</b>';
    const text = '<img src=x onerror=alert(1)>\n\tZeile 2 &amp; "Zitat" – Größe 5 cm 👍';
    const answer = await post(buyer.auth, reviewOf(product.id, { title: `  ${title} `, text: `\n${text}  \n`, name: ' <i>Petra</i> ' }));
    expect(answer.statusCode, answer.raw).toBe(201);
    expect(answer.body.data).toMatchObject({ title, text, name: '<i>Petra</i>' });
    expect((await storedReviews()).find((row) => row.id === answer.body.data._id)).toMatchObject({ title, text, name: '<i>Petra</i>' });
    expect((await list(colleague.auth, product.id)).body.data[0]).toMatchObject({ title, text });
  });

  it('refuses sales persons and admins in the reviews’ words, the guest and nobody signed in as everywhere, before reading the body', async () => {
    const product = nextProduct();
    for (const account of ['sales', 'admin'] as const) {
      for (const body of [reviewOf(product.id), {}]) {
        const refused = await post(demo.get(account), body);
        expect(refused.statusCode, account).toBe(403);
        expect(refused.body).toMatchObject({ messageKey: 'review.submit_error', details: { reason: 'review.not_a_buyer' } });
      }
      const edit = await put(demo.get(account), 987654321, reviewOf(product.id));
      expect([edit.statusCode, edit.body.details]).toEqual([403, { reason: 'review.not_a_buyer' }]);
      expect((await list(demo.get(account), product.id)).body.meta.viewer.canReview).toBe(false);
    }
    expect((await post(demo.get('guest'), reviewOf(product.id))).body).toMatchObject({ statusCode: 403, messageKey: 'error.login_required' });
    expect((await put(demo.get('guest'), 1, {})).body).toMatchObject({ statusCode: 403, messageKey: 'error.login_required' });
    expect((await post(undefined, reviewOf(product.id))).body).toMatchObject({ statusCode: 401, messageKey: 'error.unauthorized' });
    expect((await list(undefined, product.id)).body).toMatchObject({ statusCode: 401, messageKey: 'error.unauthorized' });
  });

  it('answers a hidden or another tenant’s product exactly like an unknown one, and stores nothing', async () => {
    const hidden = nextProduct();
    await buy(shop, tenantId, buyer, hidden);
    // Reviewed while it was shown: hidden now, the review is not found either.
    const reviewedBefore = await submitted(shop, colleague.auth, reviewOf(hidden.id));
    await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', hidden.id).execute();
    const foreign = await foreignProduct();
    const before = await storedReviews();
    const unknownPost = await post(buyer.auth, reviewOf(987654321));
    expect([unknownPost.statusCode, unknownPost.body.messageKey, unknownPost.body.field]).toEqual([404, 'error.product_not_found', 'productId']);
    const unknownList = await list(buyer.auth, 987654321);
    const unknownDetail = await callApi(shop, buyer.auth, 'GET', '/api/material/987654321');
    expect([unknownList.statusCode, unknownList.body]).toEqual([unknownDetail.statusCode, unknownDetail.body]);
    for (const [product, auth] of [[hidden, buyer.auth], [hidden, colleague.auth], [foreign, buyer.auth]] as const) {
      const posted = await post(auth, reviewOf(product.id));
      expect([posted.statusCode, posted.body], product.sku).toEqual([unknownPost.statusCode, unknownPost.body]);
      const listed = await list(buyer.auth, product.id);
      expect([listed.statusCode, listed.body], product.sku).toEqual([unknownList.statusCode, unknownList.body]);
    }
    expect(await shop.services.reviews.reviewableProductIdsOf(contextOf(tenantId, buyer, 'customer'), [hidden.id, foreign.id])).toEqual(new Set());
    expect(await shop.services.reviews.ownReviewOf(contextOf(tenantId, colleague, 'customer'), hidden.id)).toBeNull();
    expect(await storedReviews()).toEqual(before);
    // An id that is no id answers like an unknown product.
    expect((await list(buyer.auth, 'abc')).body).toEqual(unknownList.body);
    await shop.db.updateTable('products').set({ is_active: 1 }).where('id', '=', hidden.id).execute();
    expect((await shop.services.reviews.ownReviewOf(contextOf(tenantId, colleague, 'customer'), hidden.id))?._id).toBe(reviewedBefore._id);
  });

  it('refuses malformed input with 400 naming the field, storing nothing', async () => {
    const product = nextProduct();
    await buy(shop, tenantId, buyer, product);
    const before = await storedReviews();
    for (const [body, field, messageKey] of [
      [{ ...reviewOf(product.id), productId: 'abc' }, 'productId', 'validation.invalid'],
      [{ ...reviewOf(product.id), productId: undefined }, 'productId', 'validation.required'],
      [{ ...reviewOf(product.id), rating: 0 }, 'rating', 'validation.invalid'],
      [{ ...reviewOf(product.id), rating: 6 }, 'rating', 'validation.invalid'],
      [{ ...reviewOf(product.id), rating: 4.5 }, 'rating', 'validation.invalid'],
      [{ ...reviewOf(product.id), rating: undefined }, 'rating', 'validation.required'],
      [{ ...reviewOf(product.id), title: '   ' }, 'title', 'validation.required'],
      [{ ...reviewOf(product.id), text: undefined }, 'text', 'validation.required'],
      [{ ...reviewOf(product.id), showCompany: 'yes' }, 'showCompany', 'validation.invalid'],
    ] as const) {
      const answer = await post(buyer.auth, body);
      expect([answer.statusCode, answer.body.field, answer.body.messageKey], JSON.stringify(body).slice(0, 80)).toEqual([400, field, messageKey]);
    }
    expect(await storedReviews()).toEqual(before);
  });
});

describe('PUT /api/review/{id}', () => {
  it('lets the author change the review: it stays verified, gets updatedAt, and the summary follows the rating', async () => {
    const product = nextProduct();
    await buy(shop, tenantId, buyer, product);
    const created = await submitted(shop, buyer.auth, reviewOf(product.id, { rating: 4, name: 'Petra', showCompany: true }));
    expect(await statsOf(shop, product.id)).toEqual({ published_count: 1, rating_sum: 4, stars_1: 0, stars_2: 0, stars_3: 0, stars_4: 1, stars_5: 0 });
    const changed = await callApi(shop, buyer.auth, 'PUT', `/api/review/${created._id}`, { rating: 2, title: 'Nach einem Jahr', text: 'Hält nicht mehr.' }, { 'accept-language': 'en' });
    expect(changed.statusCode, changed.raw).toBe(200);
    expect(changed.body.data).toEqual({
      ...created,
      rating: 2,
      title: 'Nach einem Jahr',
      text: 'Hält nicht mehr.',
      // Left out: no name, the company not shown.
      name: null,
      company: null,
      language: 'en',
      updatedAt: iso,
      verified: true,
      status: 'published',
    });
    expect(await statsOf(shop, product.id)).toEqual({ published_count: 1, rating_sum: 2, stars_1: 0, stars_2: 1, stars_3: 0, stars_4: 0, stars_5: 0 });
  });

  it('answers another user’s review exactly like an unknown id, changing nothing', async () => {
    const product = nextProduct();
    await buy(shop, tenantId, buyer, product);
    const created = await submitted(shop, buyer.auth, reviewOf(product.id));
    const before = await storedReviews();
    const change = { rating: 1, title: 'Übernommen', text: 'Fremd.' };
    const unknown = await put(colleague.auth, 987654321, change);
    expect([unknown.statusCode, unknown.body.messageKey]).toEqual([404, 'review.not_found']);
    for (const [who, id] of [[colleague, created._id], [elsewhere, created._id], [colleague, 'abc'], [colleague, '007']] as const) {
      const answer = await put(who.auth, id, change);
      expect([answer.statusCode, answer.body], String(id)).toEqual([unknown.statusCode, unknown.body]);
    }
    expect(await storedReviews()).toEqual(before);
  });

  it('keeps the limits: at them taken, beyond them 400 naming the field, the review unchanged', async () => {
    const product = nextProduct();
    await buy(shop, tenantId, buyer, product);
    const created = await submitted(shop, buyer.auth, reviewOf(product.id));
    const atLimits = { rating: 1, title: 'T'.repeat(120), text: 'x'.repeat(3999) + '\n', name: 'N'.repeat(80), showCompany: true };
    const taken = await put(buyer.auth, created._id, { ...atLimits, text: 'x'.repeat(4000) });
    expect(taken.statusCode, taken.raw).toBe(200);
    expect(taken.body.data).toMatchObject({ title: 'T'.repeat(120), text: 'x'.repeat(4000), name: 'N'.repeat(80) });
    const stored = (await storedReviews()).find((row) => row.id === created._id);
    for (const [body, field, messageKey] of [
      [{ ...atLimits, title: 'T'.repeat(121) }, 'title', 'validation.too_long'],
      [{ ...atLimits, text: 'x'.repeat(4001) }, 'text', 'validation.too_long'],
      [{ ...atLimits, name: 'N'.repeat(81) }, 'name', 'validation.too_long'],
      [{ ...atLimits, title: 'Zeile\nzwei' }, 'title', 'validation.invalid'],
      [{ ...atLimits, name: 'Petra\tM.' }, 'name', 'validation.invalid'],
      [{ ...atLimits, text: 'kaputt \uD800' }, 'text', 'validation.invalid'],
      [{ ...atLimits, rating: '0' }, 'rating', 'validation.invalid'],
    ] as const) {
      const answer = await put(buyer.auth, created._id, body);
      expect([answer.statusCode, answer.body.field, answer.body.messageKey], `${field} ${messageKey}`).toEqual([400, field, messageKey]);
    }
    expect((await storedReviews()).find((row) => row.id === created._id)).toEqual(stored);
    // A form posts the rating as its digit.
    expect((await put(buyer.auth, created._id, { ...atLimits, rating: '3' })).body.data.rating).toBe(3);
  });
});

describe('the kept summary', () => {
  it('counts 20 reviews of one product sent at once by 20 buyers exactly, and lists them page by page, newest or best first', async () => {
    const product = nextProduct();
    const many = Object.values(await companyWithBuyers(shop, tenantId, 'R-3001', Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`rev.many${i}`, 'customer' as const]))));
    await buy(shop, tenantId, many[0]!, product);
    const ratings = many.map((_, i) => (i % 5) + 1);
    const answers = await Promise.all(many.map((author, i) => post(author.auth, reviewOf(product.id, { rating: ratings[i] }))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(many.map(() => 201));
    expect(await statsOf(shop, product.id)).toEqual({ published_count: 20, rating_sum: 60, stars_1: 4, stars_2: 4, stars_3: 4, stars_4: 4, stars_5: 4 });

    const page = async (n: number, sort: string) => (await list(buyer.auth, product.id, `?page=${n}&sort=${sort}`)).body;
    const first = await page(1, 'newest');
    expect(first.meta).toEqual({ total: 20, average: 3, histogram: { '1': 4, '2': 4, '3': 4, '4': 4, '5': 4 }, page: 1, pageSize: 10, sort: 'newest', viewer: { canReview: false, ownReviewId: null } });
    const newest = [...first.data, ...(await page(2, 'newest')).data];
    expect((await page(3, 'newest')).data).toEqual([]);
    expect(new Set(newest.map((review: { _id: number }) => review._id)).size).toBe(20);
    const byDate = (a: { createdAt: string; _id: number }, b: { createdAt: string; _id: number }) => b.createdAt.localeCompare(a.createdAt) || b._id - a._id;
    expect(newest).toEqual([...newest].sort(byDate));
    const best = [...(await page(1, 'rating')).data, ...(await page(2, 'rating')).data];
    expect(best).toEqual([...newest].sort((a, b) => b.rating - a.rating || byDate(a, b)));
    expect(best.slice(0, 4).map((review: { rating: number }) => review.rating)).toEqual([5, 5, 5, 5]);

    // The product's answer carries the same summary.
    shop.clock.advance(60_000);
    expect((await callApi(shop, buyer.auth, 'GET', `/api/material/${product.id}`)).body.reviews).toEqual({ average: 3, count: 20 });
  });

  it('refuses a page or sort it does not know with 400 naming it', async () => {
    const product = products[0]!;
    for (const [query, field] of [['?sort=best', 'sort'], ['?page=0', 'page'], ['?page=007', 'page'], ['?page=10001', 'page']] as const) {
      const answer = await list(buyer.auth, product.id, query);
      expect([answer.statusCode, answer.body.field], query).toEqual([400, field]);
    }
  });

  it('with reviewsNeedApproval: a new or changed review waits, shown to its author only and not counted, until the ERP publishes it', async () => {
    const product = nextProduct();
    await buy(shop, tenantId, buyer, product);
    await setSiteSetting(shop, tenantId, 'reviewsNeedApproval', true);
    try {
      const waiting = await submitted(shop, buyer.auth, reviewOf(product.id, { rating: 5 }));
      expect(waiting.status).toBe('pending');
      expect((await statsOf(shop, product.id))?.published_count ?? 0).toBe(0);
      const forOthers = await list(colleague.auth, product.id);
      expect([forOthers.body.data, forOthers.body.meta.total, forOthers.body.meta.average]).toEqual([[], 0, null]);
      const forAuthor = await list(buyer.auth, product.id);
      expect(forAuthor.body.data).toEqual([waiting]);
      // What the product page's form starts from: the author's own review, whatever its status.
      expect(await shop.services.reviews.ownReviewOf(contextOf(tenantId, buyer, 'customer'), product.id)).toEqual(waiting);
      expect(await shop.services.reviews.ownReviewOf(contextOf(tenantId, colleague, 'customer'), product.id)).toBeNull();
      expect(forAuthor.body.meta).toMatchObject({ total: 0, viewer: { canReview: false, ownReviewId: waiting._id } });
      expect((await list(buyer.auth, product.id, '?page=2')).body.data).toEqual([]);

      const key = await erpKey(shop, tenantId, ['reviews:write']);
      const published = await erpCall(shop.app, key, 'PUT', `/erp/v1/reviews/${waiting._id}`, { status: 'published' });
      expect([published.statusCode, published.body.status]).toEqual([200, 'published']);
      expect(await statsOf(shop, product.id)).toMatchObject({ published_count: 1, rating_sum: 5, stars_5: 1 });
      expect((await list(colleague.auth, product.id)).body.data.map((review: { _id: number }) => review._id)).toEqual([waiting._id]);

      // The author's change waits again, and leaves the summary.
      const changed = await put(buyer.auth, waiting._id, { rating: 3, title: 'Geändert', text: 'Neu.' });
      expect(changed.body.data.status).toBe('pending');
      expect(await statsOf(shop, product.id)).toMatchObject({ published_count: 0, rating_sum: 0, stars_5: 0, stars_3: 0 });
      expect((await list(colleague.auth, product.id)).body.data).toEqual([]);
    } finally {
      await setSiteSetting(shop, tenantId, 'reviewsNeedApproval', false);
    }
  });

  it('without approval a change publishes a waiting review, and a review the seller hid stays hidden', async () => {
    const product = nextProduct();
    await buy(shop, tenantId, buyer, product);
    const review = await submitted(shop, buyer.auth, reviewOf(product.id, { rating: 2 }));
    const key = await erpKey(shop, tenantId, ['reviews:write']);
    expect((await erpCall(shop.app, key, 'PUT', `/erp/v1/reviews/${review._id}`, { status: 'hidden' })).statusCode).toBe(200);
    expect(await statsOf(shop, product.id)).toMatchObject({ published_count: 0, stars_2: 0 });
    const changed = await put(buyer.auth, review._id, { rating: 4, title: 'Nochmal', text: 'Anders.' });
    expect(changed.body.data.status).toBe('hidden');
    expect(await statsOf(shop, product.id)).toMatchObject({ published_count: 0, rating_sum: 0 });
    // Hidden: the author sees it with its status, nobody else.
    expect((await list(buyer.auth, product.id)).body.data).toMatchObject([{ _id: review._id, status: 'hidden', own: true }]);
    expect((await list(colleague.auth, product.id)).body.data).toEqual([]);

    await shop.db.updateTable('reviews').set({ status: 'pending' }).where('id', '=', review._id).execute();
    expect((await put(buyer.auth, review._id, { rating: 4, title: 'Nochmal', text: 'Anders.' })).body.data.status).toBe('published');
    expect(await statsOf(shop, product.id)).toMatchObject({ published_count: 1, rating_sum: 4, stars_4: 1 });
  });
});

describe('the product answers', () => {
  it('carry the reviews’ average and count in the list, the list with variants, the search and the detail', async () => {
    const product = nextProduct();
    await buy(shop, tenantId, buyer, product);
    await submitted(shop, buyer.auth, reviewOf(product.id, { rating: 4 }));
    await submitted(shop, admin.auth, reviewOf(product.id, { rating: 5 }));
    shop.clock.advance(60_000);
    const summary = { average: 4.5, count: 2 };
    const { category_id: categoryId } = await shop.db.selectFrom('products').select('category_id').where('id', '=', product.id).executeTakeFirstOrThrow();
    const reviewed = new Set((await shop.db.selectFrom('reviews').select('product_id').execute()).map((row) => row.product_id));

    expect((await callApi(shop, colleague.auth, 'GET', `/api/material/${product.id}`)).body.reviews).toEqual(summary);
    for (const route of ['/api/material', '/api/material/listMaterialWithVariants']) {
      const listed: { _id: number; reviews: unknown }[] = [];
      for (let page = 1; !listed.some((entry) => entry._id === product.id); page++) {
        const answer = await callApi(shop, colleague.auth, 'GET', `${route}?category=${categoryId}&pageSize=100&page=${page}`);
        expect(answer.statusCode, answer.raw).toBe(200);
        expect(answer.body.data.length, `${route} page ${page}`).toBeGreaterThan(0);
        listed.push(...answer.body.data);
      }
      expect(listed.find((entry) => entry._id === product.id)?.reviews, route).toEqual(summary);
      const without = listed.find((entry) => !reviewed.has(entry._id));
      expect(without?.reviews, route).toEqual({ average: null, count: 0 });
    }
    const found = await callApi(shop, colleague.auth, 'GET', `/api/material/search?searchKey=${encodeURIComponent(product.sku)}`);
    expect(found.body.data.find((entry: { _id: number }) => entry._id === product.id)?.reviews).toEqual(summary);
  });
});
