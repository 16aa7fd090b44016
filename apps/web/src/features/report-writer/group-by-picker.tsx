import { RW_LIMITS, type TRwField } from '@portal/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Up to three group-by fields (in order): antd's multiple Select (a long list typed to narrow), loaded with
 * the group section (group-editor.tsx) so that it stays out of the builder's first load.
 */
export default function GroupByPicker({
  fields,
  value,
  onChange,
  label,
}: {
  fields: readonly TRwField[];
  value: string[];
  onChange: (v: string[]) => void;
  label: (key: string) => string;
}) {
  const { t } = useTranslation('report-writer');
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ width: '100%', maxWidth: 560 }}
      placeholder={t('group.none')}
      aria-label={t('group.by')}
      maxCount={RW_LIMITS.maxGroupBy}
      value={value}
      options={fields.filter((f) => f.groupable).map((f) => ({ value: f.key, label: label(f.key) }))}
      onChange={onChange}
      data-testid="rw-group-by"
    />
  );
}
