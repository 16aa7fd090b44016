import type { TAdminUser } from '@portal/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { PlainTag } from '../../shared/plain/plain-tag';
import { useUserAction } from './user-admin-api';

const ResetPasswordDialog = lazy(() => import('./user-reset-password-dialog'));

/** Status tags and the actions of a saved user: disable/enable (confirmed), unlock, reset password. */
export function UserActions({ user }: { user: TAdminUser }) {
  const { t } = useTranslation('userAdmin');
  const { message, modal } = useApp();
  const action = useUserAction();
  const [resetOpen, setResetOpen] = useState(false);

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
      {resetOpen && (
        <Suspense fallback={null}>
          <ResetPasswordDialog
            pending={action.isPending}
            onCancel={() => setResetOpen(false)}
            onReset={async (password) => {
              if (await run({ kind: 'resetPassword', password }, t('passwordReset'))) setResetOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
