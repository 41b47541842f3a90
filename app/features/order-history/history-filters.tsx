import { useTranslation } from '../../lib/i18n';
import { FilterInput, FilterSelect, ListFilterForm } from './list-filters';
import { orderHistoryPath, type HistoryField } from './history-fields';

// The order history's search and filters (GET /api/order's parameters): order number, PO number, sku or
// product name; order dates from and to; the status from the salesHeadStatus lookup; the order type; the sort.

export function HistoryFilters({
  values,
  problems,
  statuses,
  sorts,
}: {
  values: Record<HistoryField, string>;
  problems: Partial<Record<string, string>>;
  /** null: the statuses could not be read; the filter then offers "all" only. */
  statuses: readonly { id: string; name: string }[] | null;
  /** The sorts GET /api/order takes, the first its default. */
  sorts: readonly string[];
}) {
  const { t } = useTranslation();
  const statusOptions = [{ value: '', label: t('account_list.all') }, ...(statuses ?? []).map((status) => ({ value: status.id, label: status.name }))];
  // A status in the URL the list does not offer (it could not be read) stays chosen, so applying keeps it.
  if (values.status !== '' && !statusOptions.some((option) => option.value === values.status)) statusOptions.push({ value: values.status, label: values.status });
  return (
    <ListFilterForm
      label={t('order_history.filters')}
      resetTo={orderHistoryPath}
      testId="order-filters"
      search={
        <FilterInput
          id="order-search"
          name="search"
          type="search"
          label={t('order_history.search')}
          placeholder={t('order_history.search.placeholder')}
          defaultValue={values.search}
          maxLength={100}
          error={problems.search}
        />
      }
    >
      <FilterInput id="order-from" name="from" type="date" label={t('account_list.from')} defaultValue={values.from} error={problems.from} />
      <FilterInput id="order-to" name="to" type="date" label={t('account_list.to')} defaultValue={values.to} error={problems.to} />
      <FilterSelect id="order-status" name="status" label={t('order_history.status')} defaultValue={values.status} options={statusOptions} error={problems.status} />
      <FilterSelect
        id="order-type"
        name="orderType"
        label={t('order_history.order_type')}
        defaultValue={values.orderType}
        error={problems.orderType}
        options={[
          { value: '', label: t('account_list.all') },
          { value: 'order', label: t('order.type.order') },
          { value: 'preOrder', label: t('order.type.preOrder') },
        ]}
      />
      <FilterSelect
        id="order-sort"
        name="sort"
        label={t('account_list.sort')}
        defaultValue={values.sort || sorts[0]}
        error={problems.sort}
        className="col-span-2 md:col-span-1"
        options={sorts.map((sort) => ({ value: sort, label: t(`order_history.sort.${sort.replace(':', '_')}`) }))}
      />
    </ListFilterForm>
  );
}
