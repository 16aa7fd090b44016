import { RollbackOutlined, SwapOutlined } from '@ant-design/icons';
import { SIGNIN_ERROR_TOAST_SECONDS } from '@portal/contracts';
import { Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeUserAndLand, useSession } from '../auth';
import { Button } from '../button';
import { useApp } from '../feedback';
import { errorText } from '../i18n/error-text';
import { Typography } from '../plain/typography';

/**
 * A Change User session (the token's super_user_uid is not its sub): says who acts and who is really
 * signed in, with a way back to the super user's own account.
 */
export function ChangeUserBanner() {
  const { t } = useTranslation('auth');
  const { claims, superUserName } = useSession();
  const { message } = useApp();
  const [leaving, setLeaving] = useState(false);
  const superUid = claims?.super_user_uid;
  if (!claims || !superUid || superUid === claims.sub) return null;
  const names = {
    user: `${claims.first_name} ${claims.last_name}`.trim(),
    superUser: superUserName ?? t('auth:changeUser.superUserFallback'),
  };
  const back = async () => {
    setLeaving(true);
    try {
      // A different user again: reload so no screen keeps the acting user's state.
      window.location.assign(await changeUserAndLand(superUid));
    } catch (e) {
      message.error({ content: errorText(t, e), duration: SIGNIN_ERROR_TOAST_SECONDS });
      setLeaving(false);
    }
  };
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }} data-testid="change-user-banner" role="status">
      <Tag color="orange" icon={<SwapOutlined />} style={{ marginInlineEnd: 0, minWidth: 0 }}>
        <Typography.Text ellipsis style={{ maxWidth: 420, color: 'inherit' }}>
          {t('auth:changeUser.acting', names)}
        </Typography.Text>
      </Tag>
      <Button
        size="small"
        icon={<RollbackOutlined />}
        loading={leaving}
        onClick={back}
        data-testid="change-user-back"
      >
        {t('auth:changeUser.back', { superUser: names.superUser })}
      </Button>
    </Flex>
  );
}
