import type { TInvoiceRow } from '@portal/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../shared/api/http';
import { useSession } from '../../shared/auth';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { MenuButton } from '../../shared/plain/menu-button';
import { Typography } from '../../shared/plain/typography';
import { itemOf, useAccountingExport } from './invoice-batch-api';
import type { BatchModal } from './invoice-batch-dialog';

/** The batch tools' dialog (antd Form, Select, Radio, Input) loads when a tool is first chosen (issue 20). */
const dialog = () => import('./invoice-batch-dialog');
const InvoiceBatchDialog = lazy(() => dialog().then((m) => ({ default: m.InvoiceBatchDialog })));

/**
 * The batch tools of a stage list (002 §2 modals): batch update AP Ref, Payment Ref, sub-type and tax rate
 * code, status update, accounting export and batch payment / tax-invoice grouping, for the picked rows.
 */
export function InvoiceBatchBar({ rows, onDone }: { rows: TInvoiceRow[]; onDone: () => void }) {
  const { t } = useTranslation('invoiceBatch');
  const { message } = useApp();
  const session = useSession();
  const [open, setOpen] = useState<BatchModal | null>(null);
  const exporting = useAccountingExport();
  const none = rows.length === 0;
  const funcs = session.uac?.menu_func_accesses.map((a) => a.func_id) ?? [];
  const can = (f: string) => funcs.includes(f);
  const allAp = rows.length > 0 && rows.every((r) => r.inv_type === 'AP');

  const runExport = async () => {
    try {
      const res = await exporting.mutateAsync({ rows: rows.map(itemOf) });
      message.success(t('exported', { count: res.result.count, batch: res.batch.batch_no }));
      onDone();
      await download(`/Invoice/accountingExport/${encodeURIComponent(res.batch.batch_no)}/file`);
    } catch (e) {
      message.error(errorText(t, e));
    }
  };

  const keys: BatchModal[] = [];
  if (can('inv_edit') && allAp) keys.push('apRef', 'upload');
  if (can('inv_edit')) keys.push('paymentRef', 'subType');
  keys.push('status');
  if (can('inv_edit')) keys.push('group');
  const tools = keys.map((key) => ({ key, label: t(key) }));

  return (
    <>
      <Typography.Text type="secondary" data-testid="invoice-batch-count">
        {t('selected', { count: rows.length })}
      </Typography.Text>
      <MenuButton
        className="plain-button plain-button--default"
        label={t('batch')}
        disabled={none}
        items={tools}
        onSelect={(key) => setOpen(key as BatchModal)}
        data-testid="invoice-batch-menu"
      />
      {can('inv_edit') && (
        <Button
          onClick={() => setOpen('quick')}
          onPointerEnter={() => void dialog()}
          data-testid="invoice-quick-create"
        >
          {t('quick')}
        </Button>
      )}
      {can('inv_closing') && (
        <Button
          disabled={none}
          loading={exporting.isPending}
          onClick={runExport}
          data-testid="invoice-batch-export"
        >
          {t('accountingExport')}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <InvoiceBatchDialog open={open} rows={rows} onClose={() => setOpen(null)} onDone={onDone} />
        </Suspense>
      )}
    </>
  );
}
