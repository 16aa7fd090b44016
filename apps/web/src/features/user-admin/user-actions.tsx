import { isStrongPassword, type TAdminUser } from '@portal/contracts';
import { App, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/i18n/error-text';
import { PlainTag } from '../../shared/plain/plain-tag';
import { PlainPasswordInput } from '../../shared/plain/plain-text-input';
import { useUserAction } from './user-admin-api';

/** Status tags and the actions of a saved user: disable/enable (confirmed), unlock, reset password. */
export function UserActions({ user }: { user: TAdminUser }) {
  const { t } = useTranslation('userAdmin');
  const { message, modal } = App.useApp();
  const action = useUserAction();
  const [resetOpen, setResetOpen] = useState(false);
  const [form] = Form.useForm<{ password: string; confirm: string }>();

  const run = async (a: Parameters<typeof action.mutateAsync>[0]['action'], done: string) => {
    try {
      await action.mutateAsync({ user, action: a });
      message.success(done);
      return true;
    } catch (e) {
      message.error(errorText(t, e));
      return false;
    }
  };
  const disabled = user.status === 'D';
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      <PlainTag
        colour={user.status === 'A' ? 'green' : user.status === 'D' ? 'red' : 'default'}
        data-testid="user-status"
      >
        {t(`status.${user.status}`)}
      </PlainTag>
      {user.locked && (
        <PlainTag colour="orange" data-testid="user-locked">
          {t('locked')}
        </PlainTag>
      )}
      <Button
        danger={!disabled}
        loading={action.isPending}
        onClick={() =>
          // A confirmation before the status changes (antd's Popconfirm without its popover: App's dialog).
          modal.confirm({
            title: disabled ? t('confirmEnable') : t('confirmDisable'),
            okButtonProps: { id: 'user-status-confirm', danger: !disabled },
            onOk: () =>
              run({ kind: 'status', status: disabled ? 'A' : 'D' }, disabled ? t('enabled') : t('disabled')),
          })
        }
        data-testid={disabled ? 'user-enable' : 'user-disable'}
      >
        {disabled ? t('enable') : t('disable')}
      </Button>
      {user.locked && (
        <Button onClick={() => run({ kind: 'unlock' }, t('unlocked'))} data-testid="user-unlock">
          {t('unlock')}
        </Button>
      )}
      <Button onClick={() => setResetOpen(true)} data-testid="user-reset-password">
        {t('resetPassword')}
      </Button>
      <Modal
        open={resetOpen}
        title={t('resetPassword')}
        onCancel={() => setResetOpen(false)}
        okText={t('resetPassword')}
        confirmLoading={action.isPending}
        okButtonProps={{ id: 'user-reset-password-ok' }}
        destroyOnHidden
        onOk={async () => {
          const v = await form.validateFields();
          if (await run({ kind: 'resetPassword', password: v.password }, t('passwordReset'))) {
            form.resetFields();
            setResetOpen(false);
          }
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
                  if (!v || !isStrongPassword(v)) throw new Error(t('msg:msgStrongPWRequired'));
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
                  if (v !== getFieldValue('password')) throw new Error(t('msg:msgPasswordInconsistent'));
                },
              }),
            ]}
          >
            <PlainPasswordInput autoComplete="new-password" data-testid="user-reset-password-confirm" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
