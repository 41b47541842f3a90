import { useTranslation } from '../../lib/i18n';
import { vatTableEntry } from '../../../core/tax-conversion';
import { showsVatInfoBar } from '../../../core/vat';
import { InfoIcon } from '../../components/ui/icons';
import { useRootData } from '../session/use-root-data';
import { countryName } from './country-name';

/** Shown when the buyer's VAT country differs from the shop's and both are in the VAT table. */
export function VatInfoBar() {
  const { t } = useTranslation();
  const { configuration, session, locale } = useRootData();
  const userCountry = session?.account.vatCountryCode;
  const shopCountry = configuration.company.country.code;
  const vatTable = configuration.vatTable.map(vatTableEntry);
  if (!userCountry || !showsVatInfoBar(userCountry, shopCountry, vatTable)) return null;

  return (
    <section data-testid="vat-info-bar" aria-label={t('vat.info.bar.label')} className="border-b border-blue-100 bg-info-soft">
      <p className="mx-auto flex max-w-page items-start gap-2 px-4 py-2 text-sm text-blue-900 lg:px-6">
        <InfoIcon className="mt-px size-4 shrink-0 text-info" />
        {t('vat.info.bar', { userCountry: countryName(userCountry, locale), shopCountry: countryName(shopCountry, locale) })}
      </p>
    </section>
  );
}
