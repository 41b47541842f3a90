// The rules a customer admin's change of a company user must keep (docs/product.md, Company users), apart from the
// database: the service reads the states under the company's lock and asks here.
//   - an admin neither deactivates, nor locks, nor demotes themself (they would lock themself out);
//   - the company keeps at least one active, unlocked customer admin (nobody else could manage its users).
// The first rule is the one an admin meets in practice; the second guards what the first cannot see, two
// admins changing each other at the same time: the second change is judged after the first one committed.

export interface MemberState {
  active: boolean;
  locked: boolean;
  customerAdmin: boolean;
}

export interface RuleRefusal {
  messageKey: string;
  /** The field the refusal is about, for forms that show it there. */
  field: keyof MemberState;
}

/** An admin who can sign in and manage the company's users. */
export function isActiveAdmin(state: MemberState): boolean {
  return state.customerAdmin && state.active && !state.locked;
}

/** The field whose change takes away an active admin, in the order the self rules name them. */
function lostBy(after: MemberState): keyof MemberState {
  if (!after.active) return 'active';
  if (after.locked) return 'locked';
  return 'customerAdmin';
}

/**
 * The refusal a change meets, or null. `before` is null for a new user; `otherActiveAdmins` counts the
 * company's active, unlocked admins other than the user changed.
 */
export function refusalOfChange(change: { self: boolean; before: MemberState | null; after: MemberState; otherActiveAdmins: number }): RuleRefusal | null {
  const { self, before, after } = change;
  if (self) {
    if (!after.active) return { messageKey: 'company_user.self_deactivate', field: 'active' };
    if (after.locked) return { messageKey: 'company_user.self_lock', field: 'locked' };
    if (!after.customerAdmin) return { messageKey: 'company_user.self_demote', field: 'customerAdmin' };
  }
  if (before && isActiveAdmin(before) && !isActiveAdmin(after) && change.otherActiveAdmins === 0) {
    return { messageKey: 'company_user.last_admin', field: lostBy(after) };
  }
  return null;
}

/** Whether the user may no longer sign in after the change: their sessions and password links end with it. */
export function isShutOut(state: MemberState): boolean {
  return state.locked || !state.active;
}
