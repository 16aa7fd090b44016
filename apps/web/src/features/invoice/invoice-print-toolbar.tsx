import { MailOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  INVOICE_EMAILABLE_STATUSES,
  type TInvoice,
  type TInvoicePrint,
  type TInvoiceRow,
  type TInvoiceType,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/http';
import { useSession } from '../../shared/auth';
import { Button } from '../../shared/button';
import { Typography } from '../../shared/plain/typography';
import { useInvoiceLabels } from './invoice-labels';

/** The print dialogs (antd Form, Select, Radio, Switch) load when one is first opened (issue 20). */
const dialogs = () => import('./invoice-print-modals');
const InvoicePdfDialog = lazy(() => dialogs().then((m) => ({ default: m.InvoicePdfDialog })));
const EmailModal = lazy(() => dialogs().then((m) => ({ default: m.EmailModal })));
const StagePrintDialog = lazy(() => dialogs().then((m) => ({ default: m.StagePrintDialog })));

/** Who printed, accounting-printed and e-mailed the invoice, oldest first. */
export function useInvoicePrints(id: number, enabled = true) {
  return useQuery({
    queryKey: ['invoice', 'prints', id],
    queryFn: ({ signal }) => api.get<TInvoicePrint[]>(`/Invoice/${id}/prints`, undefined, { signal }),
    enabled,
  });
}

/** The detail page's print tools: PDF with options, e-mail, and who printed it last. */
export function InvoicePrintToolbar({ inv }: { inv: TInvoice }) {
  const { t } = useTranslation('invoicePrint');
  const { hasFunc } = useSession();
  const labels = useInvoiceLabels();
  const [printing, setPrinting] = useState(false);
  const [mailing, setMailing] = useState(false);
  const prints = useInvoicePrints(inv.inv_id);
  // Refresh the log when a move (print, accounting print) changed the invoice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch on a new version
  useEffect(() => {
    void prints.refetch();
  }, [inv.version]);
  const last = prints.data?.filter((p) => p.kind !== 'email').at(-1);
  // The last e-mail stays in view after the dialog closes: the confirmation that it went out (issue 38).
  const lastMail = prints.data?.filter((p) => p.kind === 'email').at(-1);
  const canMail =
    INVOICE_EMAILABLE_STATUSES.has(inv.status) && (hasFunc('inv_edit') || hasFunc('inv_closing'));
  return (
    <>
      <Button
        icon={<PrinterOutlined />}
        onClick={() => setPrinting(true)}
        onPointerEnter={() => void dialogs()}
        data-testid="invoice-print-pdf"
      >
        {t('printPdf')}
      </Button>
      {canMail && (
        <Button
          icon={<MailOutlined />}
          onClick={() => setMailing(true)}
          onPointerEnter={() => void dialogs()}
          data-testid="invoice-email"
        >
          {t('email')}
        </Button>
      )}
      {last && (
        <Typography.Text type="secondary" data-testid="invoice-last-print" style={{ alignSelf: 'center' }}>
          {t('lastPrint', {
            what: labels.action(last.kind),
            by: last.printed_by,
            at: last.printed_at.slice(0, 16).replace('T', ' '),
          })}
        </Typography.Text>
      )}
      {lastMail && (
        <Typography.Text type="secondary" data-testid="invoice-last-email" style={{ alignSelf: 'center' }}>
          {t('lastEmail', {
            to: lastMail.recipients.join(', '),
            by: lastMail.printed_by,
            at: lastMail.printed_at.slice(0, 16).replace('T', ' '),
          })}
        </Typography.Text>
      )}
      {printing && (
        <Suspense fallback={null}>
          <InvoicePdfDialog inv={inv} onClose={() => setPrinting(false)} />
        </Suspense>
      )}
      {mailing && (
        <Suspense fallback={null}>
          <EmailModal inv={inv} open={mailing} onClose={() => setMailing(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Stage-list tools over the rows on screen: merge printouts (one PDF; one account and side, 002 §5) and, on
 * AP lists, the CR summary of cheque requests. The dialog loads when opened.
 */
export function InvoiceStagePrintActions({ type, rows }: { type: TInvoiceType; rows: TInvoiceRow[] }) {
  const { t } = useTranslation('invoicePrint');
  const [mode, setMode] = useState<'merge' | 'cr' | null>(null);
  const crRows = useMemo(() => rows.filter((r) => r.kind === 'CR'), [rows]);
  return (
    <>
      <Button
        icon={<PrinterOutlined />}
        onClick={() => setMode('merge')}
        onPointerEnter={() => void dialogs()}
        disabled={!rows.length}
        data-testid="invoice-merge-print"
      >
        {t('mergeButton')}
      </Button>
      {type === 'AP' && (
        <Button
          onClick={() => setMode('cr')}
          onPointerEnter={() => void dialogs()}
          disabled={!crRows.length}
          data-testid="invoice-cr-summary"
        >
          {t('crSummaryButton')}
        </Button>
      )}
      {mode && (
        <Suspense fallback={null}>
          <StagePrintDialog mode={mode} rows={rows} onClose={() => setMode(null)} />
        </Suspense>
      )}
    </>
  );
}
