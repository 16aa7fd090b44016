import type { TConsolidation } from '@portal/contracts';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCheckbox } from '../../shared/plain/plain-checkbox';
import { PlainSelect } from '../../shared/plain/plain-select';
import '../../shared/plain/plain-form-controls.css';
import { useConsolSailings } from './consol-api';
import { useConsolLabels } from './consol-labels';

/** Proposing sailings (with a rate each) for the customer's approval (loaded when the dialog opens). */
export function ProposeDialog({
  plan,
  onClose,
  onPropose,
}: {
  plan: TConsolidation;
  onClose: () => void;
  onPropose: (p: { sailing_id: number; rate_id: number | null }[]) => Promise<void>;
}) {
  const { t } = useTranslation('consolidation');
  const labels = useConsolLabels();
  const sailings = useConsolSailings(plan.consol_no, true);
  const [picked, setPicked] = useState<Record<number, number | null>>({});
  return (
    <Modal
      open
      width={820}
      title={labels.action('propose')}
      onCancel={onClose}
      okButtonProps={{ disabled: !Object.keys(picked).length, 'data-testid': 'consol-propose-ok' } as never}
      onOk={() => onPropose(Object.entries(picked).map(([s, r]) => ({ sailing_id: Number(s), rate_id: r })))}
    >
      {sailings.error && <PlainAlert type="error" title={errorText(t, sailings.error)} />}
      <StaticTable
        rowKey="sailing_id"
        loading={sailings.isLoading}
        pageSize={false}
        rows={sailings.data ?? []}
        empty={<p>{t('noSailings')}</p>}
        data-testid="consol-sailings"
        columns={[
          {
            key: 'pick',
            width: 40,
            render: (_, s) => (
              <PlainCheckbox
                disabled={false}
                checked={s.sailing_id in picked}
                onChange={(e) =>
                  setPicked((p) => {
                    const n = { ...p };
                    if (e.target.checked)
                      n[s.sailing_id] =
                        s.rates.find((r) => r.carrier_code === s.carrier_code)?.rate_id ?? null;
                    else delete n[s.sailing_id];
                    return n;
                  })
                }
                data-testid={`consol-sailing-pick-${s.sailing_id}`}
                aria-label={`${s.vessel_name} ${s.voyage}`}
              />
            ),
          },
          { key: 'carrier', title: labels.field('carrier_code'), dataIndex: 'carrier_code', width: 80 },
          { key: 'vessel', title: labels.field('vessel'), render: (_, s) => `${s.vessel_name} ${s.voyage}` },
          { key: 'etd', title: labels.field('etd'), dataIndex: 'etd', width: 110 },
          { key: 'eta', title: labels.field('eta'), dataIndex: 'eta', width: 110 },
          {
            key: 'rate',
            title: labels.field('rate'),
            width: 220,
            render: (_, s) => (
              <PlainSelect
                className="plain-form-select"
                value={
                  picked[s.sailing_id] === undefined || picked[s.sailing_id] === null
                    ? undefined
                    : String(picked[s.sailing_id])
                }
                disabled={!(s.sailing_id in picked)}
                style={{ width: 200 }}
                allowClear
                placeholder={t('noRate')}
                onChange={(v) =>
                  setPicked((p) => ({ ...p, [s.sailing_id]: v === undefined ? null : Number(v) }))
                }
                // Only the sailing's own carrier's rates (the server answers no other; issue 39).
                options={s.rates
                  .filter((r) => r.carrier_code === s.carrier_code)
                  .map((r) => ({
                    value: String(r.rate_id),
                    label: `${r.carrier_code} ${r.currency ?? ''} ${r.total_rate}`,
                  }))}
                aria-label={`${labels.field('rate')} ${s.vessel_name} ${s.voyage}`}
                data-testid={`consol-sailing-rate-${s.sailing_id}`}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
