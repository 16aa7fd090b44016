import { useTranslation } from 'react-i18next';
import { Typography } from '../../shared/plain/typography';
import { CUTOFFS, fmtAmount, fmtDateTime } from './format';
import './booking-approval.css';

interface RateLine {
  container_type: string;
  amount: string;
  qty: number;
  line_total: string;
}

/** The rate per container: "40HQ × 2 @ 2,700.00 = 5,400.00" per line; "No rate" when unpriced. */
export function RateContainers({ lines, currency }: { lines: RateLine[]; currency: string | null }) {
  const { t, i18n } = useTranslation('booking-approval');
  if (!lines.length) return <Typography.Text type="secondary">{t('rate.none')}</Typography.Text>;
  return (
    <div className="approval-lines">
      {lines.map((l) => (
        <span key={l.container_type} style={{ whiteSpace: 'nowrap' }}>
          {t('rate.line', {
            type: l.container_type,
            qty: l.qty,
            amount: fmtAmount(l.amount, i18n.language, currency),
            total: fmtAmount(l.line_total, i18n.language, currency),
            currency: currency ?? '',
          })}
        </span>
      ))}
    </div>
  );
}

/** The total rate with its currency ('—' when unpriced). */
export function RateTotal({ total, currency }: { total: string | null; currency: string | null }) {
  const { i18n } = useTranslation();
  if (total === null) return <>—</>;
  return (
    <strong style={{ whiteSpace: 'nowrap' }}>
      {currency} {fmtAmount(total, i18n.language, currency)}
    </strong>
  );
}

/** The four cut-offs, one per line, labelled (only those the sailing has; '—' for none). */
export function Cutoffs({ row }: { row: Record<(typeof CUTOFFS)[number], string | null> }) {
  const { t } = useTranslation('booking-approval');
  const set = CUTOFFS.filter((k) => row[k]);
  if (!set.length) return <>—</>;
  return (
    <div className="approval-lines" style={{ fontSize: 12 }}>
      {set.map((k) => (
        <span key={k} style={{ whiteSpace: 'nowrap' }}>
          {t(`cutoff.${k}`)}: {fmtDateTime(row[k])}
        </span>
      ))}
    </div>
  );
}
