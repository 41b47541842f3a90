import { amountOut } from '../../../core/api-money.ts';
import { personalMinimumOrderCents } from '../../../core/cart-totals.ts';
import { isLocale, type Locale } from '../../../core/locale.ts';
import { bpToPercent } from '../../../core/basis-points.ts';
import type { StockMail } from '../../../core/stock-mail.ts';
import type { RequestContext, Role } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { requireAccess } from '../access/access-policy.ts';
import { toAddress, type Address } from '../addresses/address.service.ts';
import type { ProfileInput } from './profile-input.ts';
import type { ProfileChanges, UserRepository } from './user.repository.ts';


export interface SessionAccount {
  _id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** The language the user chose in their profile; null until they choose one (the page's language applies). */
  locale: Locale | null;
  /** Mail for stock notifications: one for each back-in-stock notification, a daily digest, or none. */
  stockMail: StockMail;
  role: Role;
  vatCountryCode: string | null;
  showNetPrices: boolean;
  /** The company's addresses, as GET /api/address answers them (country null where none is set). */
  addresses: Address[];
  company: { _id: number; name: string; customerNo: string } | null;
  isGuest: boolean;
  isSalesPerson: boolean;
  isAdmin: boolean;
  isCustomerAdmin: boolean;
  isDeal: boolean;
  blockUsersToAddNewAddress: boolean;
  minCartAmount: number;
  maintenanceModeActive: boolean;
  transientObject: {
    tenant: string;
    company: {
      freight: { freightExpense: number; freightExpenseUntil: number } | null;
      blockedDelivery: boolean;
      discountType: string | null;
      discountPercent: number;
    } | null;
  };
}

export interface SessionUser {
  token: string;
  userId: number;
  isAuthenticated: true;
  account: SessionAccount;
}

export function createUserService(users: UserRepository) {
  /** The signed-in user as the shop shows it (the session user). */
  async function getSessionUser(ctx: RequestContext, token: string): Promise<SessionUser> {
    const { identity } = requireAccess(ctx, 'signedIn');
    const user = await users.findById(ctx.tenant.id, identity.userId);
    if (!user) throw new AppError('unauthorized', 'error.unauthorized');
    const company = identity.companyId ? await users.findCompany(ctx.tenant.id, identity.companyId) : undefined;
    const addresses = company ? await users.listAddresses(ctx.tenant.id, company.id) : [];
    const role = user.role as Role;
    const hasFreight = company?.freight_expense_cents != null && company.freight_expense_until_cents != null;
    return {
      token,
      userId: user.id,
      isAuthenticated: true,
      account: {
        _id: user.id,
        username: user.username,
        email: user.email,
        firstName: user.first_name,
        lastName: user.last_name,
        phone: user.phone ?? '',
        locale: isLocale(user.locale) ? user.locale : null,
        stockMail: user.stock_mail,
        role,
        vatCountryCode: company?.vat_country_code ?? null,
        showNetPrices: company ? company.show_net_prices === 1 : true,
        addresses: addresses.map((row) => toAddress(row, ctx.locale)),
        company: company ? { _id: company.id, name: company.name, customerNo: company.customer_no } : null,
        isGuest: role === 'guest',
        isSalesPerson: role === 'sales',
        isAdmin: role === 'admin',
        isCustomerAdmin: role === 'customer_admin',
        isDeal: user.is_deal === 1,
        blockUsersToAddNewAddress: user.block_users_to_add_new_address === 1,
        minCartAmount: amountOut(personalMinimumOrderCents(user.min_cart_amount_cents, company?.min_cart_amount_cents)),
        maintenanceModeActive: company?.maintenance_mode_active === 1,
        transientObject: {
          tenant: ctx.tenant.slug,
          company: company
            ? {
                freight: hasFreight
                  ? {
                      freightExpense: amountOut(company.freight_expense_cents ?? 0),
                      freightExpenseUntil: amountOut(company.freight_expense_until_cents ?? 0),
                    }
                  : null,
                blockedDelivery: company.blocked_delivery === 1,
                discountType: company.discount_type,
                discountPercent: bpToPercent(company.discount_percent_bp),
              }
            : null,
        },
      },
    };
  }

  return {
    getSessionUser,

    /**
     * Changes what the user may change of their own profile (POST /api/user/currentUser and the profile
     * form; the fields in profile-input.ts) and answers the session user as it is now. Account users only
     * (the shared guest has no profile); an e-mail address another user of the tenant has is refused (409
     * 'user.email.taken', nothing changed).
     */
    async updateProfile(ctx: RequestContext, token: string, input: ProfileInput): Promise<SessionUser> {
      const { identity } = requireAccess(ctx, 'accountUser');
      const changes: ProfileChanges = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      if (Object.keys(changes).length > 0) {
        const outcome = await users.updateProfile(ctx.tenant.id, identity.userId, changes);
        if (outcome === 'email_taken') throw new AppError('conflict', 'user.email.taken', { field: 'email' });
      }
      return getSessionUser(ctx, token);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
