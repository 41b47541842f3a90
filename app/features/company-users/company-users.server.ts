import { data } from 'react-router';
import { type CompanyUser, companyUserInputSchema, fieldProblems, isAppError } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { formId, formTexts, onlyFields, refusalOf, type FormRefusal } from '../../lib/form-values.server';
import {
  companyUserFlags,
  companyUserFormFields,
  companyUserIntents,
  type CompanyUserFlag,
  type CompanyUserFormField,
  type CompanyUserFormValues,
  type CompanyUserIntent,
} from './company-user-fields';

// /my-account/users (docs/product.md, Company users): the company's users and every change to them through the company
// users service, with the same rules and validation as the API (GET /api/user/companyUsers, POST
// /api/user/saveCompanyUser …). Who may see the page is the service's decision: anyone but a customer admin
// (or everyone, while the shop has the user list turned off) gets the page that says so, with status 403.

export type CompanyUsersResult =
  | { state: 'loaded'; users: CompanyUser[] }
  | { state: 'forbidden'; messageKey: string }
  | { state: 'failed' };

export async function loadCompanyUsers(app: AppLoadContext) {
  const answer = (result: CompanyUsersResult, status: number) => data({ result, selfId: app.ctx.identity?.userId ?? null }, { status });
  try {
    const { data: users } = await app.services.companyUsers.list(app.ctx);
    return answer({ state: 'loaded', users }, 200);
  } catch (error) {
    if (isAppError(error) && error.statusCode === 403) return answer({ state: 'forbidden', messageKey: error.messageKey }, 403);
    if (isAppError(error) && error.statusCode < 500) throw data(null, { status: error.statusCode });
    console.error(error);
    return answer({ state: 'failed' }, 503);
  }
}

/** How an intent went: refusals carry message keys, per field where a field is named. */
export type CompanyUserOutcome =
  | { ok: true }
  | (FormRefusal<CompanyUserFormField> & {
      values: CompanyUserFormValues | null;
      /** The flag a refused toggle was about. */
      flag: CompanyUserFlag | null;
    });

type Refusal = Extract<CompanyUserOutcome, { ok: false }>;

function refusal(error: unknown, values: CompanyUserFormValues | null, flag: CompanyUserFlag | null = null): Refusal {
  // A toggle and a mail have no form: their refusal stands next to the toggle or above the list.
  return { ...refusalOf(error, values ? companyUserFormFields : []), values, flag };
}

const valuesOf = (form: FormData): CompanyUserFormValues => formTexts(form, companyUserFormFields);

const notFound = (values: CompanyUserFormValues | null): Refusal => ({
  ok: false,
  status: 404,
  errors: {},
  failure: { messageKey: 'company_user.not_found', params: {} },
  values,
  flag: null,
});

async function save(app: AppLoadContext, form: FormData, id: number | null): Promise<CompanyUserOutcome> {
  const values = valuesOf(form);
  try {
    // Who may save comes first: a caller who is no customer admin is refused whatever they typed.
    await app.services.companyUsers.checkAccess(app.ctx);
    const input = {
      ...(id === null ? {} : { _id: id }),
      firstName: values.firstName,
      lastName: values.lastName,
      username: values.username,
      email: values.email,
      phone: values.phone,
      active: values.active === 'on',
      locked: values.locked === 'on',
      customerAdmin: values.customerAdmin === 'on',
    };
    const parsed = companyUserInputSchema.safeParse(input);
    if (!parsed.success) {
      const errors = onlyFields(fieldProblems(parsed.error, input), companyUserFormFields);
      return { ok: false, status: 400, errors, failure: Object.keys(errors).length ? null : { messageKey: 'validation.invalid', params: {} }, values, flag: null };
    }
    await app.services.companyUsers.save(app.ctx, parsed.data);
    return { ok: true };
  } catch (error) {
    return refusal(error, values);
  }
}

async function toggle(app: AppLoadContext, form: FormData, id: number | null): Promise<CompanyUserOutcome> {
  const flag = companyUserFlags.find((name) => name === form.get('flag')) ?? null;
  const value = form.get('value');
  if (id === null) return notFound(null);
  if (!flag || (value !== 'true' && value !== 'false')) return { ok: false, status: 400, errors: {}, failure: { messageKey: 'validation.invalid', params: {} }, values: null, flag };
  try {
    await app.services.companyUsers.setFlags(app.ctx, id, { [flag]: value === 'true' });
    return { ok: true };
  } catch (error) {
    return refusal(error, null, flag);
  }
}

async function mail(app: AppLoadContext, id: number | null, kind: 'invite' | 'reset'): Promise<CompanyUserOutcome> {
  if (id === null) return notFound(null);
  try {
    if (kind === 'invite') await app.services.companyUsers.inviteAgain(app.ctx, id);
    else await app.services.companyUsers.sendPasswordReset(app.ctx, id);
    return { ok: true };
  } catch (error) {
    return refusal(error, null);
  }
}

const isIntent = (value: unknown): value is CompanyUserIntent => Object.values(companyUserIntents).includes(value as CompanyUserIntent);

/** The page's action: what the form asked for, the user it named, and how it went; null for no known intent. */
export async function runCompanyUserIntent(app: AppLoadContext, form: FormData): Promise<{ intent: CompanyUserIntent; id: number | null; outcome: CompanyUserOutcome } | null> {
  const intent = form.get('intent');
  if (!isIntent(intent)) return null;
  // Anything but an id as the page posts it names no user of the company.
  const id = formId(form);
  const run: Record<CompanyUserIntent, () => Promise<CompanyUserOutcome>> = {
    add: () => save(app, form, null),
    edit: async () => (id === null ? notFound(valuesOf(form)) : save(app, form, id)),
    toggle: () => toggle(app, form, id),
    invite: () => mail(app, id, 'invite'),
    reset: () => mail(app, id, 'reset'),
  };
  return { intent, id, outcome: await run[intent]() };
}
