import { type ButtonProps, Modal } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusHistory, useStatusHistory } from '../../shared/history';
import { PlainTextArea } from '../../shared/plain/plain-text-input';
import { invoiceHistoryPath } from './invoice-api';
import { useInvoiceLabels } from './invoice-labels';

/**
 * What the invoice detail shows on demand, loaded then (issue 20): the reason dialog of a move that needs one
 * (reject, delete…) and the Status History tab.
 */

/** The reason a move asks for (reject, delete): OK once a reason is typed. */
export function InvoiceReasonDialog({
  title,
  pending,
  onOk,
  onCancel,
}: {
  title: string;
  pending: boolean;
  onOk: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('invoice');
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    <Modal
      open
      title={title}
      okText={t('confirm')}
      cancelText={t('cancel')}
      okButtonProps={
        {
          disabled: !reason.trim(),
          loading: pending,
          'data-testid': 'invoice-reason-ok',
        } as ButtonProps
      }
      onOk={() => onOk(reason.trim())}
      onCancel={onCancel}
      destroyOnHidden
    >
      <label htmlFor={id}>{t('reason')}</label>
      <PlainTextArea
        id={id}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('reasonPlaceholder')}
        maxLength={500}
        data-testid="invoice-reason"
      />
    </Modal>
  );
}

/** The Status History tab. */
export function InvoiceHistoryTab({ id, active }: { id: number; active: boolean }) {
  const labels = useInvoiceLabels();
  const q = useStatusHistory(invoiceHistoryPath(id), active);
  return (
    <StatusHistory
      entries={q.data?.map((e) => ({ ...e, action: labels.action(e.action) }))}
      loading={q.isPending}
      error={q.error}
      statusLabel={labels.status}
      fieldLabel={labels.field}
    />
  );
}
