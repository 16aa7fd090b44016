import type { TExchangeRate } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { updatedAtColumn } from '../../shared/list/common-columns';
import { ListScreen } from '../../shared/list/list-screen';
import { useExchangeRateList } from './invoice-list-api';
import { EXCHANGE_RATE_LIST_PATH, exchangeRatePath } from './invoice-paths';

/** /BMS/exchange_rate_maintenance (Admin): rates by pair and effective date. */
export function ExchangeRateListPage() {
  const { t } = useTranslation('invoice');
  const navigate = useNavigate();
  const list = useExchangeRateList();
  return (
    <ListScreen<TExchangeRate, 'from_currency' | 'to_currency'>
      title={t('fx.listTitle')}
      searchPlaceholder={t('fx.searchPlaceholder')}
      list={list}
      rowKey="id"
      onRowOpen={(r) => navigate(exchangeRatePath(r.id))}
      tableId="exchange-rate.list"
      viewsUrl={EXCHANGE_RATE_LIST_PATH}
      create={{
        label: t('fx.newRate'),
        onClick: () => navigate(exchangeRatePath('new')),
        testId: 'exchange-rate-new',
      }}
      columns={[
        {
          key: 'from_currency',
          title: t('fx.from_currency'),
          sortable: true,
          width: 90,
          render: (_, r) => <Link to={exchangeRatePath(r.id)}>{r.from_currency}</Link>,
        },
        { key: 'to_currency', title: t('fx.to_currency'), sortable: true, width: 90 },
        { key: 'rate', title: t('fx.rate'), sortable: true, width: 130, align: 'right' },
        { key: 'effective_date', title: t('fx.effective_date'), sortable: true, width: 130 },
        { key: 'updated_by', title: t('fx.updated_by'), width: 160 },
        updatedAtColumn<TExchangeRate>(t('fx.updated_at')),
      ]}
      data-testid="exchange-rate-table"
    />
  );
}
