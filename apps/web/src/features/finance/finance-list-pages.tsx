import { FINANCE_INVOICE_LISTS, type TFinanceInvoiceRow, type TLateInvoicingRow } from '@portal/contracts';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../../shared/auth';
import type { DataTableColumn } from '../../shared/list/data-table';
import { ListScreen } from '../../shared/list/list-screen';
import {
  type FinanceFilterValues,
  type FinanceListFilter,
  useFinanceList,
  useLateInvoicing,
} from './finance-api';
import { invoiceDetailPath, useFinanceColumns } from './finance-columns';
import { FinanceFilterBar } from './finance-filter-bar';

const NAV = [
  'All',
  'Outstanding',
  'OverdueInvoicing',
  'LateInvoicing',
  'DueThisWeek',
  'PostedThisPeriod',
] as const;
const pathOf = (list: string) => (list === 'All' ? '/FIN/Search' : `/FIN/Search/${list}`);

/** Links between the finance lists, carrying the filter bar along; the overdue report for its holders. */
function ListNav({ current }: { current: string }) {
  const { t } = useTranslation('finance');
  const session = useSession();
  const { search } = useLocation();
  const keep = new URLSearchParams(search);
  for (const k of [...keep.keys()])
    if (!['office', 'currency', 'customer', 'preset', 'as_of'].includes(k)) keep.delete(k);
  const qs = keep.size ? `?${keep}` : '';
  return (
    <Flex gap={6} wrap data-testid="finance-list-nav">
      {NAV.map((l) => (
        <Link key={l} to={`${pathOf(l)}${qs}`} data-testid={`finance-nav-${l}`}>
          <Tag color={l === current ? 'blue' : undefined}>{t(`list.${l}`)}</Tag>
        </Link>
      ))}
      {session.hasFunc('m_fin_customer_overdue_report') && (
        <Link to={`/FIN/Search/CustomerOverdueReport${qs}`} data-testid="finance-nav-CustomerOverdueReport">
          <Tag>{t('list.CustomerOverdueReport')}</Tag>
        </Link>
      )}
    </Flex>
  );
}

function InvoiceList({ list }: { list: string }) {
  const { t } = useTranslation('finance');
  const navigate = useNavigate();
  const q = useFinanceList(list);
  const columns = useFinanceColumns();
  const isStage = !(FINANCE_INVOICE_LISTS as readonly string[]).includes(list);
  const title = isStage
    ? t('stageTitle', { stage: t(`stage.${list}`, { defaultValue: list }) })
    : t(`list.${list}`);
  return (
    <Flex vertical gap={8}>
      <ListNav current={list} />
      <ListScreen<TFinanceInvoiceRow, FinanceListFilter>
        title={title}
        searchPlaceholder={t('searchPlaceholder')}
        list={q}
        columns={columns}
        rowKey="inv_id"
        onRowOpen={(r) => navigate(invoiceDetailPath(r.inv_id))}
        tableId={`finance.${isStage ? 'stage' : list}`}
        viewsUrl={pathOf(list)}
        exportPath={`/Finance/Search/${encodeURIComponent(list)}/export`}
        filters={[
          {
            name: 'inv_type',
            label: t('field.inv_type'),
            options: [
              { value: 'AR', label: t('side.AR') },
              { value: 'AP', label: t('side.AP') },
            ],
            width: 130,
          },
        ]}
        moreFilters={
          <FinanceFilterBar
            value={q.state.filters as FinanceFilterValues}
            onChange={(patch) => q.setState({ filters: patch })}
          />
        }
        data-testid="finance-table"
      />
    </Flex>
  );
}

/** /FIN/Search (m_fin_search): every invoice with its due date and ageing. */
export function FinanceSearchPage() {
  return <InvoiceList key="All" list="All" />;
}

/** /FIN/Search/{list}: Outstanding, OverdueInvoicing, DueThisWeek, PostedThisPeriod or an invoice stage. */
export function FinanceListPage() {
  const { list = 'All' } = useParams();
  return <InvoiceList key={list} list={list} />;
}

/** /FIN/Search/LateInvoicing: jobs past the 002 §9 invoicing threshold with no invoice of that side. */
export function LateInvoicingPage() {
  const { t } = useTranslation('finance');
  const navigate = useNavigate();
  const q = useLateInvoicing();
  const columns: DataTableColumn<TLateInvoicingRow>[] = [
    { key: 'job_no', title: t('field.job_no'), sortable: true, alwaysVisible: true, width: 150 },
    {
      key: 'inv_type',
      title: t('field.missing'),
      width: 110,
      render: (_, r) => t(`side.${r.inv_type}`),
    },
    { key: 'etd', title: t('field.etd'), sortable: true, width: 110 },
    { key: 'office_code', title: t('field.office_code'), width: 80 },
    { key: 'account_code', title: t('field.account_code'), width: 120 },
    { key: 'account_name', title: t('field.account_name'), width: 220 },
    { key: 'so_count', title: t('field.so_count'), width: 70, align: 'right' },
    {
      key: 'days_late',
      title: t('field.days_late'),
      width: 110,
      render: (_, r) => (
        <Tag
          color={r.age_colour === 'red' ? 'red' : 'gold'}
          data-testid={`finance-late-${r.job_no}-${r.inv_type}`}
        >
          {r.days_late}
        </Tag>
      ),
    },
  ];
  return (
    <Flex vertical gap={8}>
      <ListNav current="LateInvoicing" />
      <ListScreen<TLateInvoicingRow, FinanceListFilter>
        title={t('list.LateInvoicing')}
        searchPlaceholder={t('searchPlaceholder')}
        list={q as never}
        columns={columns}
        rowKey="row_key"
        onRowOpen={(r) =>
          navigate(
            `/INV/${r.inv_type.toLowerCase()}Details/newbyjob/${encodeURIComponent(r.account_code)}/${encodeURIComponent(r.job_no)}`,
          )
        }
        tableId="finance.late"
        viewsUrl="/FIN/Search/LateInvoicing"
        exportPath="/Finance/Search/LateInvoicing/export"
        filters={[
          {
            name: 'inv_type',
            label: t('field.missing'),
            options: [
              { value: 'AR', label: t('side.AR') },
              { value: 'AP', label: t('side.AP') },
            ],
            width: 130,
          },
        ]}
        moreFilters={
          <FinanceFilterBar
            value={q.state.filters as FinanceFilterValues}
            onChange={(patch) => q.setState({ filters: patch })}
          />
        }
        data-testid="finance-late-table"
      />
    </Flex>
  );
}
