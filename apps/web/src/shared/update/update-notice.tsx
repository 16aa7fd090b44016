import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate } from './update-check';

const KEY = 'portal-update';

/** The refresh prompt itself (antd notification), loaded only once a new build is found. */
export default function UpdateNotice({ buildId }: { buildId: string }) {
  const { t } = useTranslation('update');
  const { notification } = App.useApp();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one prompt per build; texts read when it opens
  useEffect(() => {
    notification.open({
      key: KEY,
      duration: 0,
      placement: 'bottomRight',
      title: <span data-testid="update-prompt">{t('title')}</span>,
      description: t('text'),
      actions: (
        <Space>
          <Button onClick={() => notification.destroy(KEY)} data-testid="update-later">
            {t('later')}
          </Button>
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            onClick={() => void applyUpdate()}
            data-testid="update-refresh"
          >
            {t('refresh')}
          </Button>
        </Space>
      ),
    });
  }, [buildId, notification]);
  return null;
}
