import type { TExportBatch, TInvoiceRow } from '@portal/contracts';
import { Empty, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { download } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import '../../shared/plain/plain.css';
import { Typography } from '../../shared/plain/typography';
import { itemOf, useExportBatches, useImportable, useImportDocument } from './invoice-batch-api';
import { useInvoiceLabels } from './invoice-labels';
import { invoicePath } from './invoice-paths';

/**
 * /INV/ImportDocument (inv_closing): the government invoice no. and date of each exported invoice, saved
 * together (all or nothing) and moving them to Imported; below, the recent export files to download again.
 */
export function ImportDocumentPage() {
  const { t } = useTranslation('invoiceBatch');
  const { message } = useApp();
  const labels = useInvoiceLabels();
  const list = useImportable();
  const batches = useExportBatches(true);
  const save = useImportDocument();
  // Typed values per invoice: native inputs (a date input answers YYYY-MM-DD), no antd Form or DatePicker.
  const [gov, setGov] = useState<Record<number, string>>({});
  const [date, setDate] = useState<Record<number, string>>({});
  const submit = async () => {
    const rows = (list.data ?? [])
      .filter((r) => gov[r.inv_id]?.trim())
      .map((r) => ({
        ...itemOf(r),
        gov_invoice_no: gov[r.inv_id].trim(),
        invoice_date: date[r.inv_id] ?? '',
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
      setGov({});
      setDate({});
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
      <StaticTable<TInvoiceRow>
        rowKey="inv_id"
        loading={list.isFetching}
        rows={list.data ?? []}
        pageSize={false}
        empty={<Empty description={t('noneToImport')} />}
        data-testid="import-document-table"
        columns={[
          {
            key: 'invoice_no',
            title: t('invoiceNo'),
            render: (no: string, r) => <Link to={invoicePath(r.inv_type, r.inv_id)}>{no}</Link>,
          },
          { key: 'inv_type', title: t('side'), width: 60 },
          { key: 'account_code', title: t('account') },
          { key: 'status', title: t('statusCol'), render: (s: string) => labels.status(s) },
          {
            key: 'total',
            title: t('total'),
            align: 'right',
            render: (_, r) => `${r.currency} ${r.total_amount}`,
          },
          {
            key: 'gov',
            title: t('govNo'),
            render: (_, r) => (
              <input
                className="plain-input"
                maxLength={40}
                value={gov[r.inv_id] ?? ''}
                onChange={(e) => setGov((g) => ({ ...g, [r.inv_id]: e.target.value }))}
                aria-label={`${t('govNo')} ${r.invoice_no}`}
                data-testid={`gov-no-${r.invoice_no}`}
              />
            ),
          },
          {
            key: 'date',
            title: t('invoiceDate'),
            render: (_, r) => (
              <input
                type="date"
                className="plain-input"
                value={date[r.inv_id] ?? ''}
                onChange={(e) => setDate((d) => ({ ...d, [r.inv_id]: e.target.value }))}
                aria-label={`${t('invoiceDate')} ${r.invoice_no}`}
                data-testid={`gov-date-${r.invoice_no}`}
              />
            ),
          },
        ]}
      />
      <Flex>
        <Button type="primary" onClick={submit} loading={save.isPending} data-testid="import-document-save">
          {t('importSave')}
        </Button>
      </Flex>
      <Typography.Title level={5}>{t('exportFiles')}</Typography.Title>
      <StaticTable<TExportBatch>
        rowKey="batch_no"
        rows={batches.data ?? []}
        pageSize={10}
        columns={[
          { key: 'batch_no', title: t('batchNo') },
          { key: 'invoice_count', title: t('invoices'), align: 'right' },
          { key: 'line_count', title: t('lines'), align: 'right' },
          { key: 'base_total_amount', title: t('baseTotal'), align: 'right' },
          { key: 'created_by', title: t('by') },
          { key: 'created_at', title: t('at'), render: (v: string) => new Date(v).toLocaleString() },
          {
            key: 'dl',
            title: '',
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
