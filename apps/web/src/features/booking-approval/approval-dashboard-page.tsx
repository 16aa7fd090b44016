import { SwapOutlined } from '@ant-design/icons';
import {
  APPROVAL_AGEING,
  APPROVAL_LIST_KEYS,
  APPROVAL_LISTS,
  type TApprovalListKey,
  type TBookingRow,
} from '@portal/contracts';
import { Badge, Button, Card, Flex, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { formatTotal } from '../../shared/list/format-total';
import { BookingSearchBar } from '../booking/booking-search-bar';
import '../booking/booking-list.css';
import { ApprovalAgeingLegend } from './approval-ageing-legend';
import { type ApprovalFilter, useApprovalDashboard, useApprovalList } from './approval-api';
import { approvalRowClass, useApprovalColumns } from './approval-columns';
import { approvalDetailPath, approvalListOf, approvalListPath, COMPARE_PATH } from './approval-paths';

/** /BMS/enhance_booking_approval[/{list}]: the 9 approval lists with counts and ageing, and the chosen list. */
export default function ApprovalDashboardPage() {
  const { search_state } = useParams();
  const list = approvalListOf(search_state);
  const { t, i18n } = useTranslation('booking-approval');
  const navigate = useNavigate();
  const session = useSession();
  const dashboard = useApprovalDashboard();

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="approval-dashboard-title">
          {t('title')}
        </Typography.Title>
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
        {APPROVAL_LIST_KEYS.map((key) => {
          const c = dashboard.data?.lists.find((l) => l.key === key);
          const ageing = APPROVAL_LISTS[key].ageing;
          const open = () => navigate(approvalListPath(key));
          return (
            <Card
              key={key}
              size="small"
              hoverable
              role="listitem"
              tabIndex={0}
              onClick={open}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  open();
                }
              }}
              style={{ width: 200, borderColor: key === list ? '#1677ff' : undefined }}
              data-testid={`approval-list-${key}`}
              aria-current={key === list ? 'page' : undefined}
            >
              <Flex vertical gap={4}>
                <Flex justify="space-between" align="center" gap={6}>
                  <Typography.Text style={{ fontSize: 12 }}>{t(`lists.${key}`)}</Typography.Text>
                  <Badge
                    count={c ? formatTotal(c.count, c.countCapped, i18n.language) : '…'}
                    color={key === list ? '#1677ff' : '#8c8c8c'}
                    overflowCount={Number.MAX_SAFE_INTEGER}
                    showZero
                    data-testid={`approval-count-${key}`}
                  />
                </Flex>
                {ageing && (
                  <Space size={8} style={{ fontSize: 12 }}>
                    {APPROVAL_AGEING[ageing].yellow !== null && (
                      <Tooltip title={t('booking:ageing.yellowCount')}>
                        <span data-testid={`approval-yellow-${key}`}>
                          <span className="booking-ageing-swatch yellow" />
                          {c?.yellow ?? '…'}
                        </span>
                      </Tooltip>
                    )}
                    <Tooltip title={t('booking:ageing.redCount')}>
                      <span data-testid={`approval-red-${key}`}>
                        <span className="booking-ageing-swatch red" />
                        {c?.red ?? '…'}
                      </span>
                    </Tooltip>
                  </Space>
                )}
              </Flex>
            </Card>
          );
        })}
      </Flex>
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
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="approval-list-title">
          {t(`lists.${list}`)}
        </Typography.Title>
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
