import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RW_LIMITS, type TRwField, type TRwFilter, type TRwFilterOp } from '@portal/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { useStatusWord } from '../../shared/i18n/code-words';
import { ChoiceField } from '../../shared/plain/form-fields';
import { CheckGroupField } from '../../shared/plain/multi-fields';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { opNeedsValue, opsForField } from './report-model';

function ValueInput({
  field,
  op,
  value,
  onChange,
  label,
  testId,
}: {
  field: TRwField | undefined;
  op: TRwFilterOp | undefined;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('report-writer');
  const common = { style: { width: 190 }, 'aria-label': label, 'data-testid': testId };
  const statusWord = useStatusWord();
  // A status field's choices read as words (issue 39); the stored code stays the value.
  const options = (field?.options ?? []).map((o) => ({
    value: o,
    label: field?.codeKind ? statusWord(field.codeKind, o) : o,
  }));
  if (field?.type === 'enum' && op === 'in') {
    return (
      <CheckGroupField
        aria-label={label}
        data-testid={testId}
        value={value ? value.split(',').filter(Boolean) : []}
        onChange={(v) => onChange(v.join(',') || undefined)}
        options={options}
      />
    );
  }
  if (field?.type === 'enum') {
    return <ChoiceField {...common} allowClear value={value} onChange={onChange} options={options} />;
  }
  if (field?.type === 'boolean') {
    return (
      <ChoiceField
        {...common}
        value={value}
        onChange={onChange}
        options={[
          { value: 'true', label: t('yes') },
          { value: 'false', label: t('no') },
        ]}
      />
    );
  }
  if (field?.type === 'date' || field?.type === 'datetime') {
    return (
      <PlainTextInput
        {...common}
        type="date"
        value={value?.slice(0, 10)}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    );
  }
  return (
    <PlainTextInput
      {...common}
      inputMode={field?.type === 'number' || field?.type === 'money' ? 'decimal' : undefined}
      placeholder={op === 'in' ? t('filters.inHint') : undefined}
      value={value}
      maxLength={500}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * The report's filters (ANDed): field, operator (the list framework's custom filter operators plus between,
 * in list, empty and not empty, as the field's type allows) and value(s), with each rule's problem shown
 * under it once the user tried to preview, run or save.
 */
export function FilterEditor({
  fields,
  value,
  onChange,
  label,
  problems,
}: {
  fields: readonly TRwField[];
  value: TRwFilter[];
  onChange: (v: TRwFilter[]) => void;
  label: (key: string) => string;
  /** Each rule's problem (by index), translated, when shown. */
  problems: Record<number, string>;
}) {
  const { t } = useTranslation('report-writer');
  const patch = (i: number, p: Partial<TRwFilter>) =>
    onChange(value.map((r, j) => (j === i ? ({ ...r, ...p } as TRwFilter) : r)));
  return (
    <Flex vertical gap={8} data-testid="rw-filters">
      {value.length === 0 && (
        <Typography.Text type="secondary" data-testid="rw-filters-empty">
          {t('filters.empty')}
        </Typography.Text>
      )}
      {value.map((f, i) => {
        const field = fields.find((x) => x.key === f.field);
        const problem = problems[i];
        const n = i + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity of their own
          <Flex key={i} vertical gap={2}>
            <Flex gap={8} align="center" wrap>
              <ChoiceField
                style={{ width: 200 }}
                placeholder={t('filters.field')}
                aria-label={t('filters.fieldN', { n })}
                value={f.field || undefined}
                options={fields.map((x) => ({ value: x.key, label: label(x.key) }))}
                onChange={(key) => {
                  if (!key) return;
                  const next = fields.find((x) => x.key === key);
                  patch(i, { field: key, op: opsForField(next)[0], value: undefined, value2: undefined });
                }}
                data-testid={`rw-filter-field-${i}`}
              />
              <ChoiceField
                style={{ width: 150 }}
                placeholder={t('filters.operator')}
                aria-label={t('filters.operatorN', { n })}
                value={f.op}
                options={opsForField(field).map((op) => ({ value: op, label: t(`op.${op}`) }))}
                onChange={(v) => {
                  if (!v) return;
                  const op = v as TRwFilterOp;
                  patch(i, { op, value2: op === 'between' ? f.value2 : undefined });
                }}
                data-testid={`rw-filter-op-${i}`}
              />
              {opNeedsValue(f.op) && (
                <ValueInput
                  field={field}
                  op={f.op}
                  value={f.value}
                  onChange={(v) => patch(i, { value: v })}
                  label={t('filters.valueN', { n })}
                  testId={`rw-filter-value-${i}`}
                />
              )}
              {f.op === 'between' && (
                <>
                  <span aria-hidden>–</span>
                  <ValueInput
                    field={field}
                    op={f.op}
                    value={f.value2}
                    onChange={(v) => patch(i, { value2: v })}
                    label={t('filters.value2N', { n })}
                    testId={`rw-filter-value2-${i}`}
                  />
                </>
              )}
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('filters.removeN', { n })}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
                data-testid={`rw-filter-remove-${i}`}
              />
            </Flex>
            {problem && (
              <Typography.Text type="danger" role="alert" data-testid={`rw-filter-error-${i}`}>
                {problem}
              </Typography.Text>
            )}
          </Flex>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        style={{ alignSelf: 'flex-start' }}
        disabled={value.length >= RW_LIMITS.maxFilters || fields.length === 0}
        onClick={() => onChange([...value, { field: '' } as TRwFilter])}
        data-testid="rw-filter-add"
      >
        {t('filters.add')}
      </Button>
    </Flex>
  );
}
