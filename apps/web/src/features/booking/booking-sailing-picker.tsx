import { ScheduleOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Modal, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/i18n/error-text';
import { type SailingOption, searchSailings } from './booking-api';
import { dateOut } from './booking-form-values';

/** The facts of the chosen sailing the booking rules need (kept in the form as `_sailing`). */
export interface ChosenSailing {
  pol: string;
  pod: string;
  is_tbc: boolean;
}
export const SAILING_FACTS = '_sailing';

const DATETIME = 'YYYY-MM-DDTHH:mm';
const toDay = (v: string | null, f: string) => (v ? dayjs(v, f) : null);

/**
 * "Pick a sailing": the sailings from POL to POD departing from the cargo ready date (or today) for 60
 * days; choosing one fills carrier, vessel, voyage, ETD, ETA and the four closings.
 */
export function SailingPicker({
  soNo,
  disabled,
  onPicked,
}: {
  soNo: string | null;
  disabled?: boolean;
  onPicked?: () => void;
}) {
  const { t } = useTranslation(['booking', 'msg']);
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<SailingOption[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);

  const start = async () => {
    const pol = form.getFieldValue('pol') as string | undefined;
    const pod = form.getFieldValue('pod') as string | undefined;
    if (!pol || !pod) {
      message.warning(t('sailing.needPorts'));
      return;
    }
    const ready = dateOut(form.getFieldValue('cargo_ready_date'));
    const from = ready && ready > dayjs().format('YYYY-MM-DD') ? dayjs(ready) : dayjs();
    setOpen(true);
    setLoading(true);
    setError(null);
    try {
      setRows(
        await searchSailings({
          pol,
          pod,
          etd_from: from.format('YYYY-MM-DD'),
          etd_to: from.add(60, 'day').format('YYYY-MM-DD'),
          soNo,
        }),
      );
    } catch (e) {
      setRows([]);
      setError(e);
    } finally {
      setLoading(false);
    }
  };

  const choose = (s: SailingOption) => {
    form.setFieldsValue({
      sailing_id: s.sailing_schedule_id,
      carrier_code: s.carrier_code,
      vessel_name: s.vessel_name,
      voyage: s.voyage,
      etd: toDay(s.etd, 'YYYY-MM-DD'),
      eta: toDay(s.eta, 'YYYY-MM-DD'),
      cfs_closing: toDay(s.cfs_cutoff, DATETIME),
      cy_closing: toDay(s.cy_cutoff, DATETIME),
      vgm_closing: toDay(s.vgm_cutoff, DATETIME),
      si_closing: toDay(s.si_cutoff, DATETIME),
      [SAILING_FACTS]: { pol: s.pol, pod: s.pod, is_tbc: s.is_tbc } satisfies ChosenSailing,
    });
    // Let the form tell its listeners (dirty state) and re-check the filled fields.
    void form
      .validateFields([
        'carrier_code',
        'vessel_name',
        'voyage',
        'etd',
        'eta',
        'cfs_closing',
        'cy_closing',
        'vgm_closing',
        'si_closing',
      ])
      .catch(() => undefined);
    form.setFields([{ name: 'sailing_id', touched: true }]);
    setOpen(false);
    onPicked?.();
    message.success(t('sailing.chosen', { vessel: s.vessel_name, voyage: s.voyage }));
  };

  return (
    <>
      <Button
        icon={<ScheduleOutlined />}
        onClick={start}
        disabled={disabled}
        data-testid="booking-pick-sailing"
      >
        {t('sailing.pick')}
      </Button>
      <Modal
        open={open}
        title={t('sailing.title')}
        footer={null}
        width={960}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {error ? (
          <Alert type="error" showIcon title={errorText(t, error)} style={{ marginBottom: 8 }} />
        ) : null}
        <Table<SailingOption>
          size="small"
          rowKey="sailing_schedule_id"
          loading={loading}
          dataSource={rows ?? []}
          pagination={false}
          scroll={{ x: 880, y: 400 }}
          locale={{ emptyText: t('sailing.none') }}
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
            { key: 'etd', title: t('field.etd'), dataIndex: 'etd', width: 110 },
            { key: 'eta', title: t('field.eta'), dataIndex: 'eta', width: 110 },
            { key: 'cy', title: t('field.cy_closing'), dataIndex: 'cy_cutoff', width: 150 },
            {
              key: 'pick',
              title: '',
              width: 90,
              fixed: 'right',
              render: (_, s) => (
                <Button
                  size="small"
                  type="primary"
                  onClick={() => choose(s)}
                  data-testid={`booking-sailing-choose-${s.sailing_schedule_id}`}
                >
                  {t('sailing.choose')}
                </Button>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
