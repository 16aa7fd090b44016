import { RW_LIMITS, type TRwDatasetInfo, type TRwField, type TRwReport } from '@portal/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form } from '../../shared/form';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainLinkButton } from '../../shared/plain/plain-button';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainRadioGroup } from '../../shared/plain/plain-radio-group';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { ColumnPicker } from './column-picker';
import { FilterEditor } from './filter-editor';
import { AggregatesEditor, GroupByPicker, SortEditor } from './group-editor';
import type { chartAxes, RwFormValues, resultKeys } from './report-model';
import type { useRwLabels } from './use-rw-labels';

/** What every panel of the builder gets: the values, a patch of them, the labels and the problems' places. */
export interface RwPanelProps {
  values: RwFormValues;
  setValues: (patch: Partial<RwFormValues>) => void;
  labels: ReturnType<typeof useRwLabels>;
  /** The first problem at a place (`name`, `columns`, `filters.0`), or null. */
  problemAt: (path: string) => string | null;
  readOnly: boolean;
}

/**
 * A grouped report's columns (issue 39): one row stands for a group of records, so the report cannot show
 * a record's fields (the server refuses them, rwNotGrouped). The user's columns are kept in the builder and
 * come back when the grouping is removed; this says so in words and offers each as a further group.
 */
function KeptColumns({
  columns,
  groupBy,
  label,
  disabled,
  onGroup,
}: {
  columns: readonly string[];
  groupBy: readonly string[];
  label: (key: string) => string;
  disabled?: boolean;
  onGroup: (key: string) => void;
}) {
  const { t } = useTranslation('report-writer');
  const kept = columns.filter((c) => !groupBy.includes(c));
  if (kept.length === 0) return null;
  const room = groupBy.length < RW_LIMITS.maxGroupBy && !disabled;
  return (
    <div className="rw-kept-columns" data-testid="rw-columns-kept">
      <p>{t('columns.keptWhileGrouped', { count: kept.length, names: kept.map(label).join(', ') })}</p>
      {room && (
        <ul>
          {kept.map((key) => (
            <li key={key}>
              <PlainLinkButton onClick={() => onGroup(key)} data-testid={`rw-group-by-column-${key}`}>
                {t('columns.groupByColumn', { name: label(key) })}
              </PlainLinkButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The report's name, sharing and description. */
export function ReportPanel({
  values,
  setValues,
  problemAt,
  loaded,
}: Omit<RwPanelProps, 'labels' | 'readOnly'> & { loaded: TRwReport | null }) {
  const { t } = useTranslation(['report-writer', 'msg']);
  return (
    <PlainCard title={t('section.report')}>
      <Flex gap={16} wrap>
        <Form.Item
          label={t('form.name')}
          htmlFor="rw-name"
          required
          validateStatus={problemAt('name') ? 'error' : undefined}
          help={problemAt('name')}
          style={{ flex: '1 1 280px', marginBottom: 8 }}
        >
          <PlainTextInput
            id="rw-name"
            maxLength={100}
            aria-required
            aria-invalid={problemAt('name') ? true : undefined}
            value={values.name}
            onChange={(e) => setValues({ name: e.target.value })}
            data-testid="rw-name"
          />
        </Form.Item>
        <Form.Item label={t('form.share')} style={{ marginBottom: 8 }}>
          <PlainRadioGroup
            value={values.share.scope}
            onChange={(scope) => setValues({ share: { scope: scope as RwFormValues['share']['scope'] } })}
            aria-label={t('form.share')}
            data-testid="rw-share"
            optionTestId={(v) => `rw-share-${v}`}
            options={[
              { value: 'private', label: t('share.private') },
              {
                value: 'office',
                label:
                  loaded?.share.office && values.share.scope === 'office'
                    ? t('share.officeTag', { office: loaded.share.office })
                    : t('share.office'),
              },
            ]}
          />
        </Form.Item>
      </Flex>
      <Form.Item label={t('form.description')} htmlFor="rw-description" style={{ marginBottom: 0 }}>
        <PlainTextArea
          id="rw-description"
          maxLength={1000}
          rows={1}
          value={values.description}
          onChange={(e) => setValues({ description: e.target.value })}
          data-testid="rw-description"
        />
      </Form.Item>
    </PlainCard>
  );
}

/** The dataset, then its columns (or, grouped, the columns kept aside) and the filters. */
export function DataPanel({
  values,
  setValues,
  labels,
  problemAt,
  readOnly,
  datasets,
  dataset,
  fields,
  filterProblems,
  onDataset,
}: RwPanelProps & {
  datasets: readonly TRwDatasetInfo[] | undefined;
  dataset: TRwDatasetInfo | undefined;
  fields: TRwField[];
  filterProblems: Record<number, string>;
  onDataset: (key: RwFormValues['dataset']) => void;
}) {
  const { t } = useTranslation(['report-writer', 'msg']);
  const grouped = values.groupBy.length > 0;
  return (
    <PlainCard title={t('section.data')} style={{ marginTop: 12 }}>
      <Form.Item
        label={t('form.dataset')}
        htmlFor="rw-dataset"
        required
        validateStatus={problemAt('dataset') ? 'error' : undefined}
        help={problemAt('dataset')}
      >
        <ChoiceField
          id="rw-dataset"
          style={{ width: 280 }}
          placeholder={t('pickDataset')}
          value={values.dataset}
          options={(datasets ?? []).map((d) => ({ value: d.key, label: t(d.labelKey) }))}
          onChange={(key) => key && onDataset(key as RwFormValues['dataset'])}
          data-testid="rw-dataset"
        />
      </Form.Item>
      {!dataset ? (
        <Typography.Text type="secondary" data-testid="rw-no-dataset">
          {t('pickDatasetFirst')}
        </Typography.Text>
      ) : (
        <>
          <Form.Item
            label={t('section.columns')}
            required={!grouped}
            validateStatus={problemAt('columns') ? 'error' : undefined}
            help={problemAt('columns') ?? (grouped ? t('columns.groupedHint') : undefined)}
          >
            {grouped ? (
              <KeptColumns
                columns={values.columns}
                groupBy={values.groupBy}
                label={labels.field}
                disabled={readOnly}
                onGroup={(key) => setValues({ groupBy: [...values.groupBy, key] })}
              />
            ) : (
              <ColumnPicker
                fields={fields}
                value={values.columns}
                onChange={(columns) => setValues({ columns })}
                label={labels.field}
                disabled={readOnly}
              />
            )}
          </Form.Item>
          <Form.Item label={t('section.filters')}>
            <FilterEditor
              fields={fields}
              value={values.filters}
              onChange={(filters) => setValues({ filters })}
              label={labels.field}
              problems={filterProblems}
            />
          </Form.Item>
        </>
      )}
    </PlainCard>
  );
}

/** Grouping, the aggregates of a grouped report and the sort. */
export function GroupPanel({
  values,
  setValues,
  labels,
  problemAt,
  fields,
  keys,
}: Omit<RwPanelProps, 'readOnly'> & { fields: TRwField[]; keys: ReturnType<typeof resultKeys> }) {
  const { t } = useTranslation(['report-writer', 'msg']);
  return (
    <PlainCard title={t('section.group')} style={{ marginTop: 12 }}>
      <Form.Item
        label={t('group.by')}
        help={problemAt('groupBy') ?? t('group.hint', { max: RW_LIMITS.maxGroupBy })}
        validateStatus={problemAt('groupBy') ? 'error' : undefined}
      >
        <GroupByPicker
          fields={fields}
          value={values.groupBy}
          label={labels.field}
          onChange={(groupBy) =>
            setValues({
              groupBy,
              // A first group counts the rows unless the user already chose aggregates.
              aggregates:
                groupBy.length && values.aggregates.length === 0
                  ? [{ field: '*', fn: 'count' }]
                  : values.aggregates,
            })
          }
        />
      </Form.Item>
      {values.groupBy.length > 0 && (
        <Form.Item label={t('section.aggregates')} required>
          <AggregatesEditor
            fields={fields}
            value={values.aggregates}
            onChange={(aggregates) => setValues({ aggregates })}
            label={labels.field}
            problem={problemAt('aggregates')}
          />
        </Form.Item>
      )}
      <Form.Item label={t('section.sort')} style={{ marginBottom: 0 }}>
        <SortEditor
          keys={keys}
          value={values.sort}
          onChange={(sort) => setValues({ sort })}
          label={(k) => labels.resultKey(k, values.aggregates)}
        />
      </Form.Item>
    </PlainCard>
  );
}

/** The chart's type and its axes (from the result's keys). */
export function ChartPanel({
  values,
  setValues,
  labels,
  readOnly,
  axes,
}: Omit<RwPanelProps, 'problemAt'> & { axes: ReturnType<typeof chartAxes> }) {
  const { t } = useTranslation(['report-writer', 'msg']);
  return (
    <PlainCard title={t('section.chart')} style={{ marginTop: 12 }}>
      <Flex gap={16} wrap align="end">
        <Form.Item label={t('chart.type')} style={{ marginBottom: 0 }}>
          <PlainRadioGroup
            optionType="button"
            aria-label={t('chart.type')}
            value={values.chart.type}
            disabled={readOnly}
            options={(['none', 'bar', 'line', 'pie'] as const).map((c) => ({
              value: c,
              label: t(`chart.types.${c}`),
            }))}
            onChange={(type) =>
              setValues({
                chart: {
                  type: type as RwFormValues['chart']['type'],
                  x: values.chart.x ?? axes.x[0]?.key,
                  y: values.chart.y ?? axes.y[0]?.key,
                },
              })
            }
            data-testid="rw-chart-type"
          />
        </Form.Item>
        {values.chart.type !== 'none' && (
          <>
            <Form.Item label={t('chart.x')} htmlFor="rw-chart-x" style={{ marginBottom: 0 }}>
              <ChoiceField
                id="rw-chart-x"
                style={{ width: 200 }}
                value={values.chart.x}
                options={axes.x.map((k) => ({
                  value: k.key,
                  label: labels.resultKey(k.key, values.aggregates),
                }))}
                onChange={(x) => x && setValues({ chart: { ...values.chart, x } })}
                data-testid="rw-chart-x"
              />
            </Form.Item>
            <Form.Item label={t('chart.y')} htmlFor="rw-chart-y" style={{ marginBottom: 0 }}>
              <ChoiceField
                id="rw-chart-y"
                style={{ width: 200 }}
                value={values.chart.y}
                options={axes.y.map((k) => ({
                  value: k.key,
                  label: labels.resultKey(k.key, values.aggregates),
                }))}
                onChange={(y) => y && setValues({ chart: { ...values.chart, y } })}
                data-testid="rw-chart-y"
              />
            </Form.Item>
            {axes.y.length === 0 && (
              <Typography.Text type="secondary">{t('chart.noNumbers')}</Typography.Text>
            )}
          </>
        )}
      </Flex>
    </PlainCard>
  );
}
