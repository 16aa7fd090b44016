import { FINANCE_PRESET_NAMES } from '@portal/contracts';
import { Button, Flex, Input, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinanceFilterName, FinanceFilterValues } from './finance-api';

/** A text filter applied on Enter or when the box is left (not on every key). */
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
  const apply = () => {
    const v = (upper ? text.toUpperCase() : text).trim() || undefined;
    if (v !== value) onChange(v);
  };
  return (
    <Input
      allowClear
      style={{ width }}
      placeholder={t(`filter.${name}`)}
      aria-label={t(`filter.${name}`)}
      value={text}
      type={name === 'as_of' ? 'date' : 'text'}
      onChange={(e) => {
        setText(e.target.value);
        if (!e.target.value && value) onChange(undefined);
      }}
      onPressEnter={apply}
      onBlur={apply}
      data-testid={`finance-filter-${name}`}
    />
  );
}

/**
 * The finance filter bar (issue 15): office, invoice currency, customer (account code), the date presets of
 * 002 §9 (1 day to 3 months of invoice dates, or all) and the day ageing is measured at.
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
    <Flex gap={8} wrap align="center" data-testid="finance-filter-bar">
      <TextFilter name="office" value={value.office} onChange={set('office')} width={100} />
      <TextFilter name="currency" value={value.currency} onChange={set('currency')} width={100} />
      <TextFilter name="customer" value={value.customer} onChange={set('customer')} width={140} />
      {presets && (
        <Segmented
          size="small"
          value={value.preset ?? 'all'}
          onChange={(v) => onChange({ preset: v === 'all' ? undefined : String(v) })}
          options={['all', ...FINANCE_PRESET_NAMES].map((p) => ({
            value: p,
            label: <span data-testid={`finance-preset-${p}`}>{t(`preset.${p}`)}</span>,
          }))}
        />
      )}
      <TextFilter name="as_of" value={value.as_of} onChange={set('as_of')} width={150} upper={false} />
      <Button
        size="small"
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
      </Button>
    </Flex>
  );
}
