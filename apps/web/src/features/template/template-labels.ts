import {
  TEMPLATE_BASES,
  TEMPLATE_CATEGORIES,
  TEMPLATE_COLOURS,
  TEMPLATE_MODULES,
  TEMPLATE_PRIVACY,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** Labels and select options of the template library, in the reader's language. */
export function useTemplateLabels() {
  const { t } = useTranslation('template');
  const category = (c: string) =>
    /^\d|^703X$/.test(c) ? t('category.ledger', { code: c }) : t(`category.${c}`);
  return {
    category,
    categoryOptions: TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: category(c) })),
    privacyOptions: TEMPLATE_PRIVACY.map((p) => ({ value: p, label: t(`privacy.${p}`) })),
    moduleOptions: TEMPLATE_MODULES.map((m) => ({ value: m, label: t(`module.${m}`) })),
    colourOptions: TEMPLATE_COLOURS.map((c) => ({ value: c, label: t(`colour.${c}`) })),
    basisOptions: TEMPLATE_BASES.map((b) => ({ value: b, label: t(`basis.${b}`) })),
  };
}
