import { SwapOutlined } from '@ant-design/icons';
import {
  APPROVAL_LIST_KEYS,
  APPROVAL_LISTS,
  type TApprovalListKey,
  type TBookingRow,
} from '@portal/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { Button } from '../../shared/button';
import { DashboardListTitle, DashboardTitle } from '../../shared/list/dashboard-card';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { BookingSearchBar, DashboardAgeingNote, ListCountCard } from '../booking';
import { ApprovalAgeingLegend } from './approval-ageing-legend';
import { type ApprovalFilter, useApprovalDashboard, useApprovalList } from './approval-api';
import { approvalRowClass, useApprovalColumns } from './approval-columns';
import { approvalDetailPath, approvalListOf, approvalListPath, COMPARE_PATH } from './approval-paths';

/** /BMS/enhance_booking_approval[/{list}]: the 9 approval lists with counts and ageing, and the chosen list. */
export default function ApprovalDashboardPage() {
  const { search_state } = useParams();
  const list = approvalListOf(search_state);
  const { t } = useTranslation('booking-approval');
  const navigate = useNavigate();
  const session = useSession();
  const dashboard = useApprovalDashboard();

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <DashboardTitle testId="approval-dashboard-title">{t('title')}</DashboardTitle>
        {session.hasFunc('compareso') && (
          <Button
            icon={<SwapOutlined />}
            onClick={() => navigate(COMPARE_PATH)}
            data-testid="approval-compare"
          >
            {t('compare.open')}
          </Button>
        )}
      </Flex>
      <Flex wrap gap={8} data-testid="approval-dashboard" role="list">
        {APPROVAL_LIST_KEYS.map((key) => (
          <ListCountCard
            key={key}
            testIdPrefix="approval"
            listKey={key}
            title={t(`lists.${key}`)}
            selected={key === list}
            entry={dashboard.data?.lists.find((l) => l.key === key)}
            ageing={APPROVAL_LISTS[key].ageing}
            onOpen={() => navigate(approvalListPath(key))}
          />
        ))}
      </Flex>
      <DashboardAgeingNote testId="approval-dashboard-legend" />
      <ApprovalListTable key={list} list={list} />
    </Flex>
  );
}

/** One approval list with search, filters, paging, ageing colours and export. */
function ApprovalListTable({ list }: { list: TApprovalListKey }) {
  const { t } = useTranslation(['booking-approval', 'booking']);
  const navigate = useNavigate();
  const query = useApprovalList(list);
  const columns = useApprovalColumns(list);
  const now = new Date();
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <DashboardListTitle testId="approval-list-title">{t(`lists.${list}`)}</DashboardListTitle>
        <ApprovalAgeingLegend list={list} />
      </Flex>
      <BookingSearchBar list={query} placeholder={t('booking:searchPlaceholder')} />
      <DataTable<TBookingRow, ApprovalFilter>
        tableId="booking-approval.list"
        viewsUrl={approvalListPath(list)}
        columns={columns}
        list={query}
        rowKey="so_id"
        rowClassName={(r) => approvalRowClass(list, r, now)}
        onRowOpen={(r) => navigate(approvalDetailPath(r.so_no, list))}
        toolbar={<ExportButton path={`/BookingApproval/list/${list}/export`} query={query.exportQuery} />}
        data-testid="approval-table"
      />
    </Flex>
  );
}
