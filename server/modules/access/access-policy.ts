import type { RequestContext, SessionIdentity } from '../../context.ts';
import { AppError } from '../../errors.ts';

// Who may do what: the one home of the shop's access rules (docs/decisions/0017-access-policy.md).
// A caller meets a named requirement or is refused, always in the same words:
//   - nobody signed in: 401 'error.unauthorized';
//   - the shared guest asking for anything a full account may do: 403 'error.login_required' (the
//     browser answers it with the login modal);
//   - a signed-in user whose role is not entitled: 403 'error.forbidden'.
// API routes declare their requirement in api-access.ts (checked before the handler reads any input);
// services check it again, so a page loader calling them in process is held to the same rule.

export type Requirement =
  /** Anyone, signed in or not (signing in, the public configuration, the provider's webhook). */
  | 'public'
  /** Any signed-in user, the shared guest included (the catalogue, reference data). */
  | 'signedIn'
  /** A full account that buys: cart, wishlist, addresses, placing and paying orders. */
  | 'buyer'
  /** A full account that has an account area: profile, password, order history, documents. */
  | 'accountUser'
  /**
   * A full account that reads the company's invoices and credits; a plain customer only where the
   * company shares them (finance-readers.ts reads that setting: 403 'finance.not_shared').
   */
  | 'financeReader'
  /** The customer admin of a company: its users. */
  | 'customerAdmin'
  /** Who reads what sales persons did for a company: its customer admins and the shop's admins. */
  | 'companyActivityReader'
  /** A sales person: the customers they serve, and the switch between them. */
  | 'salesPerson'
  /**
   * A full account using stock alarms and notifications, where the shop allows them (notification-users.ts
   * reads the site setting allowNotifications: 403 'error.notifications_not_allowed') and for the company
   * it acts for (a sales person who chose none: 403 'error.forbidden').
   */
  | 'notificationUser';

export type SignedInContext = RequestContext & { identity: SessionIdentity };

/** A caller acting for a company (customer admins always are; admins and sales persons when they chose one). */
export type CompanyContext = SignedInContext & { identity: { companyId: number } };

type RoleRequirement = Exclude<Requirement, 'public' | 'signedIn'>;

const isFullAccount = (identity: SessionIdentity) => identity.role !== 'guest';

/** What each requirement asks of a signed-in user who is not the guest. */
const entitled: Record<RoleRequirement, (identity: SessionIdentity) => boolean> = {
  buyer: isFullAccount,
  accountUser: isFullAccount,
  financeReader: isFullAccount,
  customerAdmin: (identity) => identity.role === 'customer_admin' && identity.companyId !== null,
  companyActivityReader: (identity) => (identity.role === 'customer_admin' || identity.role === 'admin') && identity.companyId !== null,
  salesPerson: (identity) => identity.role === 'sales',
  notificationUser: isFullAccount,
};

/** The refusal a caller gets for a requirement; null when they meet it. */
export function refusalOf(identity: SessionIdentity | null, requirement: Requirement): AppError | null {
  if (requirement === 'public') return null;
  if (!identity) return new AppError('unauthorized', 'error.unauthorized');
  if (requirement === 'signedIn') return null;
  if (identity.role === 'guest') return new AppError('forbidden', 'error.login_required');
  return entitled[requirement](identity) ? null : new AppError('forbidden', 'error.forbidden');
}

interface ContextOf {
  public: RequestContext;
  signedIn: SignedInContext;
  buyer: SignedInContext;
  accountUser: SignedInContext;
  financeReader: SignedInContext;
  customerAdmin: CompanyContext;
  companyActivityReader: CompanyContext;
  salesPerson: SignedInContext;
  notificationUser: SignedInContext;
}

/** The caller's context when they meet the requirement; throws the refusal otherwise. */
export function requireAccess<R extends Requirement>(ctx: RequestContext, requirement: R): ContextOf[R] {
  const refusal = refusalOf(ctx.identity, requirement);
  if (refusal) throw refusal;
  return ctx as ContextOf[R];
}

/** Whether the caller meets the requirement (a page leaves out what they may not use). */
export function meetsRequirement(ctx: RequestContext, requirement: Requirement): boolean {
  return refusalOf(ctx.identity, requirement) === null;
}

/**
 * A caller acting for a company: every customer belongs to one; a sales person or admin only while they
 * act for a customer. Placing orders and the address book need one; without it 403 'error.forbidden'.
 */
export function actsForCompany(ctx: SignedInContext): ctx is CompanyContext {
  return ctx.identity.companyId !== null;
}

/** The caller's context when they act for a company; throws 403 'error.forbidden' otherwise. */
export function requireCompany(ctx: SignedInContext): CompanyContext {
  if (!actsForCompany(ctx)) throw new AppError('forbidden', 'error.forbidden');
  return ctx;
}

/** The shared guest: signed in to look, without a full account. */
export function isGuest(identity: SessionIdentity): boolean {
  return identity.role === 'guest';
}

/**
 * Whether the caller sees all of the company's orders and documents whatever the company's sharing
 * settings: its customer admins, and sales persons and admins acting for it. A plain customer sees
 * them as the company shares them.
 */
export function seesWholeCompany(identity: SessionIdentity): boolean {
  return identity.role !== 'customer';
}

/** Whether the caller changes the company's master data addresses (billing, the company's own). */
export function mayChangeMasterData(identity: SessionIdentity): boolean {
  return identity.role === 'customer_admin' || identity.role === 'sales' || identity.role === 'admin';
}

/** Whether the caller is shown exact stock numbers rather than a stock state (docs/product.md, Roles): sales persons. */
export function seesStockNumbers(identity: SessionIdentity): boolean {
  return identity.role === 'sales';
}

/** A sales person acting for a customer company: what they do is written to the company's audit trail. */
export function isActingSalesPerson(identity: SessionIdentity | null): identity is SessionIdentity & { companyId: number } {
  return identity !== null && identity.role === 'sales' && identity.companyId !== null;
}

/** The client may name the user it acts for; naming anyone but the signed-in user is refused. */
export function checkOwnUser(ctx: SignedInContext, userId: number | null | undefined): void {
  if (userId !== null && userId !== undefined && userId !== ctx.identity.userId) {
    throw new AppError('forbidden', 'error.foreign_user', { field: 'userId' });
  }
}
