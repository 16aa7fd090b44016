import { type ButtonProps, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTextArea } from '../../shared/plain/plain-text-input';

/** The reason a move of the bill asks for (a cancellation), in a dialog loaded when it opens. */
export default function MblReasonDialog({
  title,
  onCancel,
  onOk,
}: {
  title: string;
  onCancel: () => void;
  /** Called with the trimmed reason. */
  onOk: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('masterBl');
  const [reason, setReason] = useState('');
  return (
    <Modal
      open
      title={title}
      onCancel={onCancel}
      okButtonProps={{ disabled: !reason.trim(), 'data-testid': 'mbl-reason-ok' } as ButtonProps}
      onOk={() => onOk(reason.trim())}
    >
      {/* Enabled though the bill's form is read-only (an issued bill): a reason is no edit of the bill. */}
      <PlainTextArea
        disabled={false}
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('reason')}
        aria-label={t('reason')}
        data-testid="mbl-reason"
      />
    </Modal>
  );
}
