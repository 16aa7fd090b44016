import { useTranslation } from 'react-i18next';

/** The invoice detail's Posting tab title (kept apart from the panel, which loads when the tab opens). */
export function PostingTabLabel() {
  const { t } = useTranslation('accounting');
  return <span data-testid="invoice-tab-posting">{t('tab')}</span>;
}
