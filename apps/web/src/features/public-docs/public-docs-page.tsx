import { useTranslation } from 'react-i18next';
import { PublicDownloads } from './public-page';

/**
 * /public-documents (000 §2.1): the two public downloads. The spec's page reads a `filename` query
 * parameter that has no effect; it is accepted and ignored here too.
 */
export default function PublicDocsPage() {
  const { t } = useTranslation('publicDocs');
  return (
    <PublicDownloads
      title={t('title')}
      intro={t('intro')}
      files={['privacyPolicy', 'personalInfoExport']}
      testId="public-docs-page"
    />
  );
}
