import type { TPeriodBlocker, TPeriodEvent, TPeriodKind, TPeriodListRow } from '@portal/contracts';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import { usePeriodAction, usePeriodList, usePeriodView } from './period-api';

/** The invoice detail screen of a blocker (002 §2 arDetails / apDetails). */
const invoiceLink = (b: TPeriodBlocker) => `/INV/${b.inv_type.toLowerCase()}Details/${b.inv_id}`;
const when = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/**
 * /INV/InvoiceClose (inv_closing) and /INV/InvoiceGenericClose (inv_generic_closing): pick an office and a
 * month, see what still blocks its close (each blocker opens its invoice), close it (confirmation) or reopen
 * it (a reason), and read its history. The server refuses a close while blockers remain and a reopen once the
 * ledger has closed the month; the screen shows the refusal and reloads the list.
 */
function PeriodClosePage({ kind }: { kind: TPeriodKind }) {
  const { t } = useTranslation(['period', 'invoice']);
  const { message } = App.useApp();
  const [office, setOffice] = useState<string>();
  // Default: last month, the one usually being closed.
  const [month, setMonth] = useState<Dayjs>(() => dayjs().subtract(1, 'month').startOf('month'));
  const period = month.format('YYYY-MM');
  const list = usePeriodList(kind, office);
  const view = usePeriodView(kind, office, period);
  const close = usePeriodAction(kind, 'close');
  const reopen = usePeriodAction(kind, 'reopen');
  const [reopening, setReopening] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const offices = list.data?.offices ?? [];
  useEffect(() => {
    if (!office && offices.length) setOffice(offices[0]?.code);
  }, [office, offices]);
  // A refusal belongs to the office and month it was made for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the selection changes
  useEffect(() => setRefusal(null), [office, period]);

  const v = view.data;
  const closed = v?.status === 'CLOSED';
  const title = t(kind === 'TRADE' ? 'titleTrade' : 'titleGeneric');

  const doClose = async () => {
    if (!office) return;
    try {
      const res = await close.mutateAsync({ office_code: office, period });
      setRefusal(null);
      message.success(t(`msg:${res.msgKey}`, res.params));
    } catch (e) {
      setRefusal(errorText(t, e));
    }
  };
  const doReopen = async () => {
    if (!office) return;
    const { reason } = await form.validateFields();
    try {
      const res = await reopen.mutateAsync({ office_code: office, period, reason: reason.trim() });
      setRefusal(null);
      setReopening(false);
      form.resetFields();
      message.success(t(`msg:${res.msgKey}`, res.params));
    } catch (e) {
      setReopening(false);
      setRefusal(errorText(t, e));
    }
  };

  const blockerColumns = useMemo(
    (): StaticTableColumn<TPeriodBlocker>[] => [
      {
        key: 'invoice_no',
        title: t('col.invoiceNo'),
        render: (no: string, b) => (
          <Link to={invoiceLink(b)} data-testid={`blocker-link-${no}`}>
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
    { key: 'at', title: t('col.at'), render: when },
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
            setMonth(dayjs(`${p}-01`));
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
    { key: 'closed_at', title: t('col.closedAt'), render: when },
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
        <label htmlFor="period-office">
          <div>{t('office')}</div>
          <Select
            id="period-office"
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 200 }}
            value={office}
            onChange={setOffice}
            loading={list.isLoading}
            options={offices.map((o) => ({ value: o.code, label: `${o.code} ${o.short_name}` }))}
            data-testid="period-office"
            aria-label={t('office')}
          />
        </label>
        <label htmlFor="period-month">
          <div>{t('month')}</div>
          <DatePicker
            id="period-month"
            picker="month"
            allowClear={false}
            value={month}
            onChange={(d) => d && setMonth(d.startOf('month'))}
            disabledDate={(d) => d.isAfter(dayjs(), 'month')}
            data-testid="period-month"
            aria-label={t('month')}
          />
        </label>
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
          message={refusal}
          data-testid="period-refusal"
        />
      )}

      {v && (
        <PlainCard data-testid="period-status-card">
          <Flex justify="space-between" wrap gap={12} align="start">
            <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} style={{ flex: 1 }}>
              <Descriptions.Item label={t('status.label')}>
                <Tag color={closed ? 'red' : 'green'} data-testid="period-status">
                  {t(`status.${v.status}`)}
                </Tag>
              </Descriptions.Item>
              {closed ? (
                <>
                  <Descriptions.Item label={t('col.closedBy')}>
                    {v.closed_by} {when(v.closed_at)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('closedCount')}>
                    <span data-testid="period-closed-count">
                      {t('closedSummary', { invoices: v.closed_count, jobs: v.locked_job_count })}
                    </span>
                  </Descriptions.Item>
                </>
              ) : (
                <>
                  <Descriptions.Item label={t('blockerCount')}>
                    <span data-testid="period-blocker-count">{v.blocker_count}</span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('closableCount')}>
                    <span data-testid="period-closable-count">{v.closable_count}</span>
                  </Descriptions.Item>
                </>
              )}
            </Descriptions>
            {closed ? (
              <Button onClick={() => setReopening(true)} data-testid="period-reopen">
                {t('reopen')}
              </Button>
            ) : (
              <Popconfirm
                title={t('confirmCloseTitle', { period, office })}
                description={t('confirmClose', { count: v.closable_count })}
                okText={t('close')}
                cancelText={t('cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'period-close-confirm' } as ButtonProps}
                onConfirm={doClose}
              >
                <Button type="primary" danger loading={close.isPending} data-testid="period-close">
                  {t('close')}
                </Button>
              </Popconfirm>
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

      <Modal
        open={reopening}
        title={t('reopenTitle', { period, office })}
        okText={t('reopen')}
        cancelText={t('cancel')}
        onOk={doReopen}
        confirmLoading={reopen.isPending}
        onCancel={() => setReopening(false)}
        okButtonProps={{ 'data-testid': 'period-reopen-confirm' } as ButtonProps}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('reopenHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('reason')}
            rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}
          >
            <Input.TextArea maxLength={500} rows={3} autoFocus data-testid="period-reopen-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}

export const InvoiceClosePage = () => <PeriodClosePage kind="TRADE" />;
export const InvoiceGenericClosePage = () => <PeriodClosePage kind="GENERIC" />;
