import type { TInvoiceGroup, TInvoiceJobRow } from '@portal/contracts';
import { Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/auth';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { PlainSearch } from '../../shared/plain/plain-search';
import { Typography } from '../../shared/plain/typography';
import { PlainTabs } from '../../shared/tabs/plain-tabs';
import { useInvoiceGroups, useInvoiceJobs, useUngroup } from './invoice-batch-api';
import { newByJobPath } from './invoice-paths';

/** /INV/Grouping: batch payment and batch tax-invoice groups, current and the recent 2 months (002 §2, §9). */
export function GroupingPage() {
  const [groupTab, setGroupTab] = useState('current');
  const { t } = useTranslation('invoiceBatch');
  const { message, modal } = useApp();
  const session = useSession();
  const groups = useInvoiceGroups();
  const ungroup = useUngroup();
  const canEdit = session.hasFunc('inv_edit');
  const columns = (current: boolean): StaticTableColumn<TInvoiceGroup>[] => [
    { key: 'group_no', title: t('groupNo') },
    { key: 'kind', title: t('groupKind'), render: (k: string) => t(`kind${k}`) },
    { key: 'inv_type', title: t('side') },
    { key: 'account_code', title: t('account') },
    { key: 'invoice_nos', title: t('invoices'), render: (v: string[]) => v.join(', ') },
    {
      key: 'total',
      title: t('total'),
      align: 'right',
      render: (_, g) => `${g.currency} ${g.total_amount}`,
    },
    {
      key: 'status',
      title: t('statusCol'),
      render: (s: string) => <Tag color={s === 'ACTIVE' ? 'green' : 'default'}>{t(`group${s}`)}</Tag>,
    },
    { key: 'created_by', title: t('by') },
    { key: 'created_at', title: t('at'), render: (v: string) => new Date(v).toLocaleString() },
    ...(current && canEdit
      ? [
          {
            key: 'x',
            title: '',
            render: (_: unknown, g: TInvoiceGroup) => (
              <Button
                size="small"
                danger
                onClick={() =>
                  modal.confirm({
                    title: t('ungroupConfirm', { no: g.group_no }),
                    onOk: async () => {
                      try {
                        await ungroup.mutateAsync({ group_no: g.group_no });
                        message.success(t('ungrouped', { no: g.group_no }));
                      } catch (e) {
                        message.error(errorText(t, e));
                      }
                    },
                  })
                }
              >
                {t('ungroup')}
              </Button>
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
      <PlainTabs
        activeKey={groupTab}
        onChange={setGroupTab}
        items={[
          {
            key: 'current',
            label: t('currentGrouping'),
            children: (
              <StaticTable<TInvoiceGroup>
                rowKey="group_no"
                loading={groups.isFetching}
                rows={groups.data?.current ?? []}
                pageSize={10}
                pageSizeChoice
                columns={columns(true)}
                data-testid="grouping-current"
              />
            ),
          },
          {
            key: 'history',
            label: t('history2Months'),
            children: (
              <StaticTable<TInvoiceGroup>
                rowKey="group_no"
                loading={groups.isFetching}
                rows={groups.data?.history ?? []}
                pageSize={10}
                pageSizeChoice
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
      <PlainSearch label={t('jobSearchPlaceholder')} onSearch={setQ} data-testid="job-search" />
      <StaticTable<TInvoiceJobRow>
        rowKey="job_no"
        loading={jobs.isFetching}
        rows={jobs.data ?? []}
        pageSize={20}
        data-testid="invoice-job-table"
        columns={[
          { key: 'job_no', title: t('jobNo') },
          { key: 'so_nos', title: t('soNos'), render: (v: string[]) => v.join(', ') },
          { key: 'etd', title: t('etd') },
          { key: 'handling_office', title: t('office') },
          { key: 'acc', title: t('account'), render: (_, r) => `${r.account_code} ${r.account_name}` },
          { key: 'ar_count', title: 'AR', align: 'right' },
          { key: 'ap_count', title: 'AP', align: 'right' },
          { key: 'line_count', title: t('lines'), align: 'right' },
          { key: 'invoicing_state', title: t('invoicingState'), render: (s: string) => t(`state${s}`) },
          ...(session.hasFunc('inv_edit')
            ? [
                {
                  key: 'new',
                  title: '',
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
