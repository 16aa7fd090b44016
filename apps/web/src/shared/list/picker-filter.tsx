import { SELECT_SEARCH_MIN_CHARS } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainCombobox } from '../plain/plain-combobox';
import { useOptionSearch } from '../search-select/use-option-search';
import type { ListQuery } from './use-list-query';

/**
 * A list filter picked from the server's options (carrier, port, ...): its value is the list filter `name`.
 * A plain combobox (issue 20: a list loads without antd's Select): 2 characters search after the pause,
 * Down/Enter pick, the clear button takes the filter off; a saved filter shows its option's name.
 */
export function PickerFilter<F extends string>({
  list,
  name,
  fetchOptionKey,
  label,
  testId,
}: {
  list: Pick<ListQuery<unknown, F>, 'state' | 'setState'>;
  name: F;
  fetchOptionKey: string;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('list');
  const value = list.state.filters[name] ?? undefined;
  const s = useOptionSearch({ fetchOptionKey, value });
  const found = useMemo(
    () => (s.text ? s.options.map((o) => ({ value: o.value, label: o.text })) : []),
    [s.options, s.text],
  );
  const chosen = value ? s.options.find((o) => o.value === value)?.text : undefined;
  return (
    <PlainCombobox
      allowClear
      aria-label={label}
      placeholder={label}
      style={{ width: 200 }}
      value={value}
      valueLabel={chosen}
      options={found}
      onSearch={s.search}
      loading={s.phase === 'waiting' || s.phase === 'loading'}
      emptyText={
        s.phase === 'done' ? t('select.noRecord') : t('select.typeMore', { min: SELECT_SEARCH_MIN_CHARS })
      }
      onChange={(v) => list.setState({ filters: { [name]: v } as Partial<Record<F, string>> })}
      data-testid={testId}
    />
  );
}
