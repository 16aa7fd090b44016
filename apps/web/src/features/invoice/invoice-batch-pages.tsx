import type { TInvoiceGroup, TInvoiceJobRow, TInvoiceRow } from '@portal/contracts';
import {
  App,
  Button,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Popconfirm,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { download } from '../../shared/api/http';
import { useSession } from '../../shared/auth';
import { errorText } from '../../shared/i18n/error-text';
import {
  itemOf,
  useExportBatches,
  useImportable,
  useImportDocument,
  useInvoiceGroups,
  useInvoiceJobs,
  useUngroup,
} from './invoice-batch-api';
import { useInvoiceLabels } from './invoice-labels';
import { invoicePath, newByJobPath } from './invoice-paths';

/**
 * /INV/ImportDocument (inv_closing): the government invoice no. and date of each exported invoice, saved
 * together (all or nothing) and moving them to Imported; below, the recent export files to download again.
 */
export function ImportDocumentPage() {
  const { t } = useTranslation('invoiceBatch');
  const { message } = App.useApp();
  const labels = useInvoiceLabels();
  const list = useImportable();
  const batches = useExportBatches(true);
  const save = useImportDocument();
  const [form] = Form.useForm();
  const submit = async () => {
    const v = await form.validateFields();
    const rows = (list.data ?? [])
      .filter((r) => v.gov?.[r.inv_id]?.trim())
      .map((r) => ({
        ...itemOf(r),
        gov_invoice_no: String(v.gov[r.inv_id]).trim(),
        invoice_date: (v.date?.[r.inv_id] as Dayjs | undefined)?.format('YYYY-MM-DD') ?? '',
      }));
    if (!rows.length) return message.warning(t('nothingToImport'));
    const missing = rows.find((r) => !r.invoice_date);
    if (missing)
      return message.error(
        t('dateRequired', { no: list.data?.find((x) => x.inv_id === missing.inv_id)?.invoice_no }),
      );
    try {
      const res = await save.mutateAsync({ rows });
      message.success(t('imported', { count: res.count }));
      form.resetFields();
    } catch (e) {
      message.error(errorText(t, e));
    }
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('importTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('importHelp')}</Typography.Paragraph>
      <Form form={form} component={false}>
        <Table<TInvoiceRow>
          size="small"
          bordered
          rowKey="inv_id"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('noneToImport')} /> }}
          data-testid="import-document-table"
          columns={[
            {
              title: t('invoiceNo'),
              dataIndex: 'invoice_no',
              render: (no: string, r) => <Link to={invoicePath(r.inv_type, r.inv_id)}>{no}</Link>,
            },
            { title: t('side'), dataIndex: 'inv_type', width: 60 },
            { title: t('account'), dataIndex: 'account_code' },
            { title: t('statusCol'), dataIndex: 'status', render: (s: string) => labels.status(s) },
            {
              title: t('total'),
              key: 'total',
              align: 'right',
              render: (_, r) => `${r.currency} ${r.total_amount}`,
            },
            {
              title: t('govNo'),
              key: 'gov',
              render: (_, r) => (
                <Form.Item name={['gov', r.inv_id]} style={{ margin: 0 }} rules={[{ max: 40 }]}>
                  <Input
                    maxLength={40}
                    aria-label={`${t('govNo')} ${r.invoice_no}`}
                    data-testid={`gov-no-${r.invoice_no}`}
                  />
                </Form.Item>
              ),
            },
            {
              title: t('invoiceDate'),
              key: 'date',
              render: (_, r) => (
                <Form.Item name={['date', r.inv_id]} style={{ margin: 0 }}>
                  <DatePicker
                    aria-label={`${t('invoiceDate')} ${r.invoice_no}`}
                    data-testid={`gov-date-${r.invoice_no}`}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
      </Form>
      <Flex>
        <Button type="primary" onClick={submit} loading={save.isPending} data-testid="import-document-save">
          {t('importSave')}
        </Button>
      </Flex>
      <Typography.Title level={5}>{t('exportFiles')}</Typography.Title>
      <Table
        size="small"
        rowKey="batch_no"
        dataSource={batches.data ?? []}
        pagination={{ pageSize: 10 }}
        columns={[
          { title: t('batchNo'), dataIndex: 'batch_no' },
          { title: t('invoices'), dataIndex: 'invoice_count', align: 'right' },
          { title: t('lines'), dataIndex: 'line_count', align: 'right' },
          { title: t('baseTotal'), dataIndex: 'base_total_amount', align: 'right' },
          { title: t('by'), dataIndex: 'created_by' },
          { title: t('at'), dataIndex: 'created_at', render: (v: string) => new Date(v).toLocaleString() },
          {
            title: '',
            key: 'dl',
            render: (_, b) => (
              <Button
                size="small"
                onClick={() => download(`/Invoice/accountingExport/${encodeURIComponent(b.batch_no)}/file`)}
              >
                {t('download')}
              </Button>
            ),
          },
        ]}
      />
    </Flex>
  );
}

/** /INV/Grouping: batch payment and batch tax-invoice groups, current and the recent 2 months (002 §2, §9). */
export function GroupingPage() {
  const { t } = useTranslation('invoiceBatch');
  const { message } = App.useApp();
  const session = useSession();
  const groups = useInvoiceGroups();
  const ungroup = useUngroup();
  const canEdit = session.hasFunc('inv_edit');
  const columns = (current: boolean) => [
    { title: t('groupNo'), dataIndex: 'group_no' },
    { title: t('groupKind'), dataIndex: 'kind', render: (k: string) => t(`kind${k}`) },
    { title: t('side'), dataIndex: 'inv_type' },
    { title: t('account'), dataIndex: 'account_code' },
    { title: t('invoices'), dataIndex: 'invoice_nos', render: (v: string[]) => v.join(', ') },
    {
      title: t('total'),
      key: 'total',
      align: 'right' as const,
      render: (_: unknown, g: TInvoiceGroup) => `${g.currency} ${g.total_amount}`,
    },
    {
      title: t('statusCol'),
      dataIndex: 'status',
      render: (s: string) => <Tag color={s === 'ACTIVE' ? 'green' : 'default'}>{t(`group${s}`)}</Tag>,
    },
    { title: t('by'), dataIndex: 'created_by' },
    { title: t('at'), dataIndex: 'created_at', render: (v: string) => new Date(v).toLocaleString() },
    ...(current && canEdit
      ? [
          {
            title: '',
            key: 'x',
            render: (_: unknown, g: TInvoiceGroup) => (
              <Popconfirm
                title={t('ungroupConfirm', { no: g.group_no })}
                onConfirm={async () => {
                  try {
                    await ungroup.mutateAsync({ group_no: g.group_no });
                    message.success(t('ungrouped', { no: g.group_no }));
                  } catch (e) {
                    message.error(errorText(t, e));
                  }
                }}
              >
                <Button size="small" danger>
                  {t('ungroup')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('groupingTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('groupingHelp')}</Typography.Paragraph>
      <Tabs
        items={[
          {
            key: 'current',
            label: t('currentGrouping'),
            children: (
              <Table
                size="small"
                rowKey="group_no"
                loading={groups.isFetching}
                dataSource={groups.data?.current ?? []}
                columns={columns(true)}
                data-testid="grouping-current"
              />
            ),
          },
          {
            key: 'history',
            label: t('history2Months'),
            children: (
              <Table
                size="small"
                rowKey="group_no"
                loading={groups.isFetching}
                dataSource={groups.data?.history ?? []}
                columns={columns(false)}
                data-testid="grouping-history"
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}

function JobList({ kind }: { kind: 'JobSearch' | 'BlankJob' }) {
  const { t } = useTranslation('invoiceBatch');
  const navigate = useNavigate();
  const session = useSession();
  const [q, setQ] = useState('');
  const jobs = useInvoiceJobs(kind, q);
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t(kind === 'JobSearch' ? 'jobSearchTitle' : 'blankJobTitle')}
      </Typography.Title>
      <Input.Search
        allowClear
        placeholder={t('jobSearchPlaceholder')}
        onSearch={(v) => setQ(v.trim())}
        style={{ maxWidth: 360 }}
        data-testid="job-search"
      />
      <Table<TInvoiceJobRow>
        size="small"
        bordered
        rowKey="job_no"
        loading={jobs.isFetching}
        dataSource={jobs.data ?? []}
        pagination={{ pageSize: 20 }}
        data-testid="invoice-job-table"
        columns={[
          { title: t('jobNo'), dataIndex: 'job_no' },
          { title: t('soNos'), dataIndex: 'so_nos', render: (v: string[]) => v.join(', ') },
          { title: t('etd'), dataIndex: 'etd' },
          { title: t('office'), dataIndex: 'handling_office' },
          { title: t('account'), key: 'acc', render: (_, r) => `${r.account_code} ${r.account_name}` },
          { title: 'AR', dataIndex: 'ar_count', align: 'right' },
          { title: 'AP', dataIndex: 'ap_count', align: 'right' },
          { title: t('lines'), dataIndex: 'line_count', align: 'right' },
          { title: t('invoicingState'), dataIndex: 'invoicing_state', render: (s: string) => t(`state${s}`) },
          ...(session.hasFunc('inv_edit')
            ? [
                {
                  title: '',
                  key: 'new',
                  render: (_: unknown, r: TInvoiceJobRow) => (
                    <Flex gap={4}>
                      <Button
                        size="small"
                        onClick={() => navigate(newByJobPath('AR', r.account_code, r.job_no))}
                      >
                        {t('newAr')}
                      </Button>
                      <Button
                        size="small"
                        onClick={() => navigate(newByJobPath('AP', r.account_code, r.job_no))}
                      >
                        {t('newAp')}
                      </Button>
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Flex>
  );
}

/** /INV/JobSearch: jobs with their invoice counts and invoicing state. */
export const JobSearchPage = () => <JobList kind="JobSearch" />;
/** /INV/BlankJob (m_ap_blank_job): jobs without any charge line. */
export const BlankJobPage = () => <JobList kind="BlankJob" />;
