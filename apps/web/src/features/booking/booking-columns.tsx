import {
  ageingColour,
  BOOKING_LISTS,
  BOOKING_SORTABLE,
  type TBookingListKey,
  type TBookingRow,
} from '@portal/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../shared/button';
import { rowAgeClass } from '../../shared/list/ageing';
import { updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { statusColor, useBookingLabels } from './booking-labels';
import { bookingOpenPath, bookingPath } from './booking-paths';

const SORTABLE = new Set<string>(BOOKING_SORTABLE);

/** The row class of a booking list row by its ageing colour (shared/list/ageing). */
export const ageingRowClass = (list: TBookingListKey, row: TBookingRow, now = new Date()) =>
  rowAgeClass('booking', ageingColour(BOOKING_LISTS[list].ageing, row.ageing_since, now));

/** The booking list's columns; reuse_booking adds a "Copy" action per row. */
export function useBookingColumns(list: TBookingListKey, canCreate: boolean): DataTableColumn<TBookingRow>[] {
  const { t, i18n } = useTranslation('booking');
  const labels = useBookingLabels();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(() => {
    const cols: DataTableColumn<TBookingRow>[] = [
      {
        key: 'so_no',
        title: labels.field('so_no'),
        alwaysVisible: true,
        // A 14-character SO# (SO + office + YYMM + 5 digits) and the sort icon on one line, not cut.
        width: 160,
        render: (_, r) => (
          <Link
            to={bookingOpenPath(r, list)}
            data-testid={`booking-link-${r.so_no}`}
            style={{ whiteSpace: 'nowrap' }}
          >
            {r.so_no}
          </Link>
        ),
      },
      {
        key: 'status',
        title: labels.field('status'),
        width: 150,
        render: (_, r) => (
          <>
            <Tag color={statusColor(r.status)}>{labels.status(r.status)}</Tag>
            {r.is_e_booking && <Tag color="cyan">{t('eBookingShort')}</Tag>}
          </>
        ),
      },
      {
        key: 'job_no',
        title: labels.field('job_no'),
        width: 150,
        render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.job_no}</span>,
      },
      {
        key: 'hbl_no',
        title: labels.field('hbl_no'),
        width: 150,
        defaultHidden: true,
        render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.hbl_no}</span>,
      },
      {
        key: 'shipper_code',
        title: labels.field('shipper_id'),
        // 185 (not 200): whole document numbers and the ETD still fit the 1,100 px default layout.
        width: 185,
        render: (_, r) => [r.shipper_code, r.shipper_name].filter(Boolean).join(' - '),
      },
      {
        key: 'consignee_code',
        title: labels.field('consignee_id'),
        // 185 (not 200): whole document numbers and the ETD still fit the 1,100 px default layout.
        width: 185,
        render: (_, r) => [r.consignee_code, r.consignee_name].filter(Boolean).join(' - '),
      },
      { key: 'pol', title: labels.field('pol'), width: 80 },
      { key: 'pod', title: labels.field('pod'), width: 80 },
      { key: 'fd', title: labels.field('fd'), width: 80, defaultHidden: true },
      { key: 'etd', title: labels.field('etd'), width: 110 },
      { key: 'eta', title: labels.field('eta'), width: 110, defaultHidden: true },
      { key: 'carrier_code', title: labels.field('carrier_code'), width: 90 },
      {
        key: 'vessel_name',
        title: labels.field('vessel_name'),
        width: 200,
        render: (_, r) => `${r.vessel_name} / ${r.voyage}`,
      },
      { key: 'handling_office', title: labels.field('handling_office'), width: 90 },
      { key: 'transport_mode', title: labels.field('transport_mode'), width: 90, defaultHidden: true },
      { key: 'service_type', title: labels.field('service_type'), width: 90, defaultHidden: true },
      {
        key: 'space_status',
        title: labels.field('space_status'),
        width: 130,
        defaultHidden: true,
        render: (_, r) => labels.space(r.space_status),
      },
      {
        key: 'si_status',
        title: labels.field('si_status'),
        width: 110,
        defaultHidden: list !== 'booking_pending_si',
        render: (_, r) => labels.si(r.si_status),
      },
      {
        key: 'approval_status',
        title: labels.field('approval_status'),
        width: 160,
        defaultHidden: true,
        render: (_, r) => (r.approval_status ? labels.approval(r.approval_status) : ''),
      },
      { key: 'container_nos', title: labels.field('container_nos'), width: 200, defaultHidden: true },
    ];
    if (BOOKING_LISTS[list].ageing) {
      cols.push({
        key: 'ageing_since',
        title: t('ageing.since'),
        width: 150,
        render: (_, r) => (r.ageing_since ? dayjs(r.ageing_since).format('YYYY-MM-DD HH:mm') : ''),
      });
    }
    cols.push(updatedAtColumn(labels.field('updated_at')));
    if (list === 'reuse_booking' && canCreate) {
      cols.push({
        key: 'copy',
        title: t('copy'),
        alwaysVisible: true,
        width: 90,
        render: (_, r) => (
          <Button
            size="small"
            onClick={() => navigate(bookingPath(r.so_no, { from: list, kind: 'shipping_order_copy' }))}
            data-testid={`booking-copy-${r.so_no}`}
          >
            {t('copy')}
          </Button>
        ),
      });
    }
    // Only the columns the server sorts by (BOOKING_SORTABLE) get a sorter.
    return cols.map((c) => ({ ...c, sortable: SORTABLE.has(c.key) }));
  }, [i18n.language, list, canCreate]);
}
