import { type ButtonProps, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form } from '../../shared/form';
import { PlainTextArea } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';

interface Props {
  title: string;
  pending: boolean;
  /** Called with the trimmed reason once it is given. */
  onReopen: (reason: string) => void;
  onCancel: () => void;
}

/** Reopening a closed month asks for a reason (required, up to 500 characters) in a dialog. */
export default function PeriodReopenDialog({ title, pending, onReopen, onCancel }: Props) {
  const { t } = useTranslation('period');
  const [form] = Form.useForm<{ reason: string }>();
  const ok = async () => {
    const { reason } = await form.validateFields();
    onReopen(reason.trim());
  };
  return (
    <Modal
      open
      title={title}
      okText={t('reopen')}
      cancelText={t('cancel')}
      onOk={ok}
      confirmLoading={pending}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'period-reopen-confirm' } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('reopenHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('reason')}
          rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}
        >
          <PlainTextArea maxLength={500} rows={3} autoFocus data-testid="period-reopen-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
