import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  formatMoney,
  INVOICE_EMAIL_MAX,
  INVOICE_PRINT_LAYOUTS,
  type TInvoice,
  type TInvoicePrintOptions,
  type TInvoiceRow,
} from '@portal/contracts';
import { Alert, type ButtonProps, Checkbox, Flex, Modal, Radio, Spin, Switch } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { applyServerErrors, Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { ApplyPrintOptionsTemplateButton } from '../template';
import { useInvoiceLabels } from './invoice-labels';
import {
  crSummaryPdf,
  fetchPdf,
  invoicePdfQuery,
  mergePdf,
  openPdf,
  useEmailDefaults,
  useEmailInvoice,
  useInvoicePdf,
  usePrintOptions,
} from './invoice-print-api';

/** 002 §2 print options: layout, labels, what to show; remembered per user when printed. */
export function PrintOptionsModal({
  open,
  title,
  onClose,
  onPrint,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onPrint: (o: TInvoicePrintOptions) => Promise<void>;
}) {
  const { t } = useTranslation(['invoicePrint', 'msg']);
  const { message } = useApp();
  const prefs = usePrintOptions();
  const [form] = Form.useForm<TInvoicePrintOptions>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open && !prefs.loading) form.setFieldsValue(prefs.options);
  }, [open, prefs.loading, prefs.options, form]);
  const submit = async () => {
    const o = { ...prefs.options, ...(await form.validateFields()) };
    setBusy(true);
    try {
      // Remembered first: a failed print still keeps the choice.
      await prefs.remember(o).catch(() => undefined);
      await onPrint(o);
      onClose();
    } catch (e) {
      message.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('print')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'print-options-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Suspense fallback={null}>
        <ApplyPrintOptionsTemplateButton onOptions={(o) => form.setFieldsValue(o)} />
      </Suspense>
      <Form form={form} layout="vertical" initialValues={prefs.options} data-testid="print-options-form">
        <Form.Item name="layout" label={t('layout')} rules={[{ required: true }]}>
          <ChoiceField
            data-testid="print-layout"
            options={INVOICE_PRINT_LAYOUTS.map((l) => ({ value: l, label: t(`layoutName.${l}`) }))}
          />
        </Form.Item>
        <Form.Item name="language" label={t('labels')} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: 'en', label: t('labelsEn') },
              { value: 'zh', label: t('labelsZh') },
              { value: 'zh_cn', label: t('labelsZhCn') },
            ]}
          />
        </Form.Item>
        <Form.Item name="copy_label" label={t('copyLabel')}>
          <Radio.Group
            options={(['none', 'original', 'copy'] as const).map((v) => ({
              value: v,
              label: t(`copy.${v}`),
            }))}
          />
        </Form.Item>
        <Flex wrap gap={16}>
          {(['show_base_currency', 'show_tax', 'show_bank', 'show_remarks'] as const).map((k) => (
            <Form.Item key={k} name={k} label={t(k)} valuePropName="checked">
              <Switch data-testid={`print-${k}`} />
            </Form.Item>
          ))}
        </Flex>
      </Form>
    </Modal>
  );
}

/** The detail page's PDF with the print options (opened by the toolbar's Print PDF). */
export function InvoicePdfDialog({ inv, onClose }: { inv: TInvoice; onClose: () => void }) {
  const { t } = useTranslation('invoicePrint');
  return (
    <PrintOptionsModal
      open
      title={t('printTitle', { no: inv.invoice_no })}
      onClose={onClose}
      onPrint={(o) =>
        openPdf(
          () => fetchPdf(`/Invoice/${inv.inv_id}/pdf`, { query: invoicePdfQuery(o) }),
          `${inv.invoice_no}.pdf`,
        )
      }
    />
  );
}

/**
 * A print move (Print, Accounting Print) previewed first (issue 38): the invoice's PDF with the user's
 * remembered options shows in the page, as the house bill's does; the status moves only when the user
 * confirms, and Open PDF opens the same file to print it.
 */
export function PrintPreviewDialog({
  inv,
  action,
  pending,
  onConfirm,
  onCancel,
}: {
  inv: TInvoice;
  action: 'print' | 'accounting_print';
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['invoicePrint', 'msg']);
  const labels = useInvoiceLabels();
  const prefs = usePrintOptions();
  const pdf = useInvoicePdf(inv.inv_id, prefs.loading ? null : prefs.options);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf.data) return;
    const u = URL.createObjectURL(pdf.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [pdf.data]);
  return (
    <Modal
      open
      width={980}
      title={t('invoicePrint:previewTitle', { action: labels.action(action), no: inv.invoice_no })}
      onCancel={onCancel}
      footer={[
        <Button
          key="open"
          href={url ?? undefined}
          target="_blank"
          rel="noopener"
          disabled={!url}
          data-testid="invoice-print-open"
        >
          {t('invoicePrint:openPdf')}
        </Button>,
        <Button key="cancel" onClick={onCancel}>
          {t('invoicePrint:cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={pending}
          disabled={!url}
          onClick={onConfirm}
          data-testid="invoice-print-confirm"
        >
          {t('invoicePrint:confirmMove', { action: labels.action(action) })}
        </Button>,
      ]}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('invoicePrint:previewHelp', { action: labels.action(action) })}
      </Typography.Paragraph>
      {pdf.error ? (
        <Alert
          type="error"
          showIcon
          message={errorText(t, pdf.error)}
          data-testid="invoice-print-preview-error"
        />
      ) : !url ? (
        <Spin />
      ) : (
        <iframe
          title={t('invoicePrint:previewFrame', { no: inv.invoice_no })}
          src={url}
          style={{ width: '100%', height: 600, border: '1px solid #f0f0f0' }}
          data-testid="invoice-print-preview"
        />
      )}
    </Modal>
  );
}

interface EmailValues {
  to: string[];
  subject?: string;
  message?: string;
  remember: boolean;
}

/** 002 §2 e-mail modal: up to 3 tax-invoice recipients; the PDF goes through the mail outbox. */
export function EmailModal({ inv, open, onClose }: { inv: TInvoice; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['invoicePrint', 'msg']);
  const { message } = useApp();
  const prefs = usePrintOptions();
  const send = useEmailInvoice();
  const [form] = Form.useForm<EmailValues>();
  // Recipients start with the invoice's remembered ones, else the party's invoice e-mail (issue 38).
  const defaults = useEmailDefaults(inv.inv_id);
  const initial: EmailValues = {
    to: defaults.data?.to.length ? defaults.data.to.slice(0, INVOICE_EMAIL_MAX) : [''],
    remember: true,
  };
  const submit = async () => {
    const v = await form.validateFields();
    try {
      const r = await send.mutateAsync({
        id: inv.inv_id,
        body: {
          to: v.to.map((a) => a.trim()).filter(Boolean),
          subject: v.subject || null,
          message: v.message || null,
          remember: v.remember,
          options: prefs.options,
        },
      });
      message.success(t('invoicePrint:emailQueued', { count: r.params.count }));
      onClose();
    } catch (e) {
      const unmatched = applyServerErrors(form, e, t);
      if (unmatched.length || !fieldless(e)) message.error(errorText(t, e));
    }
  };
  return (
    <Modal
      open={open}
      title={t('invoicePrint:emailTitle', { no: inv.invoice_no })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('invoicePrint:send')}
      cancelText={t('invoicePrint:cancel')}
      okButtonProps={
        {
          loading: send.isPending,
          disabled: defaults.isPending,
          'data-testid': 'invoice-email-send',
        } as ButtonProps
      }
      destroyOnHidden
    >
      {defaults.isPending ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" initialValues={initial} data-testid="invoice-email-form">
          {defaults.data && defaults.data.source !== 'none' && (
            <Typography.Paragraph type="secondary" data-testid="invoice-email-source">
              {t(`invoicePrint:recipientsFrom.${defaults.data.source}`)}
            </Typography.Paragraph>
          )}
          <Form.List name="to">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <Flex key={field.key} gap={8} align="start">
                    <Form.Item
                      name={field.name}
                      label={i === 0 ? t('invoicePrint:recipients', { max: INVOICE_EMAIL_MAX }) : undefined}
                      required={i === 0}
                      validateTrigger={['onBlur', 'onChange']}
                      rules={[
                        ...(i === 0 ? [requiredMsgRule()] : []),
                        { type: 'email', message: t('invoicePrint:badEmail') },
                      ]}
                      style={{ flex: 1, marginBottom: 8 }}
                    >
                      <PlainTextInput
                        placeholder="name@example.com"
                        autoComplete="email"
                        data-testid={`invoice-email-to-${i}`}
                        aria-label={`${t('invoicePrint:recipient')} ${i + 1}`}
                      />
                    </Form.Item>
                    {fields.length > 1 && (
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined />}
                        aria-label={t('invoicePrint:removeRecipient')}
                        onClick={() => remove(field.name)}
                        style={{ marginTop: i === 0 ? 30 : 0 }}
                      />
                    )}
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add('')}
                  disabled={fields.length >= INVOICE_EMAIL_MAX}
                  data-testid="invoice-email-add"
                  style={{ marginBottom: 4 }}
                >
                  {t('invoicePrint:addRecipient')}
                </Button>
                {fields.length >= INVOICE_EMAIL_MAX && (
                  <Typography.Paragraph type="secondary" data-testid="invoice-email-cap">
                    {t('msg:msgInvoiceTooManyEmails')}
                  </Typography.Paragraph>
                )}
              </>
            )}
          </Form.List>
          <Form.Item name="subject" label={t('invoicePrint:subject')} rules={[{ max: 200 }]}>
            <PlainTextInput placeholder={t('invoicePrint:subjectPlaceholder', { no: inv.invoice_no })} />
          </Form.Item>
          <Form.Item name="message" label={t('invoicePrint:message')} rules={[{ max: 2000 }]}>
            <PlainTextArea rows={3} />
          </Form.Item>
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>{t('invoicePrint:remember')}</Checkbox>
          </Form.Item>
          <Typography.Text type="secondary">
            {t('invoicePrint:attachment', { no: inv.invoice_no })}
          </Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
const fieldless = (e: unknown) => !!(e as { body?: { details?: unknown[] } })?.body?.details?.length;

/** Rows of the current page to pick from (merge printouts, CR summary). */
function PickRows({
  rows,
  selected,
  onChange,
}: {
  rows: TInvoiceRow[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t, i18n } = useTranslation('invoicePrint');
  const labels = useInvoiceLabels();
  return (
    <StaticTable<TInvoiceRow>
      rowKey="inv_id"
      pageSize={false}
      maxHeight={320}
      rows={rows}
      data-testid="invoice-pick-table"
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onChange(keys.map(Number)),
        label: (r) => r.invoice_no,
      }}
      columns={[
        { key: 'no', title: t('invoiceNo'), dataIndex: 'invoice_no' },
        { key: 'kind', title: t('kind'), render: (_, r) => labels.kind(r.kind) },
        { key: 'acct', title: t('account'), dataIndex: 'account_code' },
        {
          key: 'total',
          title: t('total'),
          align: 'right',
          render: (_, r) => formatMoney(r.total_amount, r.currency, i18n.language),
        },
      ]}
    />
  );
}

/**
 * The stage list's print dialog over the rows on screen (loaded when a print button is clicked): merge
 * printouts (one PDF; one account and side, 002 §5) or, on AP lists, the CR summary of cheque requests.
 */
export function StagePrintDialog({
  mode,
  rows,
  onClose,
}: {
  mode: 'merge' | 'cr';
  rows: TInvoiceRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['invoicePrint', 'msg']);
  const { message } = useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const [options, setOptions] = useState(false);
  const [crTitle, setCrTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const crRows = useMemo(() => rows.filter((r) => r.kind === 'CR'), [rows]);
  const pick = mode === 'cr' ? crRows : rows;
  // Mixed accounts or sides are refused by the server; the screen says so before asking it.
  const mixed = new Set(pick.filter((r) => selected.includes(r.inv_id)).map((r) => r.account_code)).size > 1;
  const close = onClose;
  const printCr = async () => {
    setBusy(true);
    try {
      await openPdf(() => crSummaryPdf({ inv_ids: selected, title: crTitle || null }), 'cr-summary.pdf');
      close();
    } catch (e) {
      message.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Modal
        open
        width={720}
        title={mode === 'cr' ? t('crSummaryTitle') : t('mergeTitle')}
        onCancel={close}
        okText={t('print')}
        cancelText={t('cancel')}
        okButtonProps={
          {
            disabled: !selected.length || mixed,
            loading: busy,
            'data-testid': 'invoice-pick-ok',
          } as ButtonProps
        }
        onOk={() => (mode === 'cr' ? void printCr() : setOptions(true))}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {mode === 'cr' ? t('crSummaryHelp') : t('mergeHelp')}
        </Typography.Paragraph>
        {mode === 'cr' && (
          <Form layout="vertical">
            <Form.Item label={t('crTitle')}>
              <PlainTextInput
                value={crTitle}
                onChange={(e) => setCrTitle(e.target.value)}
                maxLength={100}
                aria-label={t('crTitle')}
              />
            </Form.Item>
          </Form>
        )}
        <PickRows rows={pick} selected={selected} onChange={setSelected} />
        {mixed && (
          <Typography.Paragraph type="danger" style={{ marginTop: 8 }} data-testid="invoice-pick-mixed">
            {t('msg:msgInvoicePrintMixed')}
          </Typography.Paragraph>
        )}
      </Modal>
      <PrintOptionsModal
        open={options}
        title={t('mergeTitle')}
        onClose={() => setOptions(false)}
        onPrint={async (o) => {
          await openPdf(() => mergePdf(selected, o), 'invoices.pdf');
          close();
        }}
      />
    </>
  );
}
