import { BellFilled, BellOutlined } from '@ant-design/icons';
import type { TNotificationModule } from '@portal/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { useNotificationSetting, useUnfollow, useUpsertConfigs } from './notification-api';

export interface FollowButtonProps {
  module: TNotificationModule;
  docCode: string;
}

/**
 * Follow / Unfollow one document (booking, booking approval, party, consolidation plan, master bill, invoice): a follower hears of every event of
 * it; unfollowing also stops the notices its parties or office would bring (000 §8 msgUnfollowSuccess/Fail).
 */
export function FollowButton(props: FollowButtonProps) {
  return (
    <Suspense fallback={null}>
      <Follow {...props} />
    </Suspense>
  );
}

function Follow({ module, docCode }: FollowButtonProps) {
  const { t } = useTranslation('notification');
  const { message } = useApp();
  const setting = useNotificationSetting(module, docCode, !!docCode);
  const follow = useUpsertConfigs();
  const unfollow = useUnfollow();
  if (!setting.data) return null;
  const following = setting.data.is_follow;
  return following ? (
    <Button
      icon={<BellFilled />}
      // Following is no edit: enabled inside a read-only (disabled) form of the document.
      disabled={false}
      loading={unfollow.isPending}
      data-testid="notification-unfollow"
      onClick={() =>
        unfollow.mutate(
          { module, doc_code: docCode },
          {
            onSuccess: () => void message.success(t('msgUnfollowSuccess')),
            onError: () => void message.error(t('msgUnfollowFail')),
          },
        )
      }
    >
      {t('unfollow')}
    </Button>
  ) : (
    <Button
      icon={<BellOutlined />}
      disabled={false}
      loading={follow.isPending}
      data-testid="notification-follow"
      onClick={() =>
        follow.mutate([{ module, doc_code: docCode, is_follow: true }], {
          onSuccess: () => void message.success(t('msgFollowSuccess')),
          onError: () => void message.error(t('msgFollowFail')),
        })
      }
    >
      {t('follow')}
    </Button>
  );
}
