import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentHistoryPanel } from '../../../shared/documents';
import type { BookingTabProps } from '../booking-tab-props';

/** Document Upload History: who uploaded or removed which file, and when; empty on a new booking. */
export function DocumentHistoryTab({ booking }: BookingTabProps) {
  const { t } = useTranslation('booking-extra');
  if (!booking)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('common.saveFirst')}
        data-testid="booking-document-history-save-first"
      />
    );
  return <DocumentHistoryPanel entityType="booking" entityId={booking.so_no} />;
}
