import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '../plain/typography';

const SECTIONS = ['acceptance', 'account', 'use', 'data', 'liability', 'changes'] as const;

/** The Terms of Use (login page, registration wizards). Its text lives in the `auth` namespace. */
export default function TermsOfUseModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common:close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={800}
      title={t('auth:terms.title')}
    >
      <div data-testid="terms-modal" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
        <Typography.Paragraph>{t('auth:terms.intro')}</Typography.Paragraph>
        {SECTIONS.map((s) => (
          <section key={s}>
            <Typography.Title level={5}>{t(`auth:terms.${s}.title`)}</Typography.Title>
            <Typography.Paragraph>{t(`auth:terms.${s}.body`)}</Typography.Paragraph>
          </section>
        ))}
      </div>
    </Modal>
  );
}
