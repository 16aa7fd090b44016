import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, watchForUpdates } from './update-check';

const KEY = 'portal-update';

/**
 * Asks to refresh when a new build of the web app is deployed (000 §2.2). "Later" hides the prompt until
 * another build appears; nothing reloads without the user's confirmation (unsaved input stays).
 */
export function UpdatePrompt() {
  // Its texts load on their own: the page never waits for them.
  return (
    <Suspense fallback={null}>
      <UpdateWatcher />
    </Suspense>
  );
}

function UpdateWatcher() {
  const { t } = useTranslation('update');
  const { notification } = App.useApp();
  const shown = useRef<string | null>(null);
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(
    () =>
      watchForUpdates((buildId) => {
        // The worker and version.json may both report one build: one prompt per build.
        if (shown.current === buildId || (shown.current && buildId === 'worker')) return;
        shown.current = buildId;
        const tt = tRef.current;
        notification.open({
          key: KEY,
          duration: 0,
          placement: 'bottomRight',
          title: <span data-testid="update-prompt">{tt('title')}</span>,
          description: tt('text'),
          actions: (
            <Space>
              <Button onClick={() => notification.destroy(KEY)} data-testid="update-later">
                {tt('later')}
              </Button>
              <Button
                type="primary"
                icon={<ReloadOutlined />}
                onClick={() => void applyUpdate()}
                data-testid="update-refresh"
              >
                {tt('refresh')}
              </Button>
            </Space>
          ),
        });
      }),
    [notification],
  );
  return null;
}
