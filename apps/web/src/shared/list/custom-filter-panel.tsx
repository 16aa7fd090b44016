import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TFilterOp } from '@portal/contracts';
import { Flex, Input, Select } from 'antd';
import { type Dispatch, lazy, type SetStateAction, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { MsgText } from '../i18n/msg-text';
import { Typography } from '../plain/typography';
import { SearchSelect } from '../search-select/search-select';
import { type CustomFilterField, type DraftRule, type draftProblems, opsFor } from './custom-filter';

const FilterDatePicker = lazy(() => import('./filter-date-picker'));

function ValueInput({
  field,
  value,
  onChange,
  testId,
}: {
  field: CustomFilterField | undefined;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation('list');
  const common = { style: { width: 200 }, 'aria-label': t('customFilter.value'), 'data-testid': testId };
  if (field?.type === 'select' && field.fetchOptionKey) {
    return (
      <SearchSelect
        {...common}
        fetchOptionKey={field.fetchOptionKey}
        value={value}
        onChange={(v) => onChange(typeof v === 'string' ? v : undefined)}
      />
    );
  }
  if (field?.type === 'select') {
    return <Select {...common} value={value} onChange={onChange} options={field.options ?? []} allowClear />;
  }
  if (field?.type === 'date') {
    return (
      <Suspense fallback={<Input {...common} value={value} disabled />}>
        <FilterDatePicker {...common} value={value} onChange={onChange} />
      </Suspense>
    );
  }
  return <Input {...common} value={value} onChange={(e) => onChange(e.target.value)} maxLength={200} />;
}

/**
 * The custom filter's rules (field, operator, value; remove, add, clear, apply). Loaded when the Custom filter
 * button is first pointed at, focused or pressed (issue 20: route weight).
 */
export default function CustomFilterPanel({
  fields,
  drafts,
  setDrafts,
  problems,
  checked,
  onApply,
  onClear,
}: {
  fields: CustomFilterField[];
  drafts: DraftRule[];
  setDrafts: Dispatch<SetStateAction<DraftRule[]>>;
  /** Each draft's problem (a message key) or null. */
  problems: ReturnType<typeof draftProblems>;
  /** Apply was pressed: problems are shown. */
  checked: boolean;
  onApply: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('list');
  const patch = (i: number, p: DraftRule) =>
    setDrafts((d) => d.map((r, j) => (j === i ? { ...r, ...p } : r)));
  return (
    <Flex vertical gap={8} data-testid="custom-filter-panel">
      {drafts.map((d, i) => {
        const field = fields.find((f) => f.name === d.field);
        const problem = checked ? problems[i] : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity of their own
          <Flex key={i} vertical gap={2}>
            <Flex gap={8} align="center" wrap>
              <Select
                style={{ width: 170 }}
                placeholder={t('customFilter.field')}
                aria-label={t('customFilter.field')}
                value={d.field}
                options={fields.map((f) => ({ value: f.name, label: f.label }))}
                onChange={(name: string) => {
                  const f = fields.find((x) => x.name === name);
                  patch(i, { field: name, op: opsFor(f)[0], value: undefined });
                }}
                data-testid={`custom-filter-field-${i}`}
              />
              <Select
                style={{ width: 150 }}
                placeholder={t('customFilter.operator')}
                aria-label={t('customFilter.operator')}
                value={d.op}
                options={opsFor(field).map((op) => ({ value: op, label: t(`customFilter.ops.${op}`) }))}
                onChange={(op: TFilterOp) => patch(i, { op })}
                data-testid={`custom-filter-op-${i}`}
              />
              <ValueInput
                field={field}
                value={d.value}
                onChange={(v) => patch(i, { value: v })}
                testId={`custom-filter-value-${i}`}
              />
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('customFilter.remove')}
                onClick={() => setDrafts((all) => all.filter((_, j) => j !== i))}
                data-testid={`custom-filter-remove-${i}`}
              />
            </Flex>
            {problem && (
              <Typography.Text type="danger" role="alert" data-testid={`custom-filter-error-${i}`}>
                <MsgText msgKey={problem} params={{ min: 3 }} />
              </Typography.Text>
            )}
          </Flex>
        );
      })}
      <Flex justify="space-between" gap={8}>
        <Button
          icon={<PlusOutlined />}
          onClick={() => setDrafts((d) => [...d, {}])}
          data-testid="custom-filter-add"
        >
          {t('customFilter.addRule')}
        </Button>
        <Flex gap={8}>
          <Button onClick={onClear} data-testid="custom-filter-clear">
            {t('customFilter.clear')}
          </Button>
          <Button type="primary" onClick={onApply} data-testid="custom-filter-apply">
            {t('customFilter.apply')}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
