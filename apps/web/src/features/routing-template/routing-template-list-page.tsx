import { PlusOutlined } from '@ant-design/icons';
import type { TRoutingTemplate } from '@portal/contracts';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { SearchBar } from '../../shared/list/search-bar';
import { useRoutingTemplateList } from './routing-template-api';
import { useRoutingTemplateColumns } from './routing-template-columns';
import { routingTemplatePath } from './routing-template-paths';

/** /SOPMS/routing_template/search_routing_template: search, sort, page and export routing templates. */
export default function RoutingTemplateListPage() {
  const { t } = useTranslation('routing-template');
  const navigate = useNavigate();
  const { hasFunc } = useSession();
  const list = useRoutingTemplateList();
  const columns = useRoutingTemplateColumns();

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('listTitle')}
      </Typography.Title>
      <SearchBar
        list={list}
        placeholder={t('searchPlaceholder')}
        filters={[]}
        extra={
          hasFunc('create_routing_template') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(routingTemplatePath('new'))}
              data-testid="routing-template-new"
            >
              {t('newTemplate')}
            </Button>
          )
        }
      />
      <DataTable<TRoutingTemplate, never>
        tableId="routing-template.list"
        columns={columns}
        list={list}
        rowKey="routing_template_id"
        onRowOpen={(r) => navigate(routingTemplatePath(r.routing_template_id))}
        toolbar={<ExportButton path="/RoutingTemplate/export" query={list.exportQuery} />}
        data-testid="routing-template-table"
      />
    </Flex>
  );
}
