import type { TCompareResponse } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { fmtDate } from './format';
import './booking-approval.css';

/** What the candidates of a booking are priced for: lane, cargo ready date and equipment (a plain list, issue 20). */
export function CompareFacts({ data }: { data: TCompareResponse }) {
  const { t } = useTranslation('booking-approval');
  return (
    <dl className="approval-facts">
      <div>
        <dt>{t('lane')}</dt>
        <dd>
          {data.pol} → {data.pod}
        </dd>
      </div>
      <div>
        <dt>{t('cargoReady')}</dt>
        <dd>{fmtDate(data.cargo_ready_date)}</dd>
      </div>
      <div>
        <dt>{t('equipment')}</dt>
        <dd>{data.equipment.map((e) => `${e.container_type} × ${e.qty}`).join(', ') || '—'}</dd>
      </div>
    </dl>
  );
}
