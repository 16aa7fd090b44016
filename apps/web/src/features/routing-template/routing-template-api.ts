import {
  ROUTING_TEMPLATE_SORTABLE,
  type TCreateRoutingTemplateRequest,
  type TRoutingTemplate,
  type TUpdateRoutingTemplateRequest,
} from '@portal/contracts';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** Hooks of /RoutingTemplate: one template, create, update. */
export const routingTemplateApi = recordApi<
  TRoutingTemplate,
  TCreateRoutingTemplateRequest,
  TUpdateRoutingTemplateRequest
>({ path: '/RoutingTemplate', key: 'routing-template', idOf: (r) => r.routing_template_id });

/** The template list has no select filters, only `filters`: the custom filter rules (JSON). */
export type RoutingTemplateFilter = 'filters';

/** The template list with its search, sort and page in the URL. */
export function useRoutingTemplateList() {
  return useListQuery<TRoutingTemplate, RoutingTemplateFilter>({
    queryKey: routingTemplateApi.listKey,
    path: '/RoutingTemplate',
    filters: { filters: null },
    sortable: ROUTING_TEMPLATE_SORTABLE,
  });
}
