import { PlusOutlined } from '@ant-design/icons';
import { BOOKING_LIST_KEYS, BOOKING_LISTS, type TBookingListKey, type TBookingRow } from '@portal/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { Button } from '../../shared/button';
import { DashboardListTitle, DashboardTitle } from '../../shared/list/dashboard-card';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { BookingAgeingLegend } from './booking-ageing-legend';
import { type BookingFilter, useBookingDashboard, useBookingList } from './booking-api';
import { ageingRowClass, useBookingColumns } from './booking-columns';
import { bookingListPath, bookingOpenPath, bookingPath } from './booking-paths';
import { BookingSearchBar } from './booking-search-bar';
import { DashboardAgeingNote, ListCountCard } from './list-count-card';
import '../../shared/list/ageing.css';

const isList = (s: string | undefined): s is TBookingListKey =>
  !!s && (BOOKING_LIST_KEYS as string[]).includes(s);

/** /BMS/enhance_booking[/{list}]: the 9 lists with counts and ageing figures, and the chosen list. */
export default function BookingDashboardPage() {
  const { search_state } = useParams();
  const list: TBookingListKey = isList(search_state) ? search_state : 'search_booking';
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const session = useSession();
  const dashboard = useBookingDashboard();
  const canCreate = session.hasFunc('create_booking');

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        {/* Plain headings in antd's title sizes (issue 20: no antd Typography on the list's first load). */}
        <DashboardTitle testId="booking-dashboard-title">{t('title')}</DashboardTitle>
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
      <Flex wrap gap={8} data-testid="booking-dashboard" role="list">
        {BOOKING_LIST_KEYS.map((key) => (
          <ListCountCard
            key={key}
            testIdPrefix="booking"
            listKey={key}
            title={t(`lists.${key}`)}
            selected={key === list}
            entry={dashboard.data?.lists.find((l) => l.key === key)}
            ageing={BOOKING_LISTS[key].ageing}
            onOpen={() => navigate(bookingListPath(key))}
          />
        ))}
      </Flex>
      <DashboardAgeingNote testId="booking-dashboard-legend" />
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
        <DashboardListTitle testId="booking-list-title">{t(`lists.${list}`)}</DashboardListTitle>
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
