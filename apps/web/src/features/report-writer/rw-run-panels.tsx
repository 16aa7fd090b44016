import { MailOutlined } from '@ant-design/icons';
import type { TRwDatasetInfo, TRwReport, TRwResult } from '@portal/contracts';
import { Flex } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { msgText } from '../../shared/i18n/error-text';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import type { RwFormValues } from './report-model';
import { dateTimeText, elapsedSeconds } from './rw-builder-problems';
import { ScheduleEditor } from './schedule-editor';

/** The result's table and chart load with the first preview or run. */
const ResultView = lazy(() => import('./result-view').then((m) => ({ default: m.ResultView })));

export type Running = { kind: 'preview' | 'run'; startedAt: number; abort: AbortController };
export type RwShownResult = { kind: 'preview' | 'run'; data: TRwResult; values: RwFormValues };

/** Seconds since `from`, ticking while a preview or run is under way. */
function useElapsed(from: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (from === null) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(id);
  }, [from]);
  return elapsedSeconds(from, now);
}

/** The schedule with Send now (a saved report with recipients), and the next and last run of a saved one. */
export function SchedulePanel({
  value,
  onChange,
  readOnly,
  loaded,
  savedHint,
  sendDisabled,
  noRecipients,
  sending,
  onSend,
  recipientsError,
}: {
  value: RwFormValues['schedule'];
  onChange: (schedule: RwFormValues['schedule']) => void;
  readOnly: boolean;
  loaded: TRwReport | null;
  savedHint: string | undefined;
  sendDisabled: boolean;
  noRecipients: boolean;
  sending: boolean;
  onSend: () => void;
  recipientsError: string | null;
}) {
  const { t } = useTranslation(['report-writer', 'msg']);
  return (
    <PlainCard
      title={t('section.schedule')}
      style={{ marginTop: 12 }}
      extra={
        !readOnly && (
          <span title={savedHint ?? (noRecipients ? t('sendNeedsRecipients') : undefined)}>
            <Button
              icon={<MailOutlined />}
              onClick={onSend}
              loading={sending}
              disabled={sendDisabled}
              data-testid="rw-send-now"
            >
              {t('sendNow')}
            </Button>
          </span>
        )
      }
    >
      <ScheduleEditor
        value={value}
        onChange={onChange}
        disabled={readOnly}
        recipientsError={recipientsError}
      />
      {loaded && (
        <Flex gap={16} wrap style={{ marginTop: 8 }}>
          <Typography.Text type="secondary" data-testid="rw-next-run">
            {t('nextRun')}: {loaded.next_run_at ? dateTimeText(loaded.next_run_at) : t('notScheduled')}
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
  );
}

/** The result: the running preview or run (with its seconds and Cancel), its error, or the table and chart. */
export function ResultPanel({
  running,
  resultError,
  result,
  dataset,
}: {
  running: Running | null;
  resultError: string | null;
  result: RwShownResult | null;
  dataset: TRwDatasetInfo | undefined;
}) {
  const { t } = useTranslation(['report-writer', 'msg']);
  const elapsed = useElapsed(running?.startedAt ?? null);
  return (
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
          <ResultView result={result.data} values={result.values} kind={result.kind} dataset={dataset} />
        </Suspense>
      ) : (
        <Typography.Text type="secondary" data-testid="rw-result-empty">
          {t('result.none')}
        </Typography.Text>
      )}
    </PlainCard>
  );
}
