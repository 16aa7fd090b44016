import {
  INVOICE_ACTION_NAMES,
  INVOICE_ACTIONS,
  invoiceTransition,
  type TInvoiceAction,
  type TInvoiceRow,
  UPLOAD_FIELDS,
} from '@portal/contracts';
import { type ButtonProps, Checkbox, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { upload } from '../../shared/api/http';
import { useSession } from '../../shared/auth';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { loadMsg } from '../../shared/i18n/i18n';
import { StaticTable } from '../../shared/list/static-table';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import {
  itemOf,
  useApRefFromDocuments,
  useBatchApRef,
  useBatchPaymentRef,
  useBatchStatus,
  useBatchSubType,
  useGroupInvoices,
} from './invoice-batch-api';
import { useInvoiceLabels } from './invoice-labels';
import { detailsBase, newByJobPath } from './invoice-paths';

export type BatchModal = 'apRef' | 'paymentRef' | 'subType' | 'status' | 'group' | 'upload' | 'quick';

/**
 * A batch tool's dialog over the picked rows of a stage list (002 §2 modals; loaded when a tool is chosen):
 * batch update AP Ref, Payment Ref, sub-type and tax rate code, status update, batch payment / tax-invoice
 * grouping, batch upload document and quick create.
 */
export function InvoiceBatchDialog({
  open,
  rows,
  onClose,
  onDone,
}: {
  open: BatchModal;
  rows: TInvoiceRow[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('invoiceBatch');
  const { message } = useApp();
  const session = useSession();
  const labels = useInvoiceLabels();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  // Batch upload document: the file picked for each invoice (uploaded to its Document Upload tab).
  const [files, setFiles] = useState<Record<number, File>>({});
  const fromDocs = useApRefFromDocuments();
  const apRef = useBatchApRef();
  const payRef = useBatchPaymentRef();
  const subType = useBatchSubType();
  const status = useBatchStatus();
  const group = useGroupInvoices();
  const items = rows.map(itemOf);
  const funcs = session.uac?.menu_func_accesses.map((a) => a.func_id) ?? [];
  // Moves every picked invoice can make and the user may make (the transition table of contracts).
  const moves = INVOICE_ACTION_NAMES.filter(
    (a) =>
      INVOICE_ACTIONS[a].built &&
      funcs.includes(INVOICE_ACTIONS[a].funcId) &&
      rows.length > 0 &&
      rows.every((r) => invoiceTransition(r.status, a, r.inv_type)),
  );
  const close = () => {
    form.resetFields();
    onClose();
  };
  const done = (count: number) => {
    message.success(t('done', { count }));
    close();
    onDone();
  };
  const fail = (e: unknown) => message.error(errorText(t, e));

  const submit = async () => {
    const v = await form.validateFields();
    try {
      if (open === 'upload') return await uploadAll();
      if (open === 'quick') {
        // Quick create opens the new invoice filled from the job; a copy opens the copy of the picked invoice.
        const one = rows.length === 1 ? rows[0] : null;
        close();
        if (v.mode === 'copy' && one) return void navigate(`${detailsBase(one.inv_type)}/new/${one.inv_id}`);
        return void navigate(
          newByJobPath(v.side, v.account_code.trim().toUpperCase(), v.job_no.trim().toUpperCase()),
        );
      }
      if (open === 'apRef')
        done(
          (await apRef.mutateAsync({ rows: rows.map((r) => ({ ...itemOf(r), ap_ref: v.ap_ref[r.inv_id] })) }))
            .count,
        );
      if (open === 'paymentRef')
        done((await payRef.mutateAsync({ rows: items, payment_ref: v.payment_ref })).count);
      if (open === 'subType')
        done(
          (
            await subType.mutateAsync({
              rows: items,
              sub_type: v.sub_type,
              with_credit_term: !!v.with_credit_term,
              tax_rate_code: v.tax_rate_code || null,
            })
          ).count,
        );
      if (open === 'status')
        done((await status.mutateAsync({ rows: items, action: v.action, reason: v.reason || null })).count);
      if (open === 'group')
        done(
          (await group.mutateAsync({ rows: items, kind: v.kind, remarks: v.remarks || null })).result.count,
        );
    } catch (e) {
      fail(e);
    }
  };

  /** Uploads each picked file to its invoice, then reads the AP refs from them (002 §2 batch upload document). */
  const uploadAll = async () => {
    const picked = rows.filter((r) => files[r.inv_id]);
    if (!picked.length) return void message.warning(t('pickFiles'));
    for (const r of picked) {
      const form = new FormData();
      form.append(UPLOAD_FIELDS.documentType, 'OTHER');
      form.append(UPLOAD_FIELDS.file, files[r.inv_id]);
      await upload(`/Document/invoice/${r.inv_id}`, form);
    }
    const res = await fromDocs.mutateAsync({ rows: picked.map(itemOf) });
    // The warnings are msg keys: that namespace loads now, not with the page.
    if (res.warnings.length) await loadMsg();
    for (const w of res.warnings) {
      const no = rows.find((r) => r.inv_id === w.inv_id)?.invoice_no ?? '';
      message.warning(`${no}: ${msgText(t, w.msgKey) ?? w.msgKey}`, 8);
    }
    setFiles({});
    done(res.count);
  };

  const action = Form.useWatch('action', form) as TInvoiceAction | undefined;
  const quickMode = Form.useWatch('mode', form) as 'job' | 'copy' | undefined;
  const busy =
    apRef.isPending ||
    fromDocs.isPending ||
    payRef.isPending ||
    subType.isPending ||
    status.isPending ||
    group.isPending;

  return (
    <Modal
      open
      title={t(open)}
      onCancel={close}
      onOk={submit}
      okText={t('apply')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'invoice-batch-ok' } as ButtonProps}
      destroyOnHidden
      width={open === 'apRef' || open === 'upload' ? 640 : 480}
    >
      <Form form={form} layout="vertical" preserve={false}>
        {open === 'apRef' && (
          <StaticTable<TInvoiceRow>
            pageSize={false}
            rowKey="inv_id"
            rows={rows}
            columns={[
              { key: 'invoice_no', title: t('invoiceNo'), width: 160 },
              { key: 'account_code', title: t('account'), width: 120 },
              {
                key: 'ap',
                title: t('apRefField'),
                render: (_, r) => (
                  <Form.Item
                    name={['ap_ref', r.inv_id]}
                    initialValue={r.ap_ref ?? ''}
                    rules={[{ required: true, whitespace: true, message: t('required') }]}
                    style={{ margin: 0 }}
                  >
                    <PlainTextInput
                      maxLength={60}
                      aria-label={`${t('apRefField')} ${r.invoice_no}`}
                      data-testid={`ap-ref-${r.invoice_no}`}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
        )}
        {open === 'upload' && (
          <StaticTable<TInvoiceRow>
            pageSize={false}
            rowKey="inv_id"
            rows={rows}
            columns={[
              { key: 'invoice_no', title: t('invoiceNo'), width: 160 },
              {
                key: 'file',
                title: t('document'),
                render: (_, r) => (
                  <input
                    type="file"
                    accept=".pdf,.txt,application/pdf,text/plain"
                    aria-label={`${t('document')} ${r.invoice_no}`}
                    data-testid={`upload-${r.invoice_no}`}
                    onChange={(e) => {
                      const f = e.target.files?.[0];
                      setFiles((x) => {
                        const next = { ...x };
                        if (f) next[r.inv_id] = f;
                        else delete next[r.inv_id];
                        return next;
                      });
                    }}
                  />
                ),
              },
            ]}
          />
        )}
        {open === 'quick' && (
          <>
            <Form.Item name="mode" initialValue={rows.length === 1 ? 'copy' : 'job'}>
              <Radio.Group
                options={[
                  { value: 'job', label: t('quickFromJob') },
                  {
                    value: 'copy',
                    label: t('quickCopy', { no: rows.length === 1 ? rows[0].invoice_no : '—' }),
                    disabled: rows.length !== 1,
                  },
                ]}
              />
            </Form.Item>
            {quickMode !== 'copy' && (
              <>
                <Form.Item name="side" label={t('side')} initialValue="AR" rules={[{ required: true }]}>
                  <Radio.Group options={['AR', 'AP'].map((x) => ({ value: x, label: labels.type(x) }))} />
                </Form.Item>
                <Form.Item
                  name="account_code"
                  label={t('account')}
                  rules={[{ required: true, whitespace: true, message: t('required') }]}
                >
                  <PlainTextInput maxLength={30} data-testid="quick-account" />
                </Form.Item>
                <Form.Item
                  name="job_no"
                  label={t('jobNo')}
                  rules={[{ required: true, whitespace: true, message: t('required') }]}
                >
                  <PlainTextInput maxLength={30} data-testid="quick-job" />
                </Form.Item>
              </>
            )}
          </>
        )}
        {open === 'paymentRef' && (
          <Form.Item
            name="payment_ref"
            label={t('paymentRefField')}
            rules={[{ required: true, whitespace: true, message: t('required') }]}
          >
            <PlainTextInput maxLength={60} data-testid="payment-ref" />
          </Form.Item>
        )}
        {open === 'subType' && (
          <>
            <Form.Item
              name="sub_type"
              label={t('subTypeField')}
              rules={[{ required: true, message: t('required') }]}
            >
              <ChoiceField options={labels.subTypeOptions} data-testid="sub-type" />
            </Form.Item>
            <Form.Item name="with_credit_term" valuePropName="checked">
              <Checkbox>{t('withCreditTerm')}</Checkbox>
            </Form.Item>
            <Form.Item name="tax_rate_code" label={t('taxRateCode')}>
              <PlainTextInput maxLength={20} />
            </Form.Item>
          </>
        )}
        {open === 'status' && (
          <>
            {moves.length === 0 && (
              <Typography.Paragraph type="warning">{t('noCommonMove')}</Typography.Paragraph>
            )}
            <Form.Item name="action" label={t('move')} rules={[{ required: true, message: t('required') }]}>
              <ChoiceField
                options={moves.map((m) => ({ value: m, label: labels.action(m) }))}
                data-testid="batch-action"
              />
            </Form.Item>
            {action && INVOICE_ACTIONS[action].reason && (
              <Form.Item
                name="reason"
                label={t('reason')}
                rules={[{ required: true, whitespace: true, message: t('required') }]}
              >
                <PlainTextArea maxLength={500} rows={3} />
              </Form.Item>
            )}
          </>
        )}
        {open === 'group' && (
          <>
            <Form.Item name="kind" label={t('groupKind')} initialValue="PAYMENT" rules={[{ required: true }]}>
              <ChoiceField
                options={[
                  { value: 'PAYMENT', label: t('kindPAYMENT') },
                  { value: 'TAX_INVOICE', label: t('kindTAX_INVOICE') },
                ]}
                data-testid="group-kind"
              />
            </Form.Item>
            <Form.Item name="remarks" label={t('remarks')}>
              <PlainTextInput maxLength={200} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
