import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The login page's "Register" link to /Registration. */
export function RegisterLink() {
  const { t } = useTranslation('registration');
  return (
    <Link to="/Registration" data-testid="link-register">
      {t('registerLink')}
    </Link>
  );
}
