import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RW_LIMITS, type TRwAggFn, type TRwAggregate, type TRwField } from '@portal/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { ChoiceField } from '../../shared/plain/form-fields';
import { Typography } from '../../shared/plain/typography';
import { aggFnsFor, moveItem, type ResultKey } from './report-model';

export { GroupByPicker } from './group-by-picker';

/** The aggregates of a grouped report: count of rows, or count/sum/avg/min/max of a field. */
export function AggregatesEditor({
  fields,
  value,
  onChange,
  label,
  problem,
}: {
  fields: readonly TRwField[];
  value: TRwAggregate[];
  onChange: (v: TRwAggregate[]) => void;
  label: (key: string) => string;
  problem: string | null;
}) {
  const { t } = useTranslation('report-writer');
  const fieldOptions = [
    { value: '*', label: t('agg.rows') },
    ...fields
      .filter((f) => f.aggregatable || aggFnsFor(f).length > 0)
      .map((f) => ({ value: f.key, label: label(f.key) })),
  ];
  const patch = (i: number, p: Partial<TRwAggregate>) =>
    onChange(value.map((a, j) => (j === i ? { ...a, ...p } : a)));
  return (
    <Flex vertical gap={8} data-testid="rw-aggregates">
      {value.map((a, i) => {
        const n = i + 1;
        const field = a.field === '*' ? '*' : fields.find((f) => f.key === a.field);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: aggregates have no identity of their own
          <Flex key={i} gap={8} align="center" wrap>
            <ChoiceField
              style={{ width: 130 }}
              aria-label={t('agg.fnN', { n })}
              value={a.fn}
              options={aggFnsFor(field).map((fn) => ({ value: fn, label: t(`aggFn.${fn}`) }))}
              onChange={(fn) => fn && patch(i, { fn: fn as TRwAggFn })}
              data-testid={`rw-agg-fn-${i}`}
            />
            <ChoiceField
              style={{ width: 220 }}
              aria-label={t('agg.fieldN', { n })}
              value={a.field || undefined}
              placeholder={t('agg.field')}
              options={fieldOptions}
              onChange={(key) => {
                if (!key) return;
                const f = key === '*' ? '*' : fields.find((x) => x.key === key);
                const fns = aggFnsFor(f);
                patch(i, { field: key, fn: fns.includes(a.fn) ? a.fn : (fns[0] ?? 'count') });
              }}
              data-testid={`rw-agg-field-${i}`}
            />
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('agg.removeN', { n })}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
              data-testid={`rw-agg-remove-${i}`}
            />
          </Flex>
        );
      })}
      {problem && (
        <Typography.Text type="danger" role="alert" data-testid="rw-agg-error">
          {problem}
        </Typography.Text>
      )}
      <Button
        icon={<PlusOutlined />}
        style={{ alignSelf: 'flex-start' }}
        disabled={value.length >= RW_LIMITS.maxAggregates}
        onClick={() => onChange([...value, { field: '*', fn: 'count' }])}
        data-testid="rw-agg-add"
      >
        {t('agg.add')}
      </Button>
    </Flex>
  );
}

/** Sort keys in order of precedence, each ascending or descending. */
export function SortEditor({
  keys,
  value,
  onChange,
  label,
}: {
  keys: readonly ResultKey[];
  value: { key: string; dir: 'asc' | 'desc' }[];
  onChange: (v: { key: string; dir: 'asc' | 'desc' }[]) => void;
  label: (key: string) => string;
}) {
  const { t } = useTranslation('report-writer');
  const patch = (i: number, p: Partial<{ key: string; dir: 'asc' | 'desc' }>) =>
    onChange(value.map((s, j) => (j === i ? { ...s, ...p } : s)));
  const free = keys.filter((k) => !value.some((s) => s.key === k.key));
  return (
    <Flex vertical gap={8} data-testid="rw-sort">
      {value.length === 0 && <Typography.Text type="secondary">{t('sort.empty')}</Typography.Text>}
      {value.map((s, i) => {
        const n = i + 1;
        return (
          <Flex key={s.key || `new-${i}`} gap={8} align="center" wrap>
            <ChoiceField
              style={{ width: 220 }}
              aria-label={t('sort.keyN', { n })}
              value={s.key || undefined}
              placeholder={t('sort.key')}
              options={keys
                .filter((k) => k.key === s.key || free.includes(k))
                .map((k) => ({ value: k.key, label: label(k.key) }))}
              onChange={(key) => key && patch(i, { key })}
              data-testid={`rw-sort-key-${i}`}
            />
            <ChoiceField
              style={{ width: 140 }}
              aria-label={t('sort.dirN', { n })}
              value={s.dir}
              options={[
                { value: 'asc', label: t('sort.asc') },
                { value: 'desc', label: t('sort.desc') },
              ]}
              onChange={(dir) => dir && patch(i, { dir: dir as 'asc' | 'desc' })}
              data-testid={`rw-sort-dir-${i}`}
            />
            <Button
              type="text"
              icon={<ArrowUpOutlined />}
              disabled={i === 0}
              aria-label={t('sort.upN', { n })}
              onClick={() => onChange(moveItem(value, i, i - 1))}
            />
            <Button
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={i === value.length - 1}
              aria-label={t('sort.downN', { n })}
              onClick={() => onChange(moveItem(value, i, i + 1))}
            />
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('sort.removeN', { n })}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
              data-testid={`rw-sort-remove-${i}`}
            />
          </Flex>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        style={{ alignSelf: 'flex-start' }}
        disabled={value.length >= RW_LIMITS.maxSort || free.length === 0}
        onClick={() => onChange([...value, { key: free[0]?.key ?? '', dir: 'asc' }])}
        data-testid="rw-sort-add"
      >
        {t('sort.add')}
      </Button>
    </Flex>
  );
}
