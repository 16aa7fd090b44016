import { DATETIME_FORMAT, type TCarrier } from '@portal/contracts';
import { Descriptions } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** Who created and last changed the record, and its version. */
export function RecordMeta({
  record,
}: {
  record: Pick<TCarrier, 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;
}) {
  const { t } = useTranslation('carrier');
  const when = (v: string) => dayjs(v).format(DATETIME_FORMAT);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      data-testid="carrier-meta"
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
