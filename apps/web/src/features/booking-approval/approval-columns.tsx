import {
  APPROVAL_LISTS,
  ageingColour,
  type TApprovalListKey,
  type TApprovalStatus,
  type TBookingRow,
} from '@portal/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rowAgeClass } from '../../shared/list/ageing';
import type { DataTableColumn } from '../../shared/list/data-table';
import { useBookingColumns, useBookingLabels } from '../booking';
import { approvalDetailPath } from './approval-paths';

/** Tag colour of an approval status. */
export const approvalColor = (s: TApprovalStatus | string | null) =>
  s === 'APPROVED'
    ? 'green'
    : s === 'REJECTED'
      ? 'red'
      : s === 'BOOKING_ADVICE'
        ? 'blue'
        : s === 'PENDING_CUSTOMER'
          ? 'gold'
          : s === 'REQUEST_FOR_APPROVAL'
            ? 'orange'
            : 'default';

/** The row class of an approval list row by its ageing colour (shared/list/ageing: the booking lists' names). */
export const approvalRowClass = (list: TApprovalListKey, row: TBookingRow, now = new Date()) =>
  rowAgeClass('booking', ageingColour(APPROVAL_LISTS[list].ageing, row.ageing_since, now));

/**
 * The booking list's columns for an approval list: the SO# opens the approval detail, the approval status
 * shows beside the booking status, and lists with an ageing rule show since when the row waits.
 */
export function useApprovalColumns(list: TApprovalListKey): DataTableColumn<TBookingRow>[] {
  const { t, i18n } = useTranslation(['booking-approval', 'booking']);
  const labels = useBookingLabels();
  const base = useBookingColumns('search_booking', false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(() => {
    const cols = base.map((c): DataTableColumn<TBookingRow> => {
      if (c.key === 'so_no') {
        return {
          ...c,
          render: (_, r) => (
            <Link
              to={approvalDetailPath(r.so_no, list)}
              data-testid={`approval-link-${r.so_no}`}
              style={{ whiteSpace: 'nowrap' }}
            >
              {r.so_no}
            </Link>
          ),
        };
      }
      if (c.key === 'approval_status') {
        return {
          ...c,
          defaultHidden: false,
          render: (_, r) =>
            r.approval_status ? (
              <Tag color={approvalColor(r.approval_status)} data-testid={`approval-row-status-${r.so_no}`}>
                {labels.approval(r.approval_status)}
              </Tag>
            ) : (
              <Tag data-testid={`approval-row-status-${r.so_no}`}>{t('status.none')}</Tag>
            ),
        };
      }
      return c;
    });
    // The approval status right after the booking status, so it is among the columns shown by default.
    const approval = cols.findIndex((c) => c.key === 'approval_status');
    const status = cols.findIndex((c) => c.key === 'status');
    if (approval > status && status >= 0) cols.splice(status + 1, 0, ...cols.splice(approval, 1));
    if (APPROVAL_LISTS[list].ageing) {
      const at = cols.findIndex((c) => c.key === 'updated_at');
      cols.splice(at < 0 ? cols.length : at, 0, {
        key: 'ageing_since',
        title: t('booking:ageing.since'),
        width: 150,
        render: (_, r) => (r.ageing_since ? dayjs(r.ageing_since).format('YYYY-MM-DD HH:mm') : ''),
      });
    }
    return cols;
  }, [i18n.language, list, base]);
}
