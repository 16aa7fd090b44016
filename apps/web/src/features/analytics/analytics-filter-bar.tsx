import { ANALYTICS_MAX_DAYS, ANALYTICS_PRESETS, type TAnalyticsOptions } from '@portal/contracts';
import { Button, DatePicker, Flex, Select, Spin } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useOptionSearch } from '../../shared/search-select/use-option-search';
import type {
  AnalyticsChoiceKey,
  AnalyticsFilterValues,
  AnalyticsPatch,
  AnalyticsPreset,
} from './analytics-filters';
import { useAnalyticsT } from './analytics-i18n';

/**
 * The filter bar (issue 17): the period as a preset or a picked range, then office, mode, service, carrier,
 * customer (the party search, as on the other screens) and trade lane. Each change goes to the URL at once;
 * the page refetches and keeps the previous figures on screen meanwhile.
 */
export function AnalyticsFilterBar({
  value,
  preset,
  options,
  optionsLoading,
  onChange,
}: {
  value: AnalyticsFilterValues;
  preset: AnalyticsPreset | null;
  options: TAnalyticsOptions | undefined;
  optionsLoading: boolean;
  onChange: (patch: AnalyticsPatch) => void;
}) {
  const { t } = useAnalyticsT();
  const choice = (key: AnalyticsChoiceKey, list: { value: string; label: string }[], width: number) => (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t(`filter.${key}`)}
      aria-label={t(`filter.${key}`)}
      style={{ width }}
      value={value[key]}
      loading={optionsLoading}
      // A value from a shared link that the options do not list (yet) still shows as its code.
      options={
        value[key] && !list.some((o) => o.value === value[key])
          ? [{ value: value[key], label: value[key] }, ...list]
          : list
      }
      onChange={(v: string | undefined) => onChange({ [key]: v ?? undefined })}
      popupMatchSelectWidth={false}
      data-testid={`analytics-filter-${key}`}
    />
  );
  const coded = (l: { code: string; name: string }[] | undefined) =>
    (l ?? []).map((o) => ({
      value: o.code,
      label: o.name && o.name !== o.code ? `${o.code} - ${o.name}` : o.code,
    }));
  const plain = (l: string[] | undefined) => (l ?? []).map((v) => ({ value: v, label: v }));
  return (
    <Flex vertical gap={8} data-testid="analytics-filters" role="search" aria-label={t('filter.label')}>
      <Flex wrap gap={8} align="center">
        <Select
          aria-label={t('filter.preset')}
          style={{ minWidth: 150 }}
          value={preset ?? 'custom'}
          options={[
            ...ANALYTICS_PRESETS.map((p) => ({ value: p, label: t(`preset.${p}`) })),
            ...(preset ? [] : [{ value: 'custom', label: t('preset.custom') }]),
          ]}
          onChange={(p: string) => {
            if (p !== 'custom') onChange({ preset: p as AnalyticsPreset });
          }}
          data-testid="analytics-filter-preset"
        />
        <DatePicker.RangePicker
          allowClear={false}
          aria-label={t('filter.period')}
          value={[dayjs(value.from), dayjs(value.to)]}
          disabledDate={(d, info) => !!info.from && Math.abs(d.diff(info.from, 'day')) >= ANALYTICS_MAX_DAYS}
          onChange={(r) => {
            if (r?.[0] && r[1]) onChange({ from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') });
          }}
          data-testid="analytics-filter-period"
        />
      </Flex>
      <Flex wrap gap={8} align="center">
        {choice('office', coded(options?.offices), 150)}
        {choice('mode', plain(options?.modes), 110)}
        {choice('service', plain(options?.services), 110)}
        {choice('carrier', coded(options?.carriers), 170)}
        <CustomerSelect value={value.customer} onChange={(v) => onChange({ customer: v })} />
        {choice('lane', plain(options?.lanes), 170)}
        <Button onClick={() => onChange({ reset: true })} data-testid="analytics-filter-reset">
          {t('filter.reset')}
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * The customer: the party search of the other screens (2 characters, then the server's matches after the
 * pause), keeping the party's code, which is what the analytics filter takes ("CODE - Name" → CODE).
 */
function CustomerSelect({ value, onChange }: { value?: string; onChange: (v: string | undefined) => void }) {
  const { t } = useAnalyticsT();
  const s = useOptionSearch({ fetchOptionKey: 'party', value: undefined });
  const options = useMemo(() => {
    const found = s.options.map((o) => ({ value: o.text.split(' - ')[0].trim(), label: o.text }));
    const seen = new Set<string>();
    const list = found.filter((o) => o.value && !seen.has(o.value) && seen.add(o.value));
    return value && !seen.has(value) ? [{ value, label: value }, ...list] : list;
  }, [s.options, value]);
  const busy = s.phase === 'waiting' || s.phase === 'loading';
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: s.search }}
      placeholder={t('filter.customer')}
      aria-label={t('filter.customer')}
      style={{ width: 220 }}
      value={value}
      options={options}
      onChange={(v: string | undefined) => onChange(v ?? undefined)}
      onOpenChange={(open) => {
        if (!open) s.search('');
      }}
      notFoundContent={busy ? <Spin size="small" /> : t('filter.customerHint')}
      popupMatchSelectWidth={false}
      data-testid="analytics-filter-customer"
    />
  );
}
