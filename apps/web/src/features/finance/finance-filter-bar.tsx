import { FINANCE_PRESET_NAMES } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../../shared/plain/plain-button';
import { PlainSegmented } from '../../shared/plain/plain-segmented';
import '../../shared/plain/plain.css';
import '../../shared/plain/plain-display.css';
import type { FinanceFilterName, FinanceFilterValues } from './finance-api';
import { typedFilter } from './finance-links';

/** A text filter applied on Enter or when the box is left (not on every key); × empties it at once. */
function TextFilter({
  name,
  value,
  onChange,
  width = 120,
  upper = true,
}: {
  name: FinanceFilterName;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  width?: number;
  upper?: boolean;
}) {
  const { t } = useTranslation('finance');
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const label = t(`filter.${name}`);
  const apply = () => {
    const v = typedFilter(text, upper);
    if (v !== value) onChange(v);
  };
  const change = (next: string) => {
    setText(next);
    if (!next && value) onChange(undefined);
  };
  return (
    <span className="plain-combobox" style={{ width }}>
      <input
        className="plain-input"
        placeholder={label}
        aria-label={label}
        value={text}
        type={name === 'as_of' ? 'date' : 'text'}
        onChange={(e) => change(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
        onBlur={apply}
        data-testid={`finance-filter-${name}`}
      />
      {text && (
        <button
          type="button"
          className="plain-combobox-clear"
          aria-label={`${t('common:plain.clear')}: ${label}`}
          // The box keeps the focus: leaving it would apply the text the button is about to clear.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => change('')}
        >
          ×
        </button>
      )}
    </span>
  );
}

/**
 * The finance filter bar (issue 15): office, invoice currency, customer (account code), the date presets of
 * 002 §9 (1 day to 3 months of invoice dates, or all) and the day ageing is measured at. Native controls
 * (issue 20: no antd Input or Segmented in the finance screens' first load).
 */
export function FinanceFilterBar({
  value,
  onChange,
  presets = true,
}: {
  value: FinanceFilterValues;
  onChange: (patch: FinanceFilterValues) => void;
  presets?: boolean;
}) {
  const { t } = useTranslation('finance');
  const set = (name: FinanceFilterName) => (v: string | undefined) => onChange({ [name]: v });
  return (
    <div
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}
      data-testid="finance-filter-bar"
    >
      <TextFilter name="office" value={value.office} onChange={set('office')} width={100} />
      <TextFilter name="currency" value={value.currency} onChange={set('currency')} width={100} />
      <TextFilter name="customer" value={value.customer} onChange={set('customer')} width={140} />
      {presets && (
        <PlainSegmented
          size="small"
          aria-label={t('filter.preset')}
          data-testid="finance-presets"
          value={value.preset ?? 'all'}
          options={['all', ...FINANCE_PRESET_NAMES].map((p) => ({ value: p, label: t(`preset.${p}`) }))}
          optionTestId={(p) => `finance-preset-${p}`}
          onChange={(v) => onChange({ preset: v === 'all' ? undefined : v })}
        />
      )}
      <TextFilter name="as_of" value={value.as_of} onChange={set('as_of')} width={150} upper={false} />
      <PlainButton
        className="plain-button--small"
        onClick={() =>
          onChange({
            office: undefined,
            currency: undefined,
            customer: undefined,
            preset: undefined,
            as_of: undefined,
          })
        }
      >
        {t('filter.reset')}
      </PlainButton>
    </div>
  );
}
