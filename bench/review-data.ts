import { sql, type Insertable } from 'kysely';
import type { Database, DatabaseTransaction } from '../server/db/database.ts';
import type { ReviewsTable } from '../server/db/schema.ts';
import { families, random } from './sales-person-data.ts';

// The data of bench/reviews.ts, built once per database and size and kept between runs:
//   - `users` customers `bench-review-00001`… in companies of 10 (`RV-50000`…);
//   - `reviews` published reviews of them over the catalogue's visible products, skewed as a shop's are:
//     15 % of the products (a fixed shuffle) have none, the others draw each review with a weight falling
//     with their rank (the rank's fraction squared: a few products with hundreds or a thousand, most with
//     2 to 6, some with none or one); a product's reviews are by different customers (one per user and
//     product, as the unique key wants). Titles of about 30 characters, texts of 100 to 600, three in four
//     in German, one in ten with the seller's reply, written over two years;
//   - the kept summary (product_review_stats) of exactly these reviews, computed here per product and added
//     to what the products had (the demo seed's reviews) in one upsert per batch, and a feed position for
//     each review, the tenant's counter moved past them (ADR 0029: every writer of reviews keeps both).
// The "bought" rule is not checked: direct inserts, for a read bench. Rows go in with multi-row inserts
// in one transaction (500,000 reviews take a minute, not hours).

const userPrefix = 'bench-review-';
const companyPrefix = 'RV-';
const usersPerCompany = 10;
/** The share of the visible products that never get a review. */
const unreviewedShare = 0.15;
/** Rows per insert: 14 parameters a review, well inside both engines' limits on parameters per statement. */
const batchRows = 1000;

export interface ReviewBenchData {
  tenantId: number;
  /** The bench customers in username order. */
  userIds: number[];
  /** The visible products with the number of published reviews each has (0: none), in id order. */
  products: { id: number; sku: string; reviews: number }[];
  /** Whether this run built the data (the caller settles the database then). */
  built: boolean;
}

async function demoTenantId(db: Database): Promise<number> {
  return (await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
}

/** Products a customer sees: active, in an active leaf category that is not the deals'. */
async function visibleProducts(db: Database, tenantId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'sku'])
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', 1)
    .where('category_id', 'in', db.selectFrom('categories').select('id').where('tenant_id', '=', tenantId).where('is_active', '=', 1).where('is_deal', '=', 0).where('parent_id', 'is not', null))
    .orderBy('id')
    .execute();
}

/** How many reviews each product gets (index as `productCount`), the same for every run of a size. */
function reviewCounts(productCount: number, reviews: number, users: number): number[] {
  const next = random(27_112_026);
  const fraction = () => next() / 2_147_483_647;
  // A fixed shuffle of the products (Fisher–Yates): the reviewed ones and their popularity spread over
  // the catalogue's ids, not its first products.
  const order = Array.from({ length: productCount }, (_, index) => index);
  for (let i = order.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const reviewed = Math.floor(productCount * (1 - unreviewedShare));
  const counts = new Array<number>(productCount).fill(0);
  for (let drawn = 0; drawn < reviews; ) {
    const product = order[Math.floor(reviewed * fraction() ** 2)]!;
    // A product has at most one review per bench customer.
    if (counts[product]! >= users) continue;
    counts[product]!++;
    drawn++;
  }
  return counts;
}

const firstNames = ['Petra', 'Jan', 'Sabine', 'Thomas', 'Anna', 'Michael', 'Katrin', 'Stefan', 'Julia', 'Frank', 'Claudia', 'Andreas', 'Monika', 'Markus', 'Birgit', 'Lukas'];

/** Titles of about 30 characters per language, by how the rating sounds: poor (1–2), mixed (3), good (4–5). */
const titles = {
  de: {
    poor: ['Leider nicht zu empfehlen', 'Hält nicht, was es verspricht', 'Nach zwei Wochen defekt', 'Qualität hat stark nachgelassen', 'Passt nicht wie beschrieben'],
    mixed: ['Ordentlich, aber nicht mehr', 'Für den Preis in Ordnung', 'Solide mit kleinen Schwächen', 'Erfüllt seinen Zweck', 'Brauchbar für gelegentlichen Einsatz'],
    good: ['Top Qualität, gerne wieder', 'Bewährt auf der Baustelle', 'Gutes Preis-Leistungs-Verhältnis', 'Sauber verarbeitet und robust', 'Schnell geliefert, passt perfekt', 'Unser Standard im Betrieb'],
  },
  en: {
    poor: ['Would not recommend it', 'Broke after two weeks of use', 'Not what the listing promised', 'Quality has gone down a lot', 'Did not fit as described'],
    mixed: ['Decent, but nothing more', 'Fine for the price we paid', 'Solid with a few weak points', 'Does the job, no more', 'Usable for occasional work'],
    good: ['Great quality, will reorder', 'Proven on the building site', 'Good value for the money', 'Well made and sturdy', 'Fast delivery, fits perfectly', 'Our standard in the workshop'],
  },
} as const;

/** Sentences a text is made of, 40 to 110 characters each. */
const sentences = {
  de: [
    'Wir setzen das Produkt seit einigen Monaten in zwei Teams ein.',
    'Die Verarbeitung ist sauber, Kanten und Gewinde sind ohne Grat.',
    'Geliefert wurde innerhalb von zwei Tagen, ordentlich verpackt.',
    'Im Vergleich zum Vorgänger wirkt das Material etwas dünner.',
    'Für den täglichen Einsatz auf der Baustelle völlig ausreichend.',
    'Die Maße stimmen genau mit dem Datenblatt überein.',
    'Bei höherer Last hat sich nach einigen Wochen Spiel gezeigt.',
    'Die Kollegen greifen inzwischen lieber zu diesem Modell als zum alten.',
    'Der Preis ist fair, bei größeren Mengen gibt es kaum Alternativen.',
    'Die Montage ging schnell, eine Anleitung wäre trotzdem hilfreich gewesen.',
    'Einzelne Stücke hatten leichte Kratzer, der Ersatz kam ohne Rückfragen.',
    'Wir haben inzwischen dreimal nachbestellt und sind zufrieden.',
  ],
  en: [
    'We have been using this in two crews for a few months now.',
    'The finish is clean, edges and threads come without burrs.',
    'It arrived within two days and was packed properly.',
    'Compared with the previous model the material feels a little thinner.',
    'More than good enough for daily use on the building site.',
    'The dimensions match the data sheet exactly.',
    'Under heavier load some play appeared after a few weeks.',
    'The team now prefers this model over the old one.',
    'The price is fair, for larger quantities there is hardly an alternative.',
    'Fitting it was quick, although instructions would have helped.',
    'A few pieces had light scratches, replacements came without questions.',
    'We have reordered three times since and are happy with it.',
  ],
} as const;

const replies = {
  de: 'Vielen Dank für Ihre Bewertung! Wir haben Ihre Hinweise an den Hersteller weitergegeben und melden uns, sobald es Neuigkeiten gibt.',
  en: 'Thank you for your review! We have passed your notes on to the manufacturer and will get back to you as soon as we hear from them.',
} as const;

const start = Date.UTC(2024, 10, 27);
const span = Date.UTC(2026, 10, 20) - start;

/** One product's reviews, by `count` different customers starting at the `firstUser`'th. */
function* reviewsOf(next: () => number, tenantId: number, product: number, count: number, userIds: readonly number[], companyOf: (user: number) => number, firstUser: number) {
  const fraction = () => next() / 2_147_483_647;
  // Each product has its own standing: the ratings of its reviews gather around it.
  const standing = 2.8 + 2.2 * fraction();
  for (let k = 0; k < count; k++) {
    const user = (firstUser + k) % userIds.length;
    const rating = Math.min(5, Math.max(1, Math.round(standing + (fraction() + fraction() + fraction() - 1.5) * 1.6)));
    const language = next() % 4 === 0 ? ('en' as const) : ('de' as const);
    const tone = rating <= 2 ? 'poor' : rating === 3 ? 'mixed' : 'good';
    const pool = titles[language][tone];
    const wanted = 100 + (next() % 501);
    let text = '';
    while (text.length < wanted) {
      const sentence = sentences[language][next() % sentences[language].length]!;
      if (text.length > 0 && text.length + 1 + sentence.length > 600) break;
      text = text.length === 0 ? sentence : `${text} ${sentence}`;
    }
    const created = start + Math.floor(fraction() * span);
    const replied = next() % 10 === 0;
    const changed = next() % 20 === 0;
    yield {
      tenant_id: tenantId,
      product_id: product,
      user_id: userIds[user]!,
      company_id: companyOf(user),
      rating,
      title: pool[next() % pool.length]!,
      text,
      name: next() % 10 === 0 ? null : `${firstNames[next() % firstNames.length]} ${families[next() % families.length]![0]}.`,
      show_company: (next() % 10 < 3 ? 1 : 0) as 0 | 1,
      language,
      status: 'published' as const,
      reply_text: replied ? replies[language] : null,
      replied_at: replied ? new Date(created + 86_400_000 * (1 + (next() % 5))).toISOString() : null,
      created_at: new Date(created).toISOString(),
      updated_at: changed ? new Date(created + 86_400_000 * (1 + (next() % 30))).toISOString() : null,
    };
  }
}

interface Summary {
  count: number;
  sum: number;
  stars: [number, number, number, number, number];
}

/**
 * Adds `summaries` to the products' kept summaries (negative values take away), one multi-row upsert
 * per batch that adds to the stored values, like moveReviewStats does for one review.
 */
async function addToSummaries(trx: DatabaseTransaction, tenantId: number, summaries: ReadonlyMap<number, Summary>): Promise<void> {
  const rows = [...summaries].map(([product_id, summary]) => ({
    product_id,
    tenant_id: tenantId,
    published_count: summary.count,
    rating_sum: summary.sum,
    stars_1: summary.stars[0],
    stars_2: summary.stars[1],
    stars_3: summary.stars[2],
    stars_4: summary.stars[3],
    stars_5: summary.stars[4],
  }));
  for (let from = 0; from < rows.length; from += 2000) {
    await trx
      .insertInto('product_review_stats')
      .values(rows.slice(from, from + 2000))
      .onConflict((conflict) =>
        conflict.column('product_id').doUpdateSet((eb) => ({
          published_count: eb('product_review_stats.published_count', '+', eb.ref('excluded.published_count')),
          rating_sum: eb('product_review_stats.rating_sum', '+', eb.ref('excluded.rating_sum')),
          stars_1: eb('product_review_stats.stars_1', '+', eb.ref('excluded.stars_1')),
          stars_2: eb('product_review_stats.stars_2', '+', eb.ref('excluded.stars_2')),
          stars_3: eb('product_review_stats.stars_3', '+', eb.ref('excluded.stars_3')),
          stars_4: eb('product_review_stats.stars_4', '+', eb.ref('excluded.stars_4')),
          stars_5: eb('product_review_stats.stars_5', '+', eb.ref('excluded.stars_5')),
        })),
      )
      .execute();
  }
}

/** Removes the bench customers, their companies and reviews, and takes their published reviews out of the kept summaries. */
async function removeBenchReviews(trx: DatabaseTransaction, tenantId: number): Promise<void> {
  const benchUsers = trx.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('username', 'like', `${userPrefix}%`);
  const stars = (star: number) => sql<number>`sum(case when rating = ${sql.lit(star)} then 1 else 0 end)`;
  const published = await trx
    .selectFrom('reviews')
    .select((eb) => ['product_id', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('rating').as('sum'), stars(1).as('s1'), stars(2).as('s2'), stars(3).as('s3'), stars(4).as('s4'), stars(5).as('s5')])
    .where('user_id', 'in', benchUsers)
    .where('status', '=', 'published')
    .groupBy('product_id')
    .execute();
  const negated = new Map<number, Summary>(
    published.map((row) => [row.product_id, { count: -Number(row.count), sum: -Number(row.sum), stars: [-Number(row.s1), -Number(row.s2), -Number(row.s3), -Number(row.s4), -Number(row.s5)] }]),
  );
  await addToSummaries(trx, tenantId, negated);
  // Deleting the users removes their reviews and sessions with them (on delete cascade).
  await trx.deleteFrom('users').where('tenant_id', '=', tenantId).where('username', 'like', `${userPrefix}%`).execute();
  await trx.deleteFrom('companies').where('tenant_id', '=', tenantId).where('customer_no', 'like', `${companyPrefix}%`).execute();
}

/** Builds the customers, reviews, summaries and feed positions when they are missing (or of another size); answers what the bench needs. */
export async function ensureReviewBenchData(db: Database, size: { users: number; reviews: number }): Promise<ReviewBenchData> {
  const tenantId = await demoTenantId(db);
  const visible = await visibleProducts(db, tenantId);
  /** The visible products with their published reviews as the kept summaries count them (the demo seed's too). */
  const productsWithCounts = async () => {
    const summaries = await db.selectFrom('product_review_stats').select(['product_id', 'published_count']).where('tenant_id', '=', tenantId).where('published_count', '>', 0).execute();
    const counted = new Map(summaries.map((row) => [row.product_id, row.published_count]));
    return visible.map((product) => ({ id: product.id, sku: product.sku, reviews: counted.get(product.id) ?? 0 }));
  };
  const benchUsers = db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('username', 'like', `${userPrefix}%`);
  const existing = await benchUsers.orderBy('username').execute();
  const reviewCount = Number((await db.selectFrom('reviews').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', benchUsers).executeTakeFirstOrThrow()).n);
  if (existing.length === size.users && reviewCount === size.reviews) return { tenantId, userIds: existing.map((row) => row.id), products: await productsWithCounts(), built: false };

  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    await removeBenchReviews(trx, tenantId);
    const companyIds: number[] = [];
    const companyCount = Math.ceil(size.users / usersPerCompany);
    for (let from = 0; from < companyCount; from += 500) {
      const rows = Array.from({ length: Math.min(500, companyCount - from) }, (_, i) => ({ tenant_id: tenantId, customer_no: `${companyPrefix}${50_000 + from + i}`, name: `${families[(from + i) % families.length]} Bau ${from + i} GmbH`, vat_country_code: 'DE' }));
      companyIds.push(...(await trx.insertInto('companies').values(rows).returning('id').execute()).map((row) => row.id));
    }
    const userIds: number[] = [];
    for (let from = 0; from < size.users; from += 500) {
      const rows = Array.from({ length: Math.min(500, size.users - from) }, (_, i) => {
        const username = `${userPrefix}${String(from + i + 1).padStart(5, '0')}`;
        return { tenant_id: tenantId, company_id: companyIds[Math.floor((from + i) / usersPerCompany)]!, current_company_id: null, username, email: `${username}@example.com`, first_name: 'Bench', last_name: 'Review', phone: null, password_hash: 'no-sign-in', role: 'customer' as const, locale: null, is_deal: 0 as const };
      });
      userIds.push(...(await trx.insertInto('users').values(rows).returning('id').execute()).map((row) => row.id));
    }
    const companyOf = (user: number) => companyIds[Math.floor(user / usersPerCompany)]!;

    // The feed positions of all the reviews, taken from the tenant's counter in one statement at the
    // start (its row stays locked until the commit, as takeFeedPosition's does); the reviews take them
    // in the order they are inserted.
    const { last_seq: last } = await trx
      .insertInto('review_feed_positions')
      .values({ tenant_id: tenantId, last_seq: size.reviews })
      .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet((eb) => ({ last_seq: eb('review_feed_positions.last_seq', '+', size.reviews) })))
      .returning('last_seq')
      .executeTakeFirstOrThrow();
    let position = last - size.reviews;

    const next = random(20_261_127);
    const summaries = new Map<number, Summary>();
    let batch: Insertable<ReviewsTable>[] = [];
    const flush = async () => {
      if (batch.length > 0) await trx.insertInto('reviews').values(batch).execute();
      batch = [];
    };
    const counts = reviewCounts(visible.length, size.reviews, size.users);
    for (const [index, product] of visible.entries()) {
      if (counts[index] === 0) continue;
      const summary: Summary = { count: 0, sum: 0, stars: [0, 0, 0, 0, 0] };
      for (const review of reviewsOf(next, tenantId, product.id, counts[index]!, userIds, companyOf, next() % userIds.length)) {
        batch.push({ ...review, feed_seq: ++position });
        summary.count++;
        summary.sum += review.rating;
        summary.stars[review.rating - 1]!++;
        if (batch.length === batchRows) await flush();
      }
      summaries.set(product.id, summary);
    }
    await flush();
    await addToSummaries(trx, tenantId, summaries);
  });
  const products = await productsWithCounts();
  console.log(`built ${size.reviews.toLocaleString('en')} reviews of ${size.users.toLocaleString('en')} customers in ${((performance.now() - started) / 1000).toFixed(1)} s; ${products.filter((product) => product.reviews > 0).length.toLocaleString('en')} of ${products.length.toLocaleString('en')} visible products have reviews`);
  return { tenantId, userIds: (await benchUsers.orderBy('username').execute()).map((row) => row.id), products, built: true };
}

/**
 * The products whose kept summary differs from their published reviews counted anew (0 when every
 * summary is exact): the check that the bulk build kept ADR 0029's rule.
 */
export async function countWrongSummaries(db: Database, tenantId: number): Promise<number> {
  const stars = (star: number) => sql<number>`sum(case when r.rating = ${sql.lit(star)} then 1 else 0 end)`;
  const counted = db
    .selectFrom('reviews as r')
    .select((eb) => ['r.product_id', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('r.rating').as('sum'), stars(1).as('s1'), stars(2).as('s2'), stars(3).as('s3'), stars(4).as('s4'), stars(5).as('s5')])
    .where('r.tenant_id', '=', tenantId)
    .where('r.status', '=', 'published')
    .groupBy('r.product_id');
  const row = await db
    .selectFrom('product_review_stats as s')
    .fullJoin(counted.as('c'), 'c.product_id', 's.product_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) =>
      eb.or([
        eb(sql`coalesce(s.published_count, 0)`, '<>', sql`coalesce(c.count, 0)`),
        eb(sql`coalesce(s.rating_sum, 0)`, '<>', sql`coalesce(c.sum, 0)`),
        ...([1, 2, 3, 4, 5] as const).map((star) => eb(sql`coalesce(${sql.ref(`s.stars_${star}`)}, 0)`, '<>', sql`coalesce(${sql.ref(`c.s${star}`)}, 0)`)),
      ]),
    )
    .where(sql`coalesce(s.tenant_id, ${tenantId})`, '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
