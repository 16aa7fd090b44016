import { PlusOutlined } from '@ant-design/icons';
import type { TTradelane } from '@portal/contracts';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { SearchBar } from '../../shared/list/search-bar';
import { useTradelaneList } from './tradelane-api';
import { useTradelaneColumns } from './tradelane-columns';
import { useTradelaneLabels } from './tradelane-labels';
import { tradelanePath } from './tradelane-paths';

/** /BMS/tradelane_maintenance: search, filter, sort, page and export trade lanes; open or create one. */
export default function TradelaneListPage() {
  const { t } = useTranslation('tradelane');
  const navigate = useNavigate();
  const list = useTradelaneList();
  const columns = useTradelaneColumns();
  const labels = useTradelaneLabels();

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('listTitle')}
      </Typography.Title>
      <SearchBar
        list={list}
        placeholder={t('searchPlaceholder')}
        filters={[{ name: 'tradelane_type', label: t('field.tradelane_type'), options: labels.typeOptions }]}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(tradelanePath('new'))}
            data-testid="tradelane-new"
          >
            {t('newTradelane')}
          </Button>
        }
      />
      <DataTable<TTradelane, 'tradelane_type'>
        tableId="tradelane.list"
        columns={columns}
        list={list}
        rowKey="tradelane_id"
        onRowOpen={(l) => navigate(tradelanePath(l.tradelane_id))}
        toolbar={<ExportButton path="/Tradelane/export" query={list.exportQuery} />}
        data-testid="tradelane-table"
      />
    </Flex>
  );
}
