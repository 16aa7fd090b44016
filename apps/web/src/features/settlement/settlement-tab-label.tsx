import { useTranslation } from 'react-i18next';

/** The invoice detail's Settlement tab title (kept apart from the panel, which loads when the tab opens). */
export function SettlementTabLabel() {
  const { t } = useTranslation('settlement');
  return <span data-testid="invoice-tab-settlement">{t('tab')}</span>;
}
