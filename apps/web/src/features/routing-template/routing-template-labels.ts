import { ROUTING_TEMPLATE_FILTER_FIELDS } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';

/** Translated labels of a routing template's fields and its custom filter fields. */
export function useRoutingTemplateLabels() {
  const { t } = useTranslation('routing-template');
  const field = (f: string) => t(`field.${f}`, { defaultValue: f });
  return {
    field,
    // The server's whitelist (ROUTING_TEMPLATE_FILTER_FIELDS) with labels; ports are picked with SearchSelect.
    customFilterFields: customFilterFieldsOf(ROUTING_TEMPLATE_FILTER_FIELDS, field, {
      pod: { fetchOptionKey: 'port' },
      pld: { fetchOptionKey: 'port' },
      fd: { fetchOptionKey: 'port' },
    }),
  };
}
