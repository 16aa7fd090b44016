import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EyeOutlined,
  FileExcelOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { RW_LIMITS, RW_MSG, type TRwDatasetInfo, type TRwReport } from '@portal/contracts';
import { Flex } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainSpin } from '../../shared/plain/plain-spin';
import { PlainTag } from '../../shared/plain/plain-tag';
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
import { ChartPanel, DataPanel, GroupPanel, ReportPanel } from './rw-builder-panels';
import {
  distinctTexts,
  filterProblemsOf,
  type Problem,
  problemAt as problemAtOf,
  serverPath,
} from './rw-builder-problems';
import { ResultPanel, type Running, type RwShownResult, SchedulePanel } from './rw-run-panels';
import { useRwLabels } from './use-rw-labels';
import './report-writer.css';
import { Form } from '../../shared/form';
import { parseRecordId } from '../../shared/maintenance/record-id';

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
  const [result, setResult] = useState<RwShownResult | null>(null);
  const [resultError, setResultError] = useState<string | null>(null);
  const [running, setRunning] = useState<Running | null>(null);
  const [busy, setBusy] = useState<'export' | 'send' | null>(null);

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
  const problemAt = (path: string) => problemAtOf(problems, path);
  const filterProblems = filterProblemsOf(problems);

  const keys = resultKeys(values, fields);
  const axes = chartAxes(keys, grouped);

  /** Server field problems (details) on their places; answers false when there were none. */
  const applyServer = (e: unknown) => {
    const details = fieldErrorsOf(e);
    if (!details.length) return false;
    setServerProblems(
      details.map((d) => ({
        path: serverPath(d.field),
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
                  {distinctTexts(serverProblems).map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Form layout="vertical" disabled={readOnly || saving} component="div" requiredMark>
            <ReportPanel values={values} setValues={setValues} problemAt={problemAt} loaded={loaded} />
            <DataPanel
              values={values}
              setValues={setValues}
              labels={labels}
              problemAt={problemAt}
              readOnly={readOnly}
              datasets={datasets.data}
              dataset={dataset}
              fields={fields}
              filterProblems={filterProblems}
              onDataset={(key) =>
                setValuesRaw((v) => ({
                  ...emptyForm(),
                  name: v.name,
                  description: v.description,
                  share: v.share,
                  schedule: v.schedule,
                  dataset: key,
                }))
              }
            />
            {dataset && (
              <GroupPanel
                values={values}
                setValues={setValues}
                labels={labels}
                problemAt={problemAt}
                fields={fields}
                keys={keys}
              />
            )}
            {dataset && (
              <ChartPanel
                values={values}
                setValues={setValues}
                labels={labels}
                readOnly={readOnly}
                axes={axes}
              />
            )}
            <SchedulePanel
              value={values.schedule}
              onChange={(schedule) => setValues({ schedule })}
              readOnly={readOnly}
              loaded={loaded}
              savedHint={savedHint}
              sendDisabled={loading || savedOnly || noRecipients}
              noRecipients={noRecipients}
              sending={busy === 'send'}
              onSend={() => void doSend()}
              recipientsError={problemAt('schedule')}
            />
          </Form>

          <ResultPanel running={running} resultError={resultError} result={result} dataset={dataset} />
        </Flex>
      </PlainSpin>
    </DetailShortcutsArea>
  );
}
