import { DATE_FORMAT, DATETIME_MINUTE_FORMAT } from '@portal/contracts';
import { Alert, Modal, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import type { SailingOption } from './booking-api';

const DATETIME = 'YYYY-MM-DDTHH:mm';
/** A date or a port-local cut-off as the portal shows them (000 §9: YYYY-MM-DD, YYYY-MM-DD HH:mm). */
const showDate = (v: string | null) => (v ? dayjs(v, 'YYYY-MM-DD').format(DATE_FORMAT) : '—');
const showCutoff = (v: string | null) => (v ? dayjs(v, DATETIME).format(DATETIME_MINUTE_FORMAT) : '—');
const CUTOFF_COLUMNS = [
  ['cfs_cutoff', 'cfs_closing'],
  ['cy_cutoff', 'cy_closing'],
  ['vgm_cutoff', 'vgm_closing'],
  ['si_cutoff', 'si_closing'],
] as const;

/** The sailings from POL to POD to choose from (booking-sailing-picker.tsx opens it and fills the form). */
export default function SailingDialog({
  open,
  ports,
  error,
  loading,
  rows,
  onCancel,
  onChoose,
}: {
  open: boolean;
  ports: { pol: string; pod: string } | null;
  error: unknown;
  loading: boolean;
  rows: SailingOption[] | null;
  onCancel: () => void;
  onChoose: (s: SailingOption) => void;
}) {
  const { t } = useTranslation('booking');
  return (
    <Modal
      open={open}
      title={
        <span data-testid="booking-sailing-title">{t('sailing.title', ports ?? { pol: '', pod: '' })}</span>
      }
      footer={null}
      width={1180}
      onCancel={onCancel}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={errorText(t, error)} style={{ marginBottom: 8 }} /> : null}
      <StaticTable<SailingOption>
        rowKey="sailing_schedule_id"
        loading={loading}
        rows={rows ?? []}
        pageSize={false}
        maxHeight={400}
        empty={<p>{t('sailing.none')}</p>}
        data-testid="booking-sailing-table"
        columns={[
          { key: 'carrier', title: t('field.carrier_code'), dataIndex: 'carrier_code', width: 80 },
          {
            key: 'vessel',
            title: t('field.vessel_name'),
            width: 220,
            render: (_, s) => (
              <>
                {s.vessel_name} {s.is_tbc && <Tag color="gold">{t('sailing.tbc')}</Tag>}
              </>
            ),
          },
          { key: 'voyage', title: t('field.voyage'), dataIndex: 'voyage', width: 90 },
          { key: 'etd', title: t('field.etd'), width: 105, render: (_, s) => showDate(s.etd) },
          { key: 'eta', title: t('field.eta'), width: 105, render: (_, s) => showDate(s.eta) },
          ...CUTOFF_COLUMNS.map(([cutoff, field]) => ({
            key: cutoff,
            title: t(`field.${field}`),
            width: 140,
            render: (_: never, s: SailingOption) => (
              <span style={{ whiteSpace: 'nowrap' }} data-testid={`booking-sailing-${cutoff}`}>
                {showCutoff(s[cutoff])}
              </span>
            ),
          })),
          {
            key: 'pick',
            title: '',
            width: 90,
            render: (_, s) => (
              <Button
                size="small"
                type="primary"
                onClick={() => onChoose(s)}
                data-testid={`booking-sailing-choose-${s.sailing_schedule_id}`}
              >
                {t('sailing.choose')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
