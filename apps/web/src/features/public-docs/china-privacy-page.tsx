import { useTranslation } from 'react-i18next';
import { PublicDownloads } from './public-page';

/** /china-privacy-policy (000 §2.1): a download page for the China privacy policy. */
export default function ChinaPrivacyPage() {
  const { t } = useTranslation('publicDocs');
  return (
    <PublicDownloads
      title={t('chinaTitle')}
      intro={t('chinaIntro')}
      files={['chinaPrivacyPolicy']}
      testId="china-privacy-page"
    />
  );
}
