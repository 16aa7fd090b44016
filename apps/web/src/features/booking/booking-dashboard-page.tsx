import { PlusOutlined } from '@ant-design/icons';
import { BOOKING_LIST_KEYS, BOOKING_LISTS, type TBookingListKey, type TBookingRow } from '@portal/contracts';
import { Badge, Button, Card, Flex, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { formatTotal } from '../../shared/list/format-total';
import { BookingAgeingLegend } from './booking-ageing-legend';
import { type BookingFilter, useBookingDashboard, useBookingList } from './booking-api';
import { ageingRowClass, useBookingColumns } from './booking-columns';
import { bookingListPath, bookingOpenPath, bookingPath } from './booking-paths';
import { BookingSearchBar } from './booking-search-bar';
import './booking-list.css';

const isList = (s: string | undefined): s is TBookingListKey =>
  !!s && (BOOKING_LIST_KEYS as string[]).includes(s);

/** /BMS/enhance_booking[/{list}]: the 9 lists with counts and ageing figures, and the chosen list. */
export default function BookingDashboardPage() {
  const { search_state } = useParams();
  const list: TBookingListKey = isList(search_state) ? search_state : 'search_booking';
  const { t, i18n } = useTranslation('booking');
  const navigate = useNavigate();
  const session = useSession();
  const dashboard = useBookingDashboard();
  const canCreate = session.hasFunc('create_booking');

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="booking-dashboard-title">
          {t('title')}
        </Typography.Title>
        {canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(bookingPath('new', { from: list }))}
            data-testid="booking-new"
          >
            {t('newBooking')}
          </Button>
        )}
      </Flex>
      <Flex wrap gap={8} data-testid="booking-dashboard">
        {BOOKING_LIST_KEYS.map((key) => {
          const c = dashboard.data?.lists.find((l) => l.key === key);
          const ageing = BOOKING_LISTS[key].ageing;
          return (
            <Card
              key={key}
              size="small"
              hoverable
              onClick={() => navigate(bookingListPath(key))}
              style={{ width: 200, borderColor: key === list ? '#1677ff' : undefined }}
              data-testid={`booking-list-${key}`}
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
                    data-testid={`booking-count-${key}`}
                  />
                </Flex>
                {ageing && (
                  <Space size={8} style={{ fontSize: 12 }}>
                    <Tooltip title={t('ageing.yellowCount')}>
                      <span data-testid={`booking-yellow-${key}`}>
                        <span className="booking-ageing-swatch yellow" />
                        {c?.yellow ?? '…'}
                      </span>
                    </Tooltip>
                    <Tooltip title={t('ageing.redCount')}>
                      <span data-testid={`booking-red-${key}`}>
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
      <BookingListTable key={list} list={list} canCreate={canCreate} />
    </Flex>
  );
}

/** One booking list with search, filters, paging, ageing colours and export. */
function BookingListTable({ list, canCreate }: { list: TBookingListKey; canCreate: boolean }) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const query = useBookingList(list);
  const columns = useBookingColumns(list, canCreate);
  const now = new Date();
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="booking-list-title">
          {t(`lists.${list}`)}
        </Typography.Title>
        <BookingAgeingLegend list={list} />
      </Flex>
      <BookingSearchBar list={query} placeholder={t('searchPlaceholder')} />
      <DataTable<TBookingRow, BookingFilter>
        tableId="booking.list"
        viewsUrl={bookingListPath(list)}
        columns={columns}
        list={query}
        rowKey="so_id"
        rowClassName={(r) => ageingRowClass(list, r, now)}
        onRowOpen={(r) => navigate(bookingOpenPath(r, list))}
        toolbar={<ExportButton path={`/Booking/list/${list}/export`} query={query.exportQuery} />}
        data-testid="booking-table"
      />
    </Flex>
  );
}
