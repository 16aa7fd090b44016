import {
  INVOICE_KIND_NAMES,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  INVOICE_SUB_TYPES,
  type TInvoiceType,
} from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Translated labels and select options of the invoice screens. */
export function useInvoiceLabels() {
  const { t, i18n } = useTranslation('invoice');
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(() => {
    const status = (s: string) => t(`statusName.${s}`, { defaultValue: s });
    const kind = (k: string) => t(`kind.${k}`, { defaultValue: k });
    const action = (a: string) => t(`action.${a}`, { defaultValue: a });
    const stage = (s: string) => t(`stage.${s}`, { defaultValue: s });
    const subType = (s: string) => t(`subType.${s}`, { defaultValue: s });
    const field = (f: string) => t(`field.${f}`, { defaultValue: f });
    return {
      status,
      kind,
      action,
      stage,
      subType,
      field,
      type: (x: string) => t(`type.${x}`, { defaultValue: x }),
      statusOptions: INVOICE_STATUSES.map((s) => ({ value: s, label: status(s) })),
      typeOptions: (['AR', 'AP'] as const).map((x) => ({ value: x, label: t(`type.${x}`) })),
      kindOptions: (side: TInvoiceType) =>
        INVOICE_KIND_NAMES.filter((k) => (INVOICE_KINDS[k] as readonly string[]).includes(side)).map((k) => ({
          value: k,
          label: kind(k),
        })),
      subTypeOptions: INVOICE_SUB_TYPES.map((s) => ({ value: s, label: subType(s) })),
    };
  }, [t, i18n.language]);
}
