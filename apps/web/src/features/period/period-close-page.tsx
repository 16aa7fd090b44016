import type {
  TFieldError,
  TPeriodBlocker,
  TPeriodEvent,
  TPeriodKind,
  TPeriodListRow,
} from '@portal/contracts';
import { Alert, Empty, Flex, Tag } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainSelect } from '../../shared/plain/plain-select';
import '../../shared/plain/plain.css';
import { Typography } from '../../shared/plain/typography';
import { usePeriodAction, usePeriodList, usePeriodView } from './period-api';
import { acceptsMonth, blockerLink, defaultPeriod, eventTime } from './period-model';
import './period-close-page.css';
import { fieldErrorsOf } from '../../shared/form/server-errors';
import { msgTextOf } from '../../shared/form/zod-rule';

/** The reopen dialog (antd Modal and Form) loads when a user first reopens a month (issue 20). */
const PeriodReopenDialog = lazy(() => import('./period-reopen-dialog'));

/**
 * /INV/InvoiceClose (inv_closing) and /INV/InvoiceGenericClose (inv_generic_closing): pick an office and a
 * month, see what still blocks its close (each blocker opens its invoice), close it (confirmation) or reopen
 * it (a reason), and read its history. The server refuses a close while blockers remain and a reopen once the
 * ledger has closed the month; the screen shows the refusal and reloads the list.
 */
function PeriodClosePage({ kind }: { kind: TPeriodKind }) {
  const { t } = useTranslation(['period', 'invoice']);
  const { message, modal } = useApp();
  const [office, setOffice] = useState<string>();
  // Default: last month, the one usually being closed. A native month input answers YYYY-MM.
  const [period, setPeriod] = useState(() => defaultPeriod());
  const thisMonth = dayjs().format('YYYY-MM');
  const list = usePeriodList(kind, office);
  const view = usePeriodView(kind, office, period);
  const close = usePeriodAction(kind, 'close');
  const reopen = usePeriodAction(kind, 'reopen');
  const [reopening, setReopening] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; blockers: TFieldError[] } | null>(null);

  const offices = list.data?.offices ?? [];
  useEffect(() => {
    if (!office && offices.length) setOffice(offices[0]?.code);
  }, [office, offices]);
  // A refusal belongs to the office and month it was made for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the selection changes
  useEffect(() => setRefusal(null), [office, period]);

  const v = view.data;
  const closed = v?.status === 'CLOSED';
  const blocked = (v?.blocker_count ?? 0) > 0;
  const title = t(kind === 'TRADE' ? 'titleTrade' : 'titleGeneric');

  const doClose = async () => {
    if (!office) return;
    try {
      const res = await close.mutateAsync({ office_code: office, period });
      setRefusal(null);
      message.success(await msgTextOf(res.msgKey, res.params));
    } catch (e) {
      // A refused close names its blockers (details: invoice no. and reason); the list is reloaded.
      setRefusal({ text: errorText(t, e), blockers: fieldErrorsOf(e) });
      void view.refetch();
    }
  };
  const doReopen = async (reason: string) => {
    if (!office) return;
    try {
      const res = await reopen.mutateAsync({ office_code: office, period, reason });
      setRefusal(null);
      setReopening(false);
      message.success(await msgTextOf(res.msgKey, res.params));
    } catch (e) {
      setReopening(false);
      setRefusal({ text: errorText(t, e), blockers: [] });
    }
  };

  const blockerColumns = useMemo(
    (): StaticTableColumn<TPeriodBlocker>[] => [
      {
        key: 'invoice_no',
        title: t('col.invoiceNo'),
        render: (no: string, b) => (
          <Link to={blockerLink(b)} data-testid={`blocker-link-${no}`}>
            {no}
          </Link>
        ),
      },
      { key: 'inv_type', title: t('col.type'), width: 60 },
      { key: 'kind', title: t('col.kind'), render: (k: string) => t(`invoice:kind.${k}`, k) },
      {
        key: 'status',
        title: t('col.status'),
        render: (s: string) => t(`invoice:statusName.${s}`, s),
      },
      { key: 'account_code', title: t('col.account') },
      { key: 'invoice_date', title: t('col.invoiceDate'), nowrap: true },
      {
        key: 'amount',
        title: t('col.amount'),
        align: 'right',
        render: (_, b) => `${b.currency} ${b.total_amount}`,
      },
      { key: 'outstanding_amount', title: t('col.outstanding'), align: 'right' },
      {
        key: 'reason',
        title: t('col.reason'),
        render: (r: string) => <Tag color="orange">{t(`blockReason.${r}`)}</Tag>,
      },
    ],
    [t],
  );

  const historyColumns: StaticTableColumn<TPeriodEvent>[] = [
    { key: 'period', title: t('col.period'), width: 90 },
    {
      key: 'action',
      title: t('col.action'),
      render: (a: string) => <Tag color={a === 'CLOSE' ? 'red' : 'green'}>{t(`action.${a}`)}</Tag>,
    },
    { key: 'reason', title: t('col.reopenReason') },
    { key: 'invoice_count', title: t('col.invoices'), align: 'right' },
    { key: 'job_count', title: t('col.jobs'), align: 'right' },
    { key: 'actor', title: t('col.by') },
    { key: 'at', title: t('col.at'), render: eventTime },
  ];

  const periodColumns: StaticTableColumn<TPeriodListRow>[] = [
    {
      key: 'period',
      title: t('col.period'),
      render: (p: string, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => {
            setOffice(r.office_code);
            setPeriod(p);
          }}
        >
          {p}
        </Button>
      ),
    },
    { key: 'office_code', title: t('col.office') },
    {
      key: 'status',
      title: t('col.status'),
      render: (s: string) => <Tag color={s === 'CLOSED' ? 'red' : 'green'}>{t(`status.${s}`)}</Tag>,
    },
    { key: 'closed_by', title: t('col.closedBy') },
    { key: 'closed_at', title: t('col.closedAt'), render: eventTime },
    { key: 'reopened_by', title: t('col.reopenedBy') },
    { key: 'reopen_reason', title: t('col.reopenReason') },
  ];

  return (
    <Flex vertical gap={12}>
      <PageHeading data-testid="period-close-title">{title}</PageHeading>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t(kind === 'TRADE' ? 'introTrade' : 'introGeneric')}
      </Typography.Paragraph>
      <Flex gap={12} wrap align="end">
        <div className="period-pick">
          <label htmlFor="period-office">{t('office')}</label>
          <PlainSelect
            id="period-office"
            style={{ minWidth: 200 }}
            value={office}
            onChange={(o) => o && setOffice(o)}
            options={offices.map((o) => ({ value: o.code, label: `${o.code} ${o.short_name}` }))}
            aria-busy={list.isLoading}
            data-testid="period-office"
          />
        </div>
        <div className="period-pick">
          <label htmlFor="period-month">{t('month')}</label>
          <input
            id="period-month"
            type="month"
            className="plain-input"
            required
            max={thisMonth}
            value={period}
            // An emptied or future month is not applied: the month shown stays the one loaded.
            onChange={(e) => acceptsMonth(e.target.value, thisMonth) && setPeriod(e.target.value)}
            data-testid="period-month"
          />
        </div>
        <Button onClick={() => view.refetch()} loading={view.isFetching} data-testid="period-refresh">
          {t('refresh')}
        </Button>
      </Flex>

      {view.error && <Alert type="error" showIcon message={errorText(t, view.error)} />}
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setRefusal(null)}
          message={refusal.text}
          description={
            refusal.blockers.length > 0 && (
              <ul className="period-refusal-list" data-testid="period-refusal-blockers">
                {refusal.blockers.map((b) => (
                  <li key={b.field}>
                    {b.field}: {t(`msg:${b.msgKey}`)}
                  </li>
                ))}
              </ul>
            )
          }
          data-testid="period-refusal"
        />
      )}

      {v && (
        <PlainCard data-testid="period-status-card">
          <Flex justify="space-between" wrap gap={12} align="start">
            <dl className="period-facts">
              <div>
                <dt>{t('status.label')}</dt>
                <dd>
                  <Tag color={closed ? 'red' : 'green'} data-testid="period-status">
                    {t(`status.${v.status}`)}
                  </Tag>
                </dd>
              </div>
              {closed ? (
                <>
                  <div>
                    <dt>{t('col.closedBy')}</dt>
                    <dd>
                      {v.closed_by} {eventTime(v.closed_at)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('closedCount')}</dt>
                    <dd data-testid="period-closed-count">
                      {t('closedSummary', { invoices: v.closed_count, jobs: v.locked_job_count })}
                    </dd>
                  </div>
                </>
              ) : (
                <>
                  <div>
                    <dt>{t('blockerCount')}</dt>
                    <dd data-testid="period-blocker-count">{v.blocker_count}</dd>
                  </div>
                  <div>
                    <dt>{t('closableCount')}</dt>
                    <dd data-testid="period-closable-count">{v.closable_count}</dd>
                  </div>
                </>
              )}
            </dl>
            {closed ? (
              <Button onClick={() => setReopening(true)} data-testid="period-reopen">
                {t('reopen')}
              </Button>
            ) : blocked ? (
              // Refused while anything blocks the month (docs/decisions.md "Period close with blockers"):
              // the button says why instead of offering a close the server would refuse.
              <Flex vertical align="end" gap={4}>
                <Button type="primary" danger disabled data-testid="period-close">
                  {t('close')}
                </Button>
                <Typography.Text type="danger" data-testid="period-close-blocked">
                  {t('closeBlocked', { count: v.blocker_count })}
                </Typography.Text>
              </Flex>
            ) : (
              <Button
                type="primary"
                danger
                loading={close.isPending}
                data-testid="period-close"
                onClick={() =>
                  modal.confirm({
                    title: t('confirmCloseTitle', { period, office }),
                    content: t('confirmClose', { count: v.closable_count }),
                    okText: t('close'),
                    cancelText: t('cancel'),
                    okButtonProps: { danger: true, 'data-testid': 'period-close-confirm' },
                    onOk: doClose,
                  })
                }
              >
                {t('close')}
              </Button>
            )}
          </Flex>
        </PlainCard>
      )}

      {v && !closed && (
        <PlainCard title={t('blockersTitle')}>
          <StaticTable<TPeriodBlocker>
            rowKey="inv_id"
            loading={view.isFetching}
            rows={v.blockers}
            columns={blockerColumns}
            pageSize={20}
            pageSizeChoice
            data-testid="period-blockers"
            empty={<Empty description={t('noBlockers')} data-testid="period-no-blockers" />}
          />
          {v.blocker_count > v.blockers.length && (
            <Typography.Text type="secondary">
              {t('moreBlockers', { shown: v.blockers.length, count: v.blocker_count })}
            </Typography.Text>
          )}
        </PlainCard>
      )}

      {v && (
        <PlainCard title={t('historyTitle')}>
          <StaticTable<TPeriodEvent>
            rowKey="id"
            rows={v.history}
            columns={historyColumns}
            pageSize={false}
            data-testid="period-history"
            empty={<Empty description={t('noHistory')} />}
          />
        </PlainCard>
      )}

      <PlainCard title={t('periodsTitle', { office: office ?? '' })}>
        <StaticTable<TPeriodListRow>
          rowKey={(r) => `${r.office_code}-${r.period}`}
          loading={list.isFetching}
          rows={list.data?.rows ?? []}
          columns={periodColumns}
          pageSize={12}
          data-testid="period-list"
          empty={<Empty description={t('noPeriods')} />}
        />
      </PlainCard>

      {reopening && (
        <Suspense fallback={null}>
          <PeriodReopenDialog
            title={t('reopenTitle', { period, office })}
            pending={reopen.isPending}
            onReopen={doReopen}
            onCancel={() => setReopening(false)}
          />
        </Suspense>
      )}
    </Flex>
  );
}

export const InvoiceClosePage = () => <PeriodClosePage kind="TRADE" />;
export const InvoiceGenericClosePage = () => <PeriodClosePage kind="GENERIC" />;
