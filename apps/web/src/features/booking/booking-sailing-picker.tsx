import { ScheduleOutlined } from '@ant-design/icons';
import { DATE_FORMAT, DATETIME_MINUTE_FORMAT } from '@portal/contracts';
import { Alert, App, Button, Form, Modal, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/i18n/error-text';
import { fetchSelectionOptions } from '../../shared/search-select/use-option-search';
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
/** A date or a port-local cut-off as the portal shows them (000 §9: YYYY-MM-DD, YYYY-MM-DD HH:mm). */
const showDate = (v: string | null) => (v ? dayjs(v, 'YYYY-MM-DD').format(DATE_FORMAT) : '—');
const showCutoff = (v: string | null) => (v ? dayjs(v, DATETIME).format(DATETIME_MINUTE_FORMAT) : '—');
const CUTOFF_COLUMNS = [
  ['cfs_cutoff', 'cfs_closing'],
  ['cy_cutoff', 'cy_closing'],
  ['vgm_cutoff', 'vgm_closing'],
  ['si_cutoff', 'si_closing'],
] as const;

/** "HKHKG Hong Kong" for the title: the ports' names where the lookup knows them, else the codes. */
async function portTitles(pol: string, pod: string): Promise<{ pol: string; pod: string }> {
  try {
    const found = await fetchSelectionOptions({ fetchOptionKey: 'port', searchValue: [pol, pod] });
    const name = (code: string) => found.find((o) => o.value === code)?.text ?? code;
    return { pol: name(pol), pod: name(pod) };
  } catch {
    return { pol, pod };
  }
}

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
  const [ports, setPorts] = useState<{ pol: string; pod: string } | null>(null);

  const start = async () => {
    const pol = form.getFieldValue('pol') as string | undefined;
    const pod = form.getFieldValue('pod') as string | undefined;
    if (!pol || !pod) {
      message.warning(t('sailing.needPorts'));
      return;
    }
    const ready = dateOut(form.getFieldValue('cargo_ready_date'));
    const from = ready && ready > dayjs().format('YYYY-MM-DD') ? dayjs(ready) : dayjs();
    setPorts({ pol, pod });
    setOpen(true);
    setLoading(true);
    setError(null);
    void portTitles(pol, pod).then(setPorts);
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
        title={
          <span data-testid="booking-sailing-title">{t('sailing.title', ports ?? { pol: '', pod: '' })}</span>
        }
        footer={null}
        width={1180}
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
          scroll={{ x: 1120, y: 400 }}
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
            { key: 'etd', title: t('field.etd'), width: 105, render: (_, s) => showDate(s.etd) },
            { key: 'eta', title: t('field.eta'), width: 105, render: (_, s) => showDate(s.eta) },
            ...CUTOFF_COLUMNS.map(([cutoff, field]) => ({
              key: cutoff,
              title: t(`field.${field}`),
              width: 140,
              render: (_: unknown, s: SailingOption) => (
                <span style={{ whiteSpace: 'nowrap' }} data-testid={`booking-sailing-${cutoff}`}>
                  {showCutoff(s[cutoff])}
                </span>
              ),
            })),
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
