import { shownPaymentStatuses } from '../../../core/finance-summary';
import { useTranslation } from '../../lib/i18n';
import { FilterInput, FilterSelect, ListFilterForm } from '../order-history/list-filters';
import { invoicesPath, type FinanceField } from './finance-fields';

// The finance list's search and filters (GET /api/account/list's parameters): document or ERP number;
// type (invoice, credit note); status as shown (open, partially paid, overdue, paid); document dates from
// and to; the sort.

export function FinanceFilters({ values, problems, sorts }: { values: Record<FinanceField, string>; problems: Partial<Record<string, string>>; sorts: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <ListFilterForm
      label={t('finance.filters')}
      resetTo={invoicesPath}
      testId="finance-filters"
      search={
        <FilterInput
          id="finance-search"
          name="search"
          type="search"
          label={t('finance.search')}
          placeholder={t('finance.search.placeholder')}
          defaultValue={values.search}
          maxLength={100}
          error={problems.search}
        />
      }
    >
      <FilterSelect
        id="finance-type"
        name="type"
        label={t('finance.type')}
        defaultValue={values.type}
        error={problems.type}
        options={[
          { value: '', label: t('account_list.all') },
          { value: 'invoice', label: t('finance.type.invoice') },
          { value: 'credit', label: t('finance.type.credit') },
        ]}
      />
      <FilterSelect
        id="finance-status"
        name="status"
        label={t('finance.status')}
        defaultValue={values.status}
        error={problems.status}
        options={[{ value: '', label: t('account_list.all') }, ...shownPaymentStatuses.map((status) => ({ value: status, label: t(`finance.payment_status.${status}`) }))]}
      />
      <FilterInput id="finance-from" name="from" type="date" label={t('account_list.from')} defaultValue={values.from} error={problems.from} />
      <FilterInput id="finance-to" name="to" type="date" label={t('account_list.to')} defaultValue={values.to} error={problems.to} />
      <FilterSelect
        id="finance-sort"
        name="sort"
        label={t('account_list.sort')}
        defaultValue={values.sort || sorts[0]}
        error={problems.sort}
        className="col-span-2 md:col-span-1"
        options={sorts.map((sort) => ({ value: sort, label: t(`finance.sort.${sort.replace(':', '_')}`) }))}
      />
    </ListFilterForm>
  );
}
