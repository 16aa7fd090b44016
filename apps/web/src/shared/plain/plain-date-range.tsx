import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './plain.css';

const DAY = 86_400_000;
const ISO = { date: /^\d{4}-\d{2}-\d{2}$/, month: /^\d{4}-\d{2}$/ };
const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);

export interface PlainDateRangeProps {
  /** 'YYYY-MM-DD', or 'YYYY-MM' for months. */
  from: string;
  to: string;
  /** Called with both dates once the range is whole and valid (from ≤ to, within maxDays). */
  onChange: (from: string, to: string) => void;
  /** The range's name ("Period"); each input is named "Period: From" / "Period: To". */
  label: string;
  /** At most this many days, both ends counted (dates only). */
  maxDays?: number;
  /** Days (default) or months (`<input type="month">`). */
  kind?: 'date' | 'month';
  /** Either end may stay empty ('' in onChange): an open-ended filter. */
  allowEmpty?: boolean;
  testId?: string;
}

/**
 * A date range as two native date inputs (issue 20: a report filter without antd's RangePicker). The browser
 * draws its calendar and keyboard; each end bounds the other (and the longest range) with min/max, and a
 * typed range that breaks them is marked invalid and not applied.
 */
export function PlainDateRange({
  from,
  to,
  onChange,
  label,
  maxDays,
  kind = 'date',
  allowEmpty,
  testId,
}: PlainDateRangeProps) {
  const { t } = useTranslation('common');
  const [draft, setDraft] = useState({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);
  const iso = ISO[kind];
  const span = kind === 'date' ? maxDays : undefined;
  const valid = (f: string, x: string) => {
    if (allowEmpty && (!f || !x)) return (!f || iso.test(f)) && (!x || iso.test(x));
    return iso.test(f) && iso.test(x) && f <= x && (!span || daysBetween(f, x) < span);
  };
  const change = (next: { from: string; to: string }) => {
    setDraft(next);
    if (valid(next.from, next.to)) onChange(next.from, next.to);
  };
  const bad = !valid(draft.from, draft.to);
  const fromOk = iso.test(draft.from);
  const toOk = iso.test(draft.to);
  return (
    // biome-ignore lint/a11y/useSemanticElements: two inputs named as one range inline in a filter bar; a fieldset would need a legend and a block box
    <span className="plain-date-range" role="group" aria-label={label} data-testid={testId}>
      <input
        type={kind}
        className="plain-input"
        aria-label={`${label}: ${t('plain.from')}`}
        value={draft.from}
        max={toOk ? draft.to : undefined}
        min={toOk && span ? shift(draft.to, -(span - 1)) : undefined}
        aria-invalid={bad || undefined}
        required={!allowEmpty}
        onChange={(e) => change({ ...draft, from: e.target.value })}
        data-testid={testId ? `${testId}-from` : undefined}
      />
      <span aria-hidden="true">–</span>
      <input
        type={kind}
        className="plain-input"
        aria-label={`${label}: ${t('plain.to')}`}
        value={draft.to}
        min={fromOk ? draft.from : undefined}
        max={fromOk && span ? shift(draft.from, span - 1) : undefined}
        aria-invalid={bad || undefined}
        required={!allowEmpty}
        onChange={(e) => change({ ...draft, to: e.target.value })}
        data-testid={testId ? `${testId}-to` : undefined}
      />
    </span>
  );
}
