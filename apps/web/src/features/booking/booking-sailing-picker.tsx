import { ScheduleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { fetchSelectionOptions } from '../../shared/search-select/use-option-search';
import { type SailingOption, searchSailings } from './booking-api';
import { dateOut } from './booking-form-values';

/** The sailings dialog (antd Modal and Table) loads when "Pick a sailing" is first pressed (issue 20). */
const SailingDialog = lazy(() => import('./booking-sailing-dialog'));

/** The facts of the chosen sailing the booking rules need (kept in the form as `_sailing`). */
export interface ChosenSailing {
  pol: string;
  pod: string;
  is_tbc: boolean;
}
export const SAILING_FACTS = '_sailing';

const DATETIME = 'YYYY-MM-DDTHH:mm';
const toDay = (v: string | null, f: string) => (v ? dayjs(v, f) : null);
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
  const { t } = useTranslation('booking');
  const { message } = useApp();
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
      {/* Ports are set on the first opening: the dialog's code loads then, not with the form. */}
      {ports && (
        <Suspense fallback={null}>
          <SailingDialog
            open={open}
            ports={ports}
            error={error}
            loading={loading}
            rows={rows}
            onCancel={() => setOpen(false)}
            onChoose={choose}
          />
        </Suspense>
      )}
    </>
  );
}
