import { RW_LIMITS, type TRwField } from '@portal/contracts';
import { Flex } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainEmpty } from '../../shared/plain/plain-list';
import { ColumnList } from './column-item';
import { moveItem } from './report-model';

/** The list with drag and drop: @dnd-kit loads with it, after the list is first shown. */
const ColumnSortable = lazy(() => import('./column-sortable'));

/** The report's columns in order: add from the dataset's fields, drag or use the arrows to reorder, remove. */
export function ColumnPicker({
  fields,
  value,
  onChange,
  label,
  disabled,
}: {
  fields: readonly TRwField[];
  value: string[];
  onChange: (v: string[]) => void;
  label: (key: string) => string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('report-writer');
  const left = fields.filter((f) => !value.includes(f.key));
  const full = value.length >= RW_LIMITS.maxColumns;
  const list = {
    value,
    label,
    onMove: (from: number, to: number) => onChange(moveItem(value, from, to)),
    onRemove: (key: string) => onChange(value.filter((k) => k !== key)),
  };
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <ChoiceField
          style={{ minWidth: 260 }}
          placeholder={t('columns.add')}
          aria-label={t('columns.add')}
          value={undefined}
          disabled={disabled || full || left.length === 0 || undefined}
          options={left.map((f) => ({ value: f.key, label: label(f.key) }))}
          onChange={(k) => k && onChange([...value, k])}
          data-testid="rw-column-add"
        />
        <Button
          disabled={disabled || left.length === 0}
          onClick={() => onChange([...value, ...left.map((f) => f.key)].slice(0, RW_LIMITS.maxColumns))}
          data-testid="rw-column-add-all"
        >
          {t('columns.addAll')}
        </Button>
        <Button
          disabled={disabled || value.length === 0}
          onClick={() => onChange([])}
          data-testid="rw-column-clear"
        >
          {t('columns.clear')}
        </Button>
      </Flex>
      {value.length === 0 ? (
        <PlainEmpty text={t('columns.empty')} />
      ) : (
        <Suspense fallback={<ColumnList {...list} />}>
          <ColumnSortable {...list} />
        </Suspense>
      )}
    </Flex>
  );
}
