import type { TRoutingTemplate } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { ListScreen } from '../../shared/list/list-screen';
import { type RoutingTemplateFilter, useRoutingTemplateList } from './routing-template-api';
import { useRoutingTemplateColumns } from './routing-template-columns';
import { useRoutingTemplateLabels } from './routing-template-labels';
import { ROUTING_TEMPLATE_LIST_PATH, routingTemplatePath } from './routing-template-paths';

/** /SOPMS/routing_template/search_routing_template: search, filter, sort, page and export routing templates. */
export default function RoutingTemplateListPage() {
  const { t } = useTranslation('routing-template');
  const navigate = useNavigate();
  const { hasFunc } = useSession();
  const list = useRoutingTemplateList();
  const columns = useRoutingTemplateColumns();
  const labels = useRoutingTemplateLabels();

  return (
    <ListScreen<TRoutingTemplate, RoutingTemplateFilter>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="routing_template_id"
      onRowOpen={(r) => navigate(routingTemplatePath(r.routing_template_id))}
      tableId="routing-template.list"
      viewsUrl={ROUTING_TEMPLATE_LIST_PATH}
      exportPath="/RoutingTemplate/export"
      customFilterFields={labels.customFilterFields}
      create={
        hasFunc('create_routing_template')
          ? {
              label: t('newTemplate'),
              onClick: () => navigate(routingTemplatePath('new')),
              testId: 'routing-template-new',
            }
          : undefined
      }
      data-testid="routing-template-table"
    />
  );
}
