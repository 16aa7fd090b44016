import { useTranslation } from 'react-i18next';
import { focusPageHeading, MAIN_CONTENT_ID } from './main-content';
import './skip-link.css';

/**
 * WCAG 2.4.1: the first tab stop of every page jumps past the cookie banner, menu and header to the page
 * heading; shown only while focused. No antd here: it is part of /login's first chunk.
 */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      className="portal-skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(e) => {
        e.preventDefault();
        focusPageHeading();
      }}
      data-testid="skip-link"
    >
      {t('skipToContent')}
    </a>
  );
}
