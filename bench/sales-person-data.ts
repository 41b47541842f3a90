import type { Database } from '../server/db/database.ts';
import { hashPassword } from '../server/modules/auth/password.ts';

// The data of bench/sales-person.ts, built once per database and size and kept between runs:
//   - `bench-sales` / `Bench-Sales-1` serving `companies` companies `S-50000`…;
//   - the pool: `salesPersons` sales persons `bench-pool-001`… each serving `companies` companies drawn
//     from a shared pool of `poolSize` companies `P-50000`… (every company served by several of them, as
//     a field team shares a region's customers).
// Rows go in with multi-row inserts in one transaction: 500,000 assignments take seconds, not minutes.

export const salesLogin = { username: 'bench-sales', password: 'Bench-Sales-1' };
const poolUserPrefix = 'bench-pool-';

// Company names like a wholesaler's customer list: a trade, a family name, a place, a legal form.
export const trades = ['Bau', 'Holz', 'Metall', 'Elektro', 'Sanitär', 'Dach', 'Garten', 'Fenster', 'Maler', 'Tischlerei', 'Schlosserei', 'Werkzeug', 'Haustechnik', 'Fliesen', 'Beschläge', 'Eisenwaren'];
export const families = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger'];
export const places = ['Nord', 'Süd', 'Hamburg', 'Kiel', 'Bremen', 'Lübeck', 'Hannover', 'Rostock', 'Flensburg', 'Oldenburg', 'Harburg', 'Altona'];
const forms = ['GmbH', 'KG', 'e.K.', 'GmbH & Co. KG', 'OHG', 'AG'];

/** A small deterministic generator, so every run builds and searches the same data. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 48_271) % 2_147_483_647;
    return state;
  };
}

function companyName(next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[next() % list.length]!;
  return `${pick(families)} ${pick(trades)}${next() % 3 === 0 ? 'handel' : ''} ${pick(places)} ${pick(forms)}`;
}

async function demoTenantId(db: Database): Promise<number> {
  return (await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
}

/** Inserts `count` companies numbered `<prefix>50000`… and answers their ids in that order. */
async function insertCompanies(db: Database, tenantId: number, prefix: string, count: number, seed: number): Promise<number[]> {
  const next = random(seed);
  const ids: number[] = [];
  for (let from = 0; from < count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, i) => ({ tenant_id: tenantId, customer_no: `${prefix}${String(50_000 + from + i)}`, name: companyName(next), vat_country_code: 'DE' }));
    ids.push(...(await db.insertInto('companies').values(rows).returning('id').execute()).map((row) => row.id));
  }
  return ids;
}

async function insertAssignments(db: Database, rows: { user_id: number; company_id: number }[]): Promise<void> {
  // 5,000 rows of 2 parameters: well inside both engines' limit on parameters per statement.
  for (let from = 0; from < rows.length; from += 5000) await db.insertInto('sales_person_companies').values(rows.slice(from, from + 5000)).execute();
}

function salesPerson(tenantId: number, companyId: number, username: string, passwordHash: string) {
  return { tenant_id: tenantId, company_id: companyId, current_company_id: null, username, email: `${username}@example.com`, first_name: 'Bench', last_name: 'Sales', phone: null, password_hash: passwordHash, role: 'sales' as const, locale: null, is_deal: 0 as const };
}

/** `bench-sales` and their companies, built when missing (or of another size). */
export async function ensureSalesPerson(db: Database, companyCount: number): Promise<void> {
  const tenantId = await demoTenantId(db);
  const existing = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('username', '=', salesLogin.username).executeTakeFirst();
  if (existing) {
    const served = await db.selectFrom('sales_person_companies').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', existing.id).executeTakeFirstOrThrow();
    if (Number(served.n) === companyCount) return;
    await db.deleteFrom('sales_person_companies').where('user_id', '=', existing.id).execute();
    await db.deleteFrom('users').where('id', '=', existing.id).execute();
  }
  const started = performance.now();
  await db.deleteFrom('companies').where('tenant_id', '=', tenantId).where('customer_no', 'like', 'S-%').execute();
  const ids = await insertCompanies(db, tenantId, 'S-', companyCount, 20_261_124);
  const user = await db
    .insertInto('users')
    .values(salesPerson(tenantId, ids[0]!, salesLogin.username, await hashPassword(salesLogin.password)))
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertAssignments(
    db,
    ids.map((company_id) => ({ user_id: user.id, company_id })),
  );
  console.log(`built ${salesLogin.username} serving ${companyCount} companies in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export interface PoolSize {
  salesPersons: number;
  companiesEach: number;
  poolSize: number;
}

/** The pool's sales persons (ids in username order), built when missing or of another size. */
export async function ensurePool(db: Database, size: PoolSize): Promise<{ tenantId: number; userIds: number[] }> {
  const tenantId = await demoTenantId(db);
  const poolUsers = db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('username', 'like', `${poolUserPrefix}%`);
  const users = await poolUsers.orderBy('username').execute();
  const served = await db.selectFrom('sales_person_companies').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', 'in', poolUsers).executeTakeFirstOrThrow();
  const companies = await db.selectFrom('companies').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).where('customer_no', 'like', 'P-%').executeTakeFirstOrThrow();
  if (users.length === size.salesPersons && Number(served.n) === size.salesPersons * size.companiesEach && Number(companies.n) === size.poolSize) {
    return { tenantId, userIds: users.map((user) => user.id) };
  }

  const started = performance.now();
  const passwordHash = await hashPassword(salesLogin.password);
  const userIds = await db.transaction().execute(async (trx) => {
    // Deleting the users removes their assignments and sessions with them (on delete cascade).
    await trx.deleteFrom('users').where('tenant_id', '=', tenantId).where('username', 'like', `${poolUserPrefix}%`).execute();
    await trx.deleteFrom('companies').where('tenant_id', '=', tenantId).where('customer_no', 'like', 'P-%').execute();
    const pool = await insertCompanies(trx, tenantId, 'P-', size.poolSize, 1_122_334);
    const names = Array.from({ length: size.salesPersons }, (_, i) => `${poolUserPrefix}${String(i + 1).padStart(3, '0')}`);
    const ids = (await trx.insertInto('users').values(names.map((name, i) => salesPerson(tenantId, pool[i % pool.length]!, name, passwordHash))).returning('id').execute()).map((row) => row.id);
    // Each sales person's companies: the first `companiesEach` of a shuffle of the pool (Fisher–Yates).
    const next = random(7_654_321);
    const rows: { user_id: number; company_id: number }[] = [];
    for (const user_id of ids) {
      const shuffled = [...pool];
      for (let i = 0; i < size.companiesEach; i++) {
        const j = i + (next() % (shuffled.length - i));
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        rows.push({ user_id, company_id: shuffled[i]! });
      }
    }
    await insertAssignments(trx, rows);
    return ids;
  });
  console.log(`built ${size.salesPersons} sales persons serving ${size.companiesEach} of ${size.poolSize} companies each in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { tenantId, userIds };
}
