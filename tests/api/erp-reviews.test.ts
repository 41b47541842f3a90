import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTenantId, erpCall, erpKey, otherTenant } from './erp-order-fixtures.ts';
import { callApi, startTestShop, type TestShop } from './helper.ts';
import { buy, companyWithBuyers, reviewOf, statsOf, submitted, visibleProducts, type Buyer, type ReviewProduct } from './review-fixtures.ts';

// The seller's side of the reviews (docs/erp-integration.md, Reviews): GET /erp/v1/reviews, the feed of
// every review written or changed after a position, and PUT /erp/v1/reviews/{id}, moderation and reply,
// for the API client's own tenant only, with the storefront and the kept summary following at once.

let shop: TestShop;
let tenantId: number;
let reader: string;
let moderator: string;
let author: Buyer;
let colleague: Buyer;
let products: ReviewProduct[];

interface FeedReview {
  id: number;
  seq: number;
  rating: number;
  title: string;
  status: string;
  reply: { text: string; repliedAt: string } | null;
}

const feed = async (after: number, limit = 100, key = reader) => {
  const answer = await erpCall(shop.app, key, 'GET', `/erp/v1/reviews?after=${after}&limit=${limit}`);
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { data: FeedReview[]; next: number };
};
const moderate = (id: number | string, body: object, key = moderator) => erpCall(shop.app, key, 'PUT', `/erp/v1/reviews/${id}`, body);
const listed = (productId: number) => callApi(shop, colleague.auth, 'GET', `/api/material/${productId}/reviews`);

/** A review of a product of its own by the test's author, published. */
async function newReview(rating = 4): Promise<{ id: number; product: ReviewProduct }> {
  const product = products.shift()!;
  await buy(shop, tenantId, author, product);
  return { id: (await submitted(shop, author.auth, reviewOf(product.id, { rating })))._id, product };
}

/** Where the feed stands now: the position after every review written so far. */
async function feedEnd(): Promise<number> {
  let next = 0;
  for (let page = await feed(0, 500); page.data.length > 0; page = await feed(next, 500)) next = page.next;
  return next;
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = await demoTenantId(shop);
  reader = await erpKey(shop, tenantId, ['reviews:read']);
  moderator = await erpKey(shop, tenantId, ['reviews:write']);
  const buyers = await companyWithBuyers(shop, tenantId, 'R-5001', { 'erp.author': 'customer', 'erp.colleague': 'customer' });
  author = buyers['erp.author']!;
  colleague = buyers['erp.colleague']!;
  products = await visibleProducts(shop, tenantId).limit(20).execute();
});
afterAll(() => shop.close());

describe('GET /erp/v1/reviews', () => {
  it('needs the scope reviews:read', async () => {
    for (const key of [moderator, await erpKey(shop, tenantId, ['orders:read'])]) {
      const refused = await erpCall(shop.app, key, 'GET', '/erp/v1/reviews');
      expect([refused.statusCode, refused.body.messageKey, refused.body.details]).toEqual([403, 'api.scope.missing', { scope: 'reviews:read' }]);
    }
    expect((await erpCall(shop.app, null, 'GET', '/erp/v1/reviews')).statusCode).toBe(401);
  });

  it('answers every review of the tenant in position order with what the ERP needs, page by page', async () => {
    const first = await feed(0, 500);
    // The demo data's reviews, then this test's.
    expect(first.data.length).toBeGreaterThanOrEqual(3);
    const seqs = first.data.map((review) => review.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(first.next).toBe(seqs.at(-1));

    const { id, product } = await newReview(5);
    const stored = await shop.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const after = await feed(first.next);
    expect(after.data).toEqual([
      {
        id,
        seq: first.next + 1,
        sku: product.sku,
        userId: author.userId,
        username: 'erp.author',
        customerNo: 'R-5001',
        rating: 5,
        title: 'Solide Qualität',
        text: 'Gut verarbeitet.\nSchnell geliefert.',
        name: null,
        showCompany: false,
        language: 'de',
        status: 'published',
        reply: null,
        createdAt: stored.created_at,
        updatedAt: null,
      },
    ]);
    expect(after.next).toBe(first.next + 1);
    // Nothing new: nothing answered, and `next` stays.
    expect(await feed(after.next)).toEqual({ data: [], next: after.next });

    // Pages of `limit`, each continuing where the last one ended.
    const paged: FeedReview[] = [];
    for (let page = await feed(0, 2); page.data.length > 0; page = await feed(page.next, 2)) {
      expect(page.data.length).toBeLessThanOrEqual(2);
      paged.push(...page.data);
    }
    expect(paged).toEqual([...first.data, ...after.data]);
  });

  it('answers a review again at a new position after each change by its author or the seller, never a change twice', async () => {
    const { id, product } = await newReview();
    const start = await feedEnd();
    const edited = await callApi(shop, author.auth, 'PUT', `/api/review/${id}`, { rating: 2, title: 'Geändert', text: 'Anders.' });
    expect(edited.statusCode).toBe(200);
    const afterEdit = await feed(start);
    expect(afterEdit.data.map((review) => [review.id, review.rating, review.title])).toEqual([[id, 2, 'Geändert']]);

    const hidden = await moderate(id, { status: 'hidden' });
    const afterHide = await feed(afterEdit.next);
    expect(afterHide.data).toEqual([hidden.body]);
    expect(hidden.body.seq).toBeGreaterThan(afterEdit.data[0]!.seq);
    // The same again changes nothing: no new position.
    const unchanged = await moderate(id, { status: 'hidden' });
    expect(unchanged.body).toEqual(hidden.body);
    expect(await feed(afterHide.next)).toEqual({ data: [], next: afterHide.next });
    expect((await statsOf(shop, product.id))?.published_count).toBe(0);
  });

  it('refuses a limit or position out of range with 400', async () => {
    for (const query of ['limit=0', 'limit=501', 'after=-1', 'after=x']) {
      expect((await erpCall(shop.app, reader, 'GET', `/erp/v1/reviews?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('PUT /erp/v1/reviews/{id}', () => {
  it('needs the scope reviews:write', async () => {
    const { id } = await newReview();
    const refused = await moderate(id, { status: 'hidden' }, reader);
    expect([refused.statusCode, refused.body.details]).toEqual([403, { scope: 'reviews:write' }]);
    expect((await shop.db.selectFrom('reviews').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('published');
  });

  it('hides a review: gone from the storefront’s list, the summary and the product’s answers; publishing brings it back', async () => {
    const { id, product } = await newReview(5);
    await submitted(shop, colleague.auth, reviewOf(product.id, { rating: 3 }));
    expect(await statsOf(shop, product.id)).toMatchObject({ published_count: 2, rating_sum: 8, stars_5: 1, stars_3: 1 });

    const hidden = await moderate(id, { status: 'hidden' });
    expect([hidden.statusCode, hidden.body.status]).toEqual([200, 'hidden']);
    expect(await statsOf(shop, product.id)).toMatchObject({ published_count: 1, rating_sum: 3, stars_5: 0, stars_3: 1 });
    const list = await listed(product.id);
    expect(list.body.data.map((review: { _id: number }) => review._id)).not.toContain(id);
    expect(list.body.meta).toMatchObject({ total: 1, average: 3, histogram: { '3': 1, '5': 0 } });
    shop.clock.advance(60_000);
    expect((await callApi(shop, colleague.auth, 'GET', `/api/material/${product.id}`)).body.reviews).toEqual({ average: 3, count: 1 });

    expect((await moderate(id, { status: 'published' })).body.status).toBe('published');
    expect(await statsOf(shop, product.id)).toMatchObject({ published_count: 2, rating_sum: 8, stars_5: 1 });
    expect((await listed(product.id)).body.data.map((review: { _id: number }) => review._id)).toContain(id);
  });

  it('answers a review with a reply shown under it in the storefront; null removes it', async () => {
    const { id, product } = await newReview();
    const replied = await moderate(id, { reply: '  Vielen Dank!\nIhr Team  ' });
    expect(replied.statusCode, JSON.stringify(replied.body)).toBe(200);
    expect(replied.body.reply).toEqual({ text: 'Vielen Dank!\nIhr Team', repliedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect((await listed(product.id)).body.data.find((review: { _id: number }) => review._id === id).reply).toEqual(replied.body.reply);
    // The same reply again is no change: its date stays.
    shop.clock.advance(5_000);
    expect((await moderate(id, { reply: 'Vielen Dank!\nIhr Team' })).body.reply).toEqual(replied.body.reply);
    const changed = await moderate(id, { reply: 'Danke, wir kümmern uns.' });
    expect(changed.body.reply.repliedAt > replied.body.reply.repliedAt).toBe(true);
    // A reply leaves the status and the summary as they are.
    expect(changed.body.status).toBe('published');
    expect((await statsOf(shop, product.id))?.published_count).toBe(1);

    const removed = await moderate(id, { reply: null });
    expect(removed.body.reply).toBeNull();
    expect((await listed(product.id)).body.data.find((review: { _id: number }) => review._id === id).reply).toBeNull();
  });

  it('refuses malformed changes with 400 naming the field, changing nothing', async () => {
    const { id } = await newReview();
    const before = await shop.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect((await moderate(id, { reply: 'x'.repeat(4000) })).statusCode).toBe(200);
    const withLongReply = await shop.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const [body, field] of [
      [{ status: 'pending' }, 'status'],
      [{ status: 'deleted' }, 'status'],
      [{ reply: 'x'.repeat(4001) }, 'reply'],
      [{ reply: '   ' }, 'reply'],
      [{ reply: 'kaputt \uD800' }, 'reply'],
      [{ rating: 5 }, 'rating'],
    ] as const) {
      const answer = await moderate(id, body);
      expect([answer.statusCode, answer.body.field], JSON.stringify(body).slice(0, 60)).toEqual([400, field]);
    }
    expect(await shop.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(withLongReply);
    expect(withLongReply).toEqual({ ...before, reply_text: 'x'.repeat(4000), replied_at: expect.any(String), feed_seq: expect.any(Number) });
  });
});

describe('tenants', () => {
  it('a client of another tenant reads none of the tenant’s reviews, and its change of one answers like an unknown id', async () => {
    const { id } = await newReview();
    const other = await otherTenant(shop, `reviews-${process.pid}`);
    const foreignReader = await erpKey(shop, other, ['reviews:read']);
    const foreignModerator = await erpKey(shop, other, ['reviews:write']);
    expect(await feed(0, 500, foreignReader)).toEqual({ data: [], next: 0 });
    const unknown = await moderate(987654321, { status: 'hidden' });
    expect([unknown.statusCode, unknown.body.messageKey]).toEqual([404, 'erp.reviews.not_found']);
    const foreign = await moderate(id, { status: 'hidden' }, foreignModerator);
    expect(foreign).toEqual(unknown);
    expect((await shop.db.selectFrom('reviews').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('published');
  });
});
