import { isStrongPassword } from '@portal/contracts';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form } from '../../shared/form';
import { msgTextOf } from '../../shared/form/zod-rule';
import { PlainPasswordInput } from '../../shared/plain/plain-text-input';

/** A user's new password, set by an administrator: loaded when the dialog first opens (issue 20). */
export default function ResetPasswordDialog({
  pending,
  onReset,
  onCancel,
}: {
  pending: boolean;
  /** Resolves when the reset was tried; the caller closes the dialog when it went through. */
  onReset: (password: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('userAdmin');
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  return (
    <Modal
      open
      title={t('resetPassword')}
      onCancel={onCancel}
      okText={t('resetPassword')}
      confirmLoading={pending}
      okButtonProps={{ id: 'user-reset-password-ok' }}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        await onReset(v.password);
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('field.newPassword')}
          extra={t('hint.resetPassword')}
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                if (!v || !isStrongPassword(v)) throw new Error(await msgTextOf('msgStrongPWRequired'));
              },
            },
          ]}
        >
          <PlainPasswordInput autoComplete="new-password" data-testid="user-reset-password-input" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('field.confirmPassword')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v: string | undefined) => {
                if (v !== getFieldValue('password'))
                  throw new Error(await msgTextOf('msgPasswordInconsistent'));
              },
            }),
          ]}
        >
          <PlainPasswordInput autoComplete="new-password" data-testid="user-reset-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
