import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EyeOutlined,
  FileExcelOutlined,
  MailOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { RW_LIMITS, RW_MSG, type TRwDatasetInfo, type TRwReport, type TRwResult } from '@portal/contracts';
import { Flex } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { LazyResult } from '../../shared/components/lazy-result';
import { useApp } from '../../shared/feedback';
import { fieldErrorsOf } from '../../shared/form/server-errors';
import { UnsavedChangesGuard } from '../../shared/form/unsaved-changes-guard';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { DetailShortcutsArea } from '../../shared/keyboard/detail-shortcuts-area';
import { PageHeading } from '../../shared/layout/page-heading';
import { listReturnPath } from '../../shared/list/list-return';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainLinkButton } from '../../shared/plain/plain-button';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainRadioGroup } from '../../shared/plain/plain-radio-group';
import { PlainSpin } from '../../shared/plain/plain-spin';
import { PlainTag } from '../../shared/plain/plain-tag';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { ColumnPicker } from './column-picker';
import { FilterEditor } from './filter-editor';
import { AggregatesEditor, GroupByPicker, SortEditor } from './group-editor';
import {
  chartAxes,
  definitionProblems,
  emptyForm,
  fingerprint,
  type RwFormValues,
  reconcile,
  reportToForm,
  resultKeys,
  toBody,
} from './report-model';
import {
  exportReport,
  previewReport,
  runReport,
  sendReport,
  useRwDatasets,
  useRwMutations,
  useRwReport,
} from './report-writer-api';
import { RW_SEARCH_PATH, rwDetailPath } from './report-writer-paths';
import { ScheduleEditor } from './schedule-editor';
import { useRwLabels } from './use-rw-labels';
import './report-writer.css';
import { Form } from '../../shared/form';
import { parseRecordId } from '../../shared/maintenance/record-id';

/** The result's table and chart load with the first preview or run. */
const ResultView = lazy(() => import('./result-view').then((m) => ({ default: m.ResultView })));

/** A problem shown on the builder: where (a path such as `filters.0` or `name`) and its text. */
interface Problem {
  path: string;
  text: string;
}

type Running = { kind: 'preview' | 'run'; startedAt: number; abort: AbortController };

const pad = (n: number) => String(n).padStart(2, '0');
/** A time in the app's DATETIME_FORMAT (YYYY-MM-DD HH:mm:ss, local time) without loading dayjs for two lines. */
function dateTimeText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Seconds since `from`, ticking while a preview or run is under way. */
function useElapsed(from: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (from === null) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(id);
  }, [from]);
  return from === null ? 0 : Math.max(0, Math.floor((now - from) / 1000));
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

/**
 * /BMS/ReportWriterSearch/Detail/new and /Detail/{id} [m_rw_search]: the report builder. Dataset, ordered
 * columns, filters, grouping with aggregates, sort and chart; Preview (first 50 rows) at any time; Save (name
 * required, private or shared with the office); Run to screen, Excel export, schedule and Send now on the
 * saved report. A report shared by someone else opens read-only (run, export). ctrl+s saves, ctrl+Enter
 * previews; leaving with unsaved changes asks first; a save over a newer version offers Reload.
 */
export default function ReportWriterBuilderPage() {
  const { t, i18n } = useTranslation(['report-writer', 'msg']);
  const { message, modal } = useApp();
  const navigate = useNavigate();
  const params = useParams();
  // 'new', a saved report's id, or null (not found) for anything else in the address.
  const id = parseRecordId(params.id ?? 'new');
  const isNew = id === 'new';
  const datasets = useRwDatasets();
  const report = useRwReport(typeof id === 'number' ? id : null);
  const { create, update, remove } = useRwMutations();

  const [values, setValuesRaw] = useState<RwFormValues>(emptyForm);
  const [loaded, setLoaded] = useState<TRwReport | null>(null);
  const baseline = useRef<string | null>(isNew ? fingerprint(emptyForm()) : null);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const [checked, setChecked] = useState<'preview' | 'save' | null>(null);
  const [serverProblems, setServerProblems] = useState<Problem[]>([]);
  const [conflict, setConflict] = useState(false);
  const [result, setResult] = useState<{
    kind: 'preview' | 'run';
    data: TRwResult;
    values: RwFormValues;
  } | null>(null);
  const [resultError, setResultError] = useState<string | null>(null);
  const [running, setRunning] = useState<Running | null>(null);
  const [busy, setBusy] = useState<'export' | 'send' | null>(null);
  const elapsed = useElapsed(running?.startedAt ?? null);

  const dataset: TRwDatasetInfo | undefined = datasets.data?.find((d) => d.key === values.dataset);
  const labels = useRwLabels(dataset);
  const fields = dataset?.fields ?? [];
  const readOnly = !!loaded && !loaded.mine;
  const grouped = values.groupBy.length > 0;

  const show = useCallback((r: TRwReport) => {
    const v = reportToForm(r);
    setValuesRaw(v);
    setLoaded(r);
    baseline.current = fingerprint(v);
    setServerProblems([]);
    setChecked(null);
  }, []);

  // The saved report arrives (first load, or after Reload); never over unsaved input.
  useEffect(() => {
    const r = report.data;
    if (!r) return;
    if (!loaded || (r.version !== loaded.version && fingerprint(valuesRef.current) === baseline.current))
      show(r);
  }, [report.data, loaded, show]);

  const isDirty = useCallback(
    () => baseline.current !== null && fingerprint(valuesRef.current) !== baseline.current,
    [],
  );
  const dirty = baseline.current !== null && fingerprint(values) !== baseline.current;

  const setValues = (patch: Partial<RwFormValues>) =>
    setValuesRaw((v) => {
      const next = { ...v, ...patch };
      const ds = datasets.data?.find((d) => d.key === next.dataset);
      return reconcile(next, ds);
    });

  const clientProblems = useMemo(
    () =>
      checked
        ? definitionProblems(values, dataset, checked === 'save').map((p) => {
            const filter = p.path[0] === 'filters' ? values.filters[Number(p.path[1])] : undefined;
            const params = {
              max: RW_LIMITS.maxGroupBy,
              min: 3,
              field: filter ? labels.field(filter.field) : '',
              op: filter?.op ? t(`op.${filter.op}`) : '',
            };
            return { path: p.path.join('.'), text: msgText(t, p.msgKey, params) ?? p.msgKey };
          })
        : [],
    [checked, values, dataset, t, labels],
  );
  const problems = [...clientProblems, ...serverProblems];
  const problemAt = (path: string) =>
    problems.find((p) => p.path === path || p.path.startsWith(`${path}.`))?.text ?? null;
  const filterProblems: Record<number, string> = {};
  for (const p of problems) {
    const m = /^filters\.(\d+)/.exec(p.path);
    if (m && filterProblems[Number(m[1])] === undefined) filterProblems[Number(m[1])] = p.text;
  }

  const keys = resultKeys(values, fields);
  const axes = chartAxes(keys, grouped);

  /** Server field problems (details) on their places; answers false when there were none. */
  const applyServer = (e: unknown) => {
    const details = fieldErrorsOf(e);
    if (!details.length) return false;
    setServerProblems(
      details.map((d) => ({
        path: d.field.replace(/\[(\d+)\]/g, '.$1'),
        text:
          msgText(t, d.msgKey, {
            ...(d.params ?? {}),
            field: labels.field(String(d.params?.field ?? '')),
            ...(d.params?.op ? { op: t(`op.${d.params.op}`) } : {}),
            ...(d.params?.fn ? { fn: t(`aggFn.${d.params.fn}`, { defaultValue: String(d.params.fn) }) } : {}),
          }) ?? d.msgKey,
      })),
    );
    return true;
  };

  const validate = (kind: 'preview' | 'save') => {
    setChecked(kind);
    setServerProblems([]);
    const found = definitionProblems(values, dataset, kind === 'save');
    if (found.length) {
      message.error(t('fixProblems'));
      return false;
    }
    return true;
  };

  const execute = async (kind: 'preview' | 'run') => {
    if (running) return;
    if (kind === 'preview' && !validate('preview')) return;
    if (kind === 'run' && typeof id !== 'number') return;
    const abort = new AbortController();
    setRunning({ kind, startedAt: Date.now(), abort });
    setResultError(null);
    const snapshot = valuesRef.current;
    try {
      const b = toBody(snapshot);
      const data =
        kind === 'preview'
          ? await previewReport(
              {
                dataset: b.dataset,
                columns: b.columns,
                filters: b.filters,
                groupBy: b.groupBy,
                aggregates: b.aggregates,
                sort: b.sort,
              },
              abort.signal,
            )
          : await runReport(id as number, abort.signal);
      setResult({ kind, data, values: snapshot });
    } catch (e) {
      if ((e as Error).name === 'AbortError') {
        message.info(t('result.cancelled'));
      } else {
        applyServer(e);
        setResultError(errorText(t, e));
      }
    } finally {
      setRunning(null);
    }
  };

  const save = async () => {
    if (readOnly || create.isPending || update.isPending) return;
    if (!validate('save')) return;
    const body = toBody(values);
    try {
      if (isNew) {
        const created = await create.mutateAsync(body);
        baseline.current = fingerprint(values);
        message.success(t('saved', { name: created.name }));
        navigate(rwDetailPath(created.id), { replace: true });
      } else if (loaded) {
        const saved = await update.mutateAsync({ ...body, id: loaded.id, version: loaded.version });
        show(saved);
        setConflict(false);
        message.success(t('saved', { name: saved.name }));
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && e.body?.msgKey === RW_MSG.duplicateName) {
        setServerProblems([{ path: 'name', text: errorText(t, e) }]);
        return;
      }
      if (e instanceof ApiError && e.status === 409) {
        setConflict(true);
        return;
      }
      if (!applyServer(e)) message.error(errorText(t, e));
      else message.error(t('fixProblems'));
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  const previewRef = useRef(() => execute('preview'));
  previewRef.current = () => execute('preview');

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveRef.current();
      } else if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
        e.preventDefault();
        void previewRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const reload = async () => {
    const res = await report.refetch();
    if (res.data) {
      show(res.data);
      setConflict(false);
      message.info(t('reloaded'));
    } else if (res.error) message.error(errorText(t, res.error));
  };

  const doExport = async () => {
    if (typeof id !== 'number') return;
    setBusy('export');
    const key = 'rw-export';
    message.open({ key, type: 'loading', content: t('exporting'), duration: 0 });
    try {
      await exportReport(id, i18n.language);
      message.open({ key, type: 'success', content: t('exported'), duration: 3 });
    } catch (e) {
      message.open({ key, type: 'error', content: errorText(t, e), duration: 6 });
    } finally {
      setBusy(null);
    }
  };

  const doSend = async () => {
    if (typeof id !== 'number') return;
    setBusy('send');
    try {
      const r = await sendReport(id);
      message.success({
        content: t('sent', { count: r.recipients.length, list: r.recipients.join(', ') }),
        duration: 6,
      });
      void report.refetch();
    } catch (e) {
      message.error(errorText(t, e));
    } finally {
      setBusy(null);
    }
  };

  const askDelete = () => {
    if (!loaded) return;
    modal.confirm({
      title: t('list.deleteTitle'),
      content: t('list.deleteBody', { name: loaded.name }),
      okText: t('list.delete'),
      okButtonProps: { danger: true, 'data-testid': 'rw-delete-ok' },
      cancelText: t('cancel'),
      onOk: () =>
        remove.mutateAsync(loaded.id).then(
          () => {
            baseline.current = fingerprint(valuesRef.current);
            message.success(t('list.deleted', { name: loaded.name }));
            navigate(listReturnPath(RW_SEARCH_PATH));
          },
          (e) => void message.error(errorText(t, e)),
        ),
    });
  };

  const back = (
    <Link to={listReturnPath(RW_SEARCH_PATH)} data-testid="rw-back">
      <ArrowLeftOutlined /> {t('backToList')}
    </Link>
  );
  if (id === null || (report.error instanceof ApiError && report.error.status === 404)) {
    return <LazyResult status="404" title={t('notFound')} extra={back} />;
  }
  if (report.error && !loaded)
    return <LazyResult status="error" title={errorText(t, report.error)} extra={back} />;
  if (datasets.error) return <LazyResult status="error" title={errorText(t, datasets.error)} extra={back} />;
  const loading = (!isNew && !loaded) || datasets.isPending;
  const saving = create.isPending || update.isPending;
  const savedOnly = isNew || dirty;
  const savedHint = isNew ? t('saveFirst') : dirty ? t('saveChangesFirst') : undefined;
  const noRecipients = values.schedule.recipients.length === 0;

  return (
    <DetailShortcutsArea data-testid="rw-builder">
      <PlainSpin spinning={loading}>
        <Flex vertical gap={12}>
          <UnsavedChangesGuard isDirty={isDirty} />
          {back}
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Flex wrap gap={8} align="center">
              <PageHeading data-testid="rw-title">
                {isNew ? t('newReport') : (loaded?.name ?? t('report'))}
              </PageHeading>
              {dirty && <PlainTag colour="orange">{t('unsaved')}</PlainTag>}
              {readOnly && loaded && (
                <PlainTag data-testid="rw-read-only">{t('sharedBy', { name: loaded.owner_name })}</PlainTag>
              )}
            </Flex>
            <Flex wrap gap={8} align="center">
              <span title={t('previewHint', { rows: RW_LIMITS.previewRows })}>
                <Button
                  icon={<EyeOutlined />}
                  onClick={() => void execute('preview')}
                  loading={running?.kind === 'preview'}
                  disabled={loading || !!running}
                  data-testid="rw-preview"
                >
                  {t('preview')}
                </Button>
              </span>
              {!readOnly && (
                <Button
                  type="primary"
                  icon={<SaveOutlined />}
                  loading={saving}
                  disabled={loading}
                  onClick={() => void save()}
                  data-testid="rw-save"
                >
                  {t('save')}
                </Button>
              )}
              <span title={savedHint}>
                <Button
                  icon={<PlayCircleOutlined />}
                  onClick={() => void execute('run')}
                  loading={running?.kind === 'run'}
                  disabled={loading || savedOnly || !!running}
                  data-testid="rw-run"
                >
                  {t('run')}
                </Button>
              </span>
              <span title={savedHint}>
                <Button
                  icon={<FileExcelOutlined />}
                  onClick={() => void doExport()}
                  loading={busy === 'export'}
                  disabled={loading || savedOnly}
                  data-testid="rw-export"
                >
                  {t('exportExcel')}
                </Button>
              </span>
              {loaded?.mine && (
                <Button danger icon={<DeleteOutlined />} onClick={askDelete} data-testid="rw-delete">
                  {t('list.delete')}
                </Button>
              )}
            </Flex>
          </Flex>
          {conflict && (
            <PlainAlert
              type="warning"
              role="alert"
              data-testid="rw-conflict"
              title={t('conflictTitle')}
              description={t('conflictBody')}
              action={
                <Button
                  icon={<ReloadOutlined />}
                  onClick={() => void reload()}
                  loading={report.isFetching}
                  data-testid="rw-reload"
                >
                  {t('reload')}
                </Button>
              }
            />
          )}
          {serverProblems.length > 0 && (
            <PlainAlert
              type="error"
              role="alert"
              data-testid="rw-server-problems"
              title={t('fixProblems')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {[...new Set(serverProblems.map((p) => p.text))].map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Form layout="vertical" disabled={readOnly || saving} component="div" requiredMark>
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
                    onChange={(scope) =>
                      setValues({ share: { scope: scope as RwFormValues['share']['scope'] } })
                    }
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
                  options={(datasets.data ?? []).map((d) => ({ value: d.key, label: t(d.labelKey) }))}
                  onChange={(key) =>
                    key &&
                    setValuesRaw((v) => ({
                      ...emptyForm(),
                      name: v.name,
                      description: v.description,
                      share: v.share,
                      schedule: v.schedule,
                      dataset: key as RwFormValues['dataset'],
                    }))
                  }
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

            {dataset && (
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
                {grouped && (
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
            )}

            {dataset && (
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
            )}

            <PlainCard
              title={t('section.schedule')}
              style={{ marginTop: 12 }}
              extra={
                !readOnly && (
                  <span title={savedHint ?? (noRecipients ? t('sendNeedsRecipients') : undefined)}>
                    <Button
                      icon={<MailOutlined />}
                      onClick={() => void doSend()}
                      loading={busy === 'send'}
                      disabled={loading || savedOnly || noRecipients}
                      data-testid="rw-send-now"
                    >
                      {t('sendNow')}
                    </Button>
                  </span>
                )
              }
            >
              <ScheduleEditor
                value={values.schedule}
                onChange={(schedule) => setValues({ schedule })}
                disabled={readOnly}
                recipientsError={problemAt('schedule')}
              />
              {loaded && (
                <Flex gap={16} wrap style={{ marginTop: 8 }}>
                  <Typography.Text type="secondary" data-testid="rw-next-run">
                    {t('nextRun')}:{' '}
                    {loaded.next_run_at ? dateTimeText(loaded.next_run_at) : t('notScheduled')}
                  </Typography.Text>
                  <Typography.Text type="secondary" data-testid="rw-last-run">
                    {t('lastRun')}:{' '}
                    {loaded.last_run
                      ? `${dateTimeText(loaded.last_run.at)} · ${
                          loaded.last_run.status === 'ok'
                            ? t('lastRunRows', { count: loaded.last_run.rows ?? 0 })
                            : (msgText(t, loaded.last_run.msgKey) ?? t('lastRunFailed'))
                        }`
                      : t('never')}
                  </Typography.Text>
                </Flex>
              )}
            </PlainCard>
          </Form>

          <PlainCard title={t('section.result')} data-testid="rw-result-card">
            {running ? (
              <Flex gap={12} align="center" role="status" data-testid="rw-running">
                <span className="plain-spinner" aria-hidden="true" />
                <Typography.Text>
                  {t(running.kind === 'preview' ? 'result.previewing' : 'result.running', {
                    seconds: elapsed,
                  })}
                </Typography.Text>
                <Button onClick={() => running.abort.abort()} data-testid="rw-cancel">
                  {t('cancel')}
                </Button>
              </Flex>
            ) : resultError ? (
              <PlainAlert type="error" role="alert" title={resultError} data-testid="rw-result-error" />
            ) : result ? (
              <Suspense
                fallback={<span className="plain-spinner" role="status" aria-label={t('common:loading')} />}
              >
                <ResultView
                  result={result.data}
                  values={result.values}
                  kind={result.kind}
                  dataset={dataset}
                />
              </Suspense>
            ) : (
              <Typography.Text type="secondary" data-testid="rw-result-empty">
                {t('result.none')}
              </Typography.Text>
            )}
          </PlainCard>
        </Flex>
      </PlainSpin>
    </DetailShortcutsArea>
  );
}
