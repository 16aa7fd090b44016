import type { TRoutingTemplate } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { routingTemplatePath } from './routing-template-paths';

/** The routing template list's columns (002 §3 Routing template plus last update). */
export function useRoutingTemplateColumns(): DataTableColumn<TRoutingTemplate>[] {
  const { t, i18n } = useTranslation('routing-template');
  const yn = (v: boolean) => (v ? t('yes') : t('no'));
  const port = (code: string | null, name: string | null) =>
    code ? `${code}${name ? ` - ${name}` : ''}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(
    () => [
      {
        key: 'name',
        title: t('field.name'),
        sortable: true,
        alwaysVisible: true,
        width: 220,
        render: (_, r) => (
          <Link
            to={routingTemplatePath(r.routing_template_id)}
            data-testid={`routing-template-link-${r.routing_template_id}`}
          >
            {r.name}
          </Link>
        ),
      },
      {
        key: 'customer_name',
        title: t('field.customer'),
        width: 220,
        render: (_, r) => r.customer_name ?? t('anyCustomer'),
      },
      { key: 'consignee_name', title: t('field.consignee'), width: 220 },
      {
        key: 'pod',
        title: t('field.pod'),
        sortable: true,
        width: 170,
        render: (_, r) => port(r.pod, r.pod_name),
      },
      {
        key: 'pld',
        title: t('field.pld'),
        sortable: true,
        width: 170,
        render: (_, r) => port(r.pld, r.pld_name),
      },
      {
        key: 'fd',
        title: t('field.fd'),
        sortable: true,
        width: 170,
        render: (_, r) => port(r.fd, r.fd_name),
      },
      { key: 'effective_from', title: t('field.effective_from'), sortable: true, width: 120 },
      { key: 'effective_to', title: t('field.effective_to'), sortable: true, width: 120 },
      {
        key: 'can_overwrite',
        title: t('field.can_overwrite'),
        width: 120,
        render: (_, r) => yn(r.can_overwrite),
      },
      {
        key: 'eta_validation',
        title: t('field.eta_validation'),
        width: 150,
        render: (_, r) => yn(r.eta_validation),
      },
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
}
