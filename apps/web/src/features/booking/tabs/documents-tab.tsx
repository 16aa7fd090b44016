import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentPanel, formatBytes, useUploadRules } from '../../../shared/documents';
import { Typography } from '../../../shared/plain/typography';
import type { BookingTabProps } from '../booking-tab-props';

/**
 * Document Upload (001 §2 Booking tabs): the booking's documents (entity type `booking`, key SO number)
 * through the shared DocumentPanel: per-file size limit, server-side virus scan ("Virus detected" shown
 * on the refused file), and "Save the booking first" on a new booking. Anyone who may see the booking may
 * attach documents to it (the server checks party visibility).
 */
export function DocumentsTab({ booking }: BookingTabProps) {
  const { t } = useTranslation('booking-extra');
  const rules = useUploadRules();
  const max = rules.data?.max_bytes;
  return (
    <Flex vertical gap={8} data-testid="booking-documents-tab">
      {booking && max ? (
        <Typography.Text type="secondary" data-testid="booking-document-limit">
          {t('documents.limit', { size: formatBytes(max) })}
        </Typography.Text>
      ) : null}
      <DocumentPanel
        entityType="booking"
        entityId={booking?.so_no ?? null}
        canEdit={!!booking}
        showHistory={false}
        testId="booking-document"
      />
    </Flex>
  );
}
