import { type ButtonProps, Modal } from 'antd';
import { useId, useState } from 'react';
import { PlainTextArea } from '../plain/plain-text-input';

/**
 * The reason a move asks for (reject, cancel, delete): a dialog with a labelled text box whose OK stays off until
 * a reason is typed; `onOk` gets it trimmed. The box is enabled even inside a read-only form (a customer rejecting
 * a plan, an issued bill cancelled): a reason is no edit of the record. Callers load it when it opens.
 */
export interface ReasonDialogProps {
  title: string;
  /** The text box's visible label ("Reason"). */
  label: string;
  placeholder?: string;
  okText?: string;
  cancelText?: string;
  pending?: boolean;
  maxLength?: number;
  okTestId: string;
  inputTestId: string;
  onOk: (reason: string) => unknown;
  onCancel: () => void;
}

export function ReasonDialog({
  title,
  label,
  placeholder,
  okText,
  cancelText,
  pending,
  maxLength,
  okTestId,
  inputTestId,
  onOk,
  onCancel,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ disabled: !reason.trim(), loading: pending, 'data-testid': okTestId } as ButtonProps}
      onOk={() => onOk(reason.trim())}
      onCancel={onCancel}
      destroyOnHidden
    >
      <label htmlFor={id}>{label}</label>
      <PlainTextArea
        id={id}
        disabled={false}
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        data-testid={inputTestId}
      />
    </Modal>
  );
}
