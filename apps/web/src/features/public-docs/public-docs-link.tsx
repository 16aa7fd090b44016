import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PUBLIC_DOCS_PATH } from './public-files';

/** A link to the public documents page, for public footers (e.g. the login page). */
export function PublicDocsLink() {
  const { t } = useTranslation('publicDocs');
  return (
    <Link to={PUBLIC_DOCS_PATH} data-testid="link-public-docs">
      {t('title')}
    </Link>
  );
}
