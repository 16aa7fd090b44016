import { DATETIME_FORMAT } from '@portal/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PlainFacts } from '../plain/plain-facts';

/** The audit fields every maintained record carries. */
export interface AuditedRecord {
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  version: number;
}

/** Who created and last changed the record, and its version. */
export function RecordMeta({ record, testId }: { record: AuditedRecord; testId: string }) {
  const { t } = useTranslation('maintenance');
  const when = (v: string) => dayjs(v).format(DATETIME_FORMAT);
  return (
    <PlainFacts
      size="small"
      column={3}
      data-testid={`${testId}-meta`}
      items={[
        {
          key: 'created',
          label: t('meta.created'),
          children: `${when(record.created_at)} ${record.created_by ?? ''}`,
        },
        {
          key: 'updated',
          label: t('meta.updated'),
          children: `${when(record.updated_at)} ${record.updated_by ?? ''}`,
        },
        { key: 'version', label: t('meta.version'), children: record.version },
      ]}
    />
  );
}
