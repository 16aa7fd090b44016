import { PRIVACY_MODAL_WIDTH } from '@portal/contracts';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '../plain/typography';

const SECTIONS = ['collect', 'use', 'share', 'cookies', 'retention', 'rights', 'contact'] as const;

/** The privacy policy (000 §1, §9: a modal 1000 px wide). */
export default function PrivacyPolicyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={onClose}
      okText={t('close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={PRIVACY_MODAL_WIDTH}
      title={t('privacy.title')}
    >
      <div data-testid="privacy-policy-modal" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
        <Typography.Paragraph>{t('privacy.intro')}</Typography.Paragraph>
        {SECTIONS.map((s) => (
          <section key={s}>
            <Typography.Title level={5}>{t(`privacy.${s}.title`)}</Typography.Title>
            <Typography.Paragraph>{t(`privacy.${s}.body`)}</Typography.Paragraph>
          </section>
        ))}
        <Typography.Paragraph type="secondary">{t('privacy.updated')}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
