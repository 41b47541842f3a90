import { data, redirect } from 'react-router';
import { isAppError, requireAccess, type SalesAccount } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { formId } from '../../lib/form-values.server';
import { customerAccountsPath } from './sales-person-fields';

// /my-account/customer-accounts: a sales person's customers as a page — the same search and switch as the
// sidebar's selector (GET /api/user/salesPersonCustomers, POST /api/user/switchCustomerOfSalesPerson)
// through the same service, for a browser without JavaScript and for a longer look. Anyone else gets
// the 403 page.

const maxSearchLength = 100;

export interface CustomerAccountsPage {
  search: string;
  /** A search longer than the API takes is shown, not run. */
  searchProblem: string | null;
  accounts: SalesAccount[];
}

function refuse(status: number, messageKey: string): never {
  throw data({ messageKey }, { status });
}

function checkSalesPerson(app: AppLoadContext): void {
  try {
    requireAccess(app.ctx, 'salesPerson');
  } catch (error) {
    if (isAppError(error)) refuse(error.statusCode, error.messageKey);
    throw error;
  }
}

export async function loadCustomerAccounts(app: AppLoadContext, url: URL): Promise<CustomerAccountsPage> {
  checkSalesPerson(app);
  const search = url.searchParams.get('search') ?? '';
  if (search.length > maxSearchLength) return { search: search.slice(0, maxSearchLength), searchProblem: 'validation.too_long', accounts: [] };
  const { data: accounts } = await app.services.salesPersons.searchCustomers(app.ctx, search);
  return { search, searchProblem: null, accounts };
}

/** The form's switch: back to the page (with the search) saying so, or the refusal's message key. */
export async function switchFromForm(app: AppLoadContext, form: FormData) {
  checkSalesPerson(app);
  const customerId = formId(form, 'customerId');
  const search = form.get('search');
  if (customerId === null) return data({ messageKey: 'validation.invalid' }, { status: 400 });
  try {
    await app.services.salesPersons.switchCustomer(app.ctx, customerId);
  } catch (error) {
    if (isAppError(error) && error.statusCode < 500) return data({ messageKey: error.messageKey }, { status: error.statusCode });
    throw error;
  }
  const query = new URLSearchParams({ saved: 'switched', ...(typeof search === 'string' && search !== '' ? { search: search.slice(0, maxSearchLength) } : {}) });
  return redirect(`${customerAccountsPath}?${query}`);
}
