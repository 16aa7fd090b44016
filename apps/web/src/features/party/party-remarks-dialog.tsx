import { type ButtonProps, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { PlainTextArea } from '../../shared/plain/plain-text-input';

interface Props {
  title: string;
  danger: boolean;
  pending: boolean;
  /** Called with the trimmed remarks once they are given. */
  onOk: (remarks: string) => Promise<void>;
  onCancel: () => void;
}

/** Rejecting or resubmitting a party asks for remarks (required) in a dialog, loaded when it opens. */
export default function PartyRemarksDialog({ title, danger, pending, onOk, onCancel }: Props) {
  const { t } = useTranslation('party');
  const [form] = Form.useForm<{ remarks: string }>();
  return (
    <Modal
      open
      title={title}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ danger, loading: pending, 'data-testid': 'party-remarks-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'party-remarks-cancel' } as ButtonProps}
      onCancel={onCancel}
      onOk={async () => {
        const { remarks } = await form.validateFields();
        await onOk(remarks.trim());
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="remarks"
          label={t('remarksLabel')}
          rules={[requiredMsgRule('msgPartyRemarksRequired', { whitespace: true })]}
        >
          <PlainTextArea rows={4} maxLength={1000} showCount data-testid="party-remarks" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
