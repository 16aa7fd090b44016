import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../feedback';
import { PlainButton } from '../plain/plain-button';
import { applyUpdate } from './update-check';

const KEY = 'portal-update';

/** The refresh prompt itself (a notice), loaded only once a new build is found. */
export default function UpdateNotice({ buildId }: { buildId: string }) {
  const { t } = useTranslation('update');
  const { notification } = useApp();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one prompt per build; texts read when it opens
  useEffect(() => {
    notification.open({
      key: KEY,
      duration: 0,
      placement: 'bottomRight',
      title: <span data-testid="update-prompt">{t('title')}</span>,
      description: t('text'),
      actions: (
        <>
          <PlainButton onClick={() => notification.destroy(KEY)} data-testid="update-later">
            {t('later')}
          </PlainButton>
          <PlainButton variant="primary" onClick={() => void applyUpdate()} data-testid="update-refresh">
            {t('refresh')}
          </PlainButton>
        </>
      ),
    });
  }, [buildId, notification]);
  return null;
}
