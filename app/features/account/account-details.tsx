import type { Role } from '../../../server/page-surface.server';
import { useTranslation } from '../../lib/i18n';
import { countryName } from '../layout/country-name';
import type { SessionAccount } from '../session/account-name';
import { Card } from './form-controls';

// What the profile shows but the user does not change here: the username, the role, the company with
// its customer number and VAT country, and whether prices are shown net or gross (the company's setting).

const roleKeys: Record<Role, string> = {
  guest: 'account.role.guest',
  customer: 'account.role.customer',
  customer_admin: 'account.role.customer_admin',
  sales: 'account.role.sales',
  admin: 'account.role.admin',
};

function Entry({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0">
      <dt className="text-xs font-medium text-zinc-600">{term}</dt>
      <dd className="text-sm text-zinc-900">{children}</dd>
    </div>
  );
}

export function AccountDetails({ account }: { account: SessionAccount }) {
  const { t, locale } = useTranslation();
  const vatCountry = account.vatCountryCode;
  return (
    <Card id="account-details-title" title={t('account.profile.account')} testId="account-details">
      <dl className="divide-y divide-zinc-100">
        <Entry term={t('account.profile.username')}>
          <span className="break-all">{account.username}</span>
        </Entry>
        <Entry term={t('account.profile.role')}>{t(roleKeys[account.role])}</Entry>
        {account.company ? (
          <>
            <Entry term={t('account.profile.company')}>{account.company.name}</Entry>
            <Entry term={t('account.profile.customer_no')}>
              <span className="num">{account.company.customerNo}</span>
            </Entry>
          </>
        ) : null}
        {vatCountry ? <Entry term={t('account.profile.vat_country')}>{`${countryName(vatCountry, locale)} (${vatCountry})`}</Entry> : null}
        <Entry term={t('account.profile.prices')}>{t(account.showNetPrices ? 'account.profile.prices.net' : 'account.profile.prices.gross')}</Entry>
      </dl>
      <p className="mt-4 text-xs text-zinc-600">{t('account.profile.account.hint')}</p>
    </Card>
  );
}
