import type { Kysely } from 'kysely';
import { hashPassword } from '../../modules/auth/password.ts';
import type { DB, NewRow, Role } from '../schema.ts';
import { SEED_TIME } from './reference-data.ts';

// Customer companies with their addresses, and the demo accounts (one of each kind of user: docs/product.md, Roles).

type CompanySeed = Omit<NewRow<'companies'>, 'tenant_id'> & {
  addresses: { city: string; zip: string; street: string; country: [string, string]; contact: [string, string]; phone: string }[];
};

const companies: CompanySeed[] = [
  {
    customer_no: '10001', name: 'Muster Baubedarf GmbH', vat_country_code: 'DE', show_net_prices: 1,
    discount_type: 'percent', discount_percent_bp: 300,
    addresses: [
      { street: 'Industriestraße 7', zip: '22525', city: 'Hamburg', country: ['DE', 'Deutschland'], contact: ['Petra', 'Muster'], phone: '+49 40 555010' },
      { street: 'Lagerweg 3, Tor 2', zip: '21079', city: 'Hamburg-Harburg', country: ['DE', 'Deutschland'], contact: ['Warenannahme', 'Lager Süd'], phone: '+49 40 555011' },
    ],
  },
  {
    customer_no: '10002', name: 'Alpen Handel AG', vat_country_code: 'AT', show_net_prices: 0,
    freight_expense_cents: 1500, freight_expense_until_cents: 30000,
    addresses: [
      { street: 'Maria-Theresien-Straße 21', zip: '6020', city: 'Innsbruck', country: ['AT', 'Österreich'], contact: ['Andreas', 'Hofer'], phone: '+43 512 556677' },
      { street: 'Gewerbepark 5', zip: '5020', city: 'Salzburg', country: ['AT', 'Österreich'], contact: ['Lager', 'Salzburg'], phone: '+43 662 889900' },
    ],
  },
  {
    customer_no: '10003', name: 'Werkstatt Meier KG', vat_country_code: 'DE', show_net_prices: 1,
    addresses: [
      { street: 'Schmiedegasse 4', zip: '24103', city: 'Kiel', country: ['DE', 'Deutschland'], contact: ['Klaus', 'Meier'], phone: '+49 431 778899' },
      { street: 'Am Außenhafen 18', zip: '24143', city: 'Kiel', country: ['DE', 'Deutschland'], contact: ['Jörg', 'Meier'], phone: '+49 431 778800' },
    ],
  },
];

interface AccountSeed {
  username: string;
  password: string;
  role: Role;
  company: string | null;
  first: string;
  last: string;
  email: string;
  isLocked?: boolean;
  isDeal?: boolean;
  locale?: string;
}

/** The demo logins; documented in the seed CLI's output. */
export const demoAccounts: readonly AccountSeed[] = [
  { username: 'guest', password: 'guest', role: 'guest', company: null, first: 'Gast', last: 'Zugang', email: 'guest@nordlicht-grosshandel.example' },
  { username: 'customer', password: 'Demo-Customer-1', role: 'customer', company: '10001', first: 'Petra', last: 'Muster', email: 'petra.muster@muster-baubedarf.example', isDeal: true },
  { username: 'customeradmin', password: 'Demo-CustomerAdmin-1', role: 'customer_admin', company: '10001', first: 'Thomas', last: 'Muster', email: 'thomas.muster@muster-baubedarf.example', isDeal: true },
  { username: 'customer2', password: 'Demo-Customer-2', role: 'customer', company: '10002', first: 'Andreas', last: 'Hofer', email: 'a.hofer@alpenhandel.example', locale: 'de' },
  { username: 'sales', password: 'Demo-Sales-1', role: 'sales', company: '10001', first: 'Sven', last: 'Carstensen', email: 'sven.carstensen@nordlicht-grosshandel.example' },
  { username: 'admin', password: 'Demo-Admin-1', role: 'admin', company: '10001', first: 'Anna', last: 'Schröder', email: 'admin@nordlicht-grosshandel.example' },
  { username: 'locked', password: 'Demo-Locked-1', role: 'customer', company: '10003', first: 'Jörg', last: 'Meier', email: 'joerg.meier@werkstatt-meier.example', isLocked: true },
];

export interface SeededAccounts {
  companyIds: Map<string, number>;
  userIds: Map<string, number>;
}

export async function seedAccounts(db: Kysely<DB>, tenantId: number): Promise<SeededAccounts> {
  const companyIds = new Map<string, number>();
  for (const { addresses, ...company } of companies) {
    const row = await db
      .insertInto('companies')
      .values({ ...company, tenant_id: tenantId, created_at: SEED_TIME })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyIds.set(company.customer_no, row.id);
    await db
      .insertInto('addresses')
      .values(
        addresses.map((a, i) => ({
          tenant_id: tenantId,
          company_id: row.id,
          type: i === 0 ? (0 as const) : (1 as const),
          is_default: i === 0 ? (1 as const) : (0 as const),
          first_name: a.contact[0],
          last_name: a.contact[1],
          street: a.street,
          street2: null,
          addressline2: i === 0 ? company.name : null,
          apartment: null,
          zip_code: a.zip,
          city: a.city,
          state: null,
          country_code: a.country[0],
          country_name: a.country[1],
          phone_number: a.phone,
          created_at: SEED_TIME,
        })),
      )
      .execute();
  }

  // Hashing is deliberately slow: hash each distinct password once.
  const hashes = new Map<string, string>();
  for (const account of demoAccounts) {
    if (!hashes.has(account.password)) hashes.set(account.password, await hashPassword(account.password));
  }

  const companyId = (customerNo: string | null) => (customerNo === null ? null : (companyIds.get(customerNo) ?? null));
  const rows = await db
    .insertInto('users')
    .values(
      demoAccounts.map((a) => ({
        tenant_id: tenantId,
        company_id: companyId(a.company),
        current_company_id: a.role === 'sales' ? companyId(a.company) : null,
        username: a.username,
        email: a.email,
        first_name: a.first,
        last_name: a.last,
        phone: a.role === 'guest' ? null : '+49 40 1234567-99',
        password_hash: hashes.get(a.password) ?? '',
        role: a.role,
        is_active: 1 as const,
        is_locked: a.isLocked ? (1 as const) : (0 as const),
        is_deal: a.isDeal ? (1 as const) : (0 as const),
        block_users_to_add_new_address: 0 as const,
        min_cart_amount_cents: 0,
        locale: a.locale ?? null,
        password_changed_at: SEED_TIME,
        created_at: SEED_TIME,
      })),
    )
    .returning(['id', 'username'])
    .execute();
  const userIds = new Map(rows.map((r) => [r.username, r.id]));

  const salesId = userIds.get('sales');
  if (salesId !== undefined) {
    await db
      .insertInto('sales_person_companies')
      .values([...companyIds.values()].map((company_id) => ({ user_id: salesId, company_id })))
      .execute();
  }
  return { companyIds, userIds };
}
