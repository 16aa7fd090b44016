import { ANALYTICS_MAX_DAYS, ANALYTICS_PRESETS, type TAnalyticsOptions } from '@portal/contracts';
import { useMemo } from 'react';
import { PlainButton } from '../../shared/plain/plain-button';
import { PlainCombobox } from '../../shared/plain/plain-combobox';
import { PlainDateRange } from '../../shared/plain/plain-date-range';
import { type PlainOption, PlainSelect } from '../../shared/plain/plain-select';
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
 * the page refetches and keeps the previous figures on screen meanwhile. Native controls (issue 20): the
 * analytics pages load without antd's Select and DatePicker.
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
  const choice = (key: AnalyticsChoiceKey, list: PlainOption[], width: number) => (
    <PlainSelect
      allowClear
      placeholder={t(`filter.${key}`)}
      aria-label={t(`filter.${key}`)}
      aria-busy={optionsLoading || undefined}
      style={{ minWidth: width }}
      value={value[key]}
      options={list}
      onChange={(v) => onChange({ [key]: v })}
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
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is not in React's DOM types yet; the role names the same landmark
    <div
      className="analytics-filters"
      data-testid="analytics-filters"
      role="search"
      aria-label={t('filter.label')}
    >
      <div className="analytics-filter-row">
        <PlainSelect
          aria-label={t('filter.preset')}
          style={{ minWidth: 150 }}
          value={preset ?? 'custom'}
          options={[
            ...ANALYTICS_PRESETS.map((p) => ({ value: p, label: t(`preset.${p}`) })),
            ...(preset ? [] : [{ value: 'custom', label: t('preset.custom') }]),
          ]}
          onChange={(p) => {
            if (p && p !== 'custom') onChange({ preset: p as AnalyticsPreset });
          }}
          data-testid="analytics-filter-preset"
        />
        <PlainDateRange
          label={t('filter.period')}
          from={value.from}
          to={value.to}
          maxDays={ANALYTICS_MAX_DAYS}
          onChange={(from, to) => onChange({ from, to })}
          testId="analytics-filter-period"
        />
      </div>
      <div className="analytics-filter-row">
        {choice('office', coded(options?.offices), 150)}
        {choice('mode', plain(options?.modes), 110)}
        {choice('service', plain(options?.services), 110)}
        {choice('carrier', coded(options?.carriers), 170)}
        <CustomerSelect value={value.customer} onChange={(v) => onChange({ customer: v })} />
        {choice('lane', plain(options?.lanes), 170)}
        <PlainButton onClick={() => onChange({ reset: true })} data-testid="analytics-filter-reset">
          {t('filter.reset')}
        </PlainButton>
      </div>
    </div>
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
    return found.filter((o) => o.value && !seen.has(o.value) && seen.add(o.value));
  }, [s.options]);
  return (
    <PlainCombobox
      allowClear
      placeholder={t('filter.customer')}
      aria-label={t('filter.customer')}
      style={{ width: 220 }}
      value={value}
      options={options}
      onSearch={s.search}
      loading={s.phase === 'waiting' || s.phase === 'loading'}
      emptyText={t('filter.customerHint')}
      onChange={onChange}
      data-testid="analytics-filter-customer"
    />
  );
}
