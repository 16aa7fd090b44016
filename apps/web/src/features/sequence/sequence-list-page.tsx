import { PlusOutlined } from '@ant-design/icons';
import type { TSequenceRule } from '@portal/contracts';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { SearchBar } from '../../shared/list/search-bar';
import { type SequenceFilter, useSequenceRuleList } from './sequence-api';
import { useSequenceColumns } from './sequence-columns';
import { useSequenceLabels } from './sequence-labels';
import { sequenceRulePath } from './sequence-paths';

/** /BMS/Admin/SEQ/SequenceSearch: search, filter, sort, page and export sequence rules; open or create one. */
export default function SequenceListPage() {
  const { t } = useTranslation('sequence');
  const navigate = useNavigate();
  const list = useSequenceRuleList();
  const columns = useSequenceColumns();
  const labels = useSequenceLabels();

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('listTitle')}
      </Typography.Title>
      <SearchBar
        list={list}
        placeholder={t('searchPlaceholder')}
        filters={[
          { name: 'doc_type', label: t('field.doc_type'), options: labels.docTypeOptions, width: 200 },
          { name: 'reset_period', label: t('field.reset_period'), options: labels.resetOptions, width: 150 },
          { name: 'status', label: t('field.status'), options: labels.statusOptions, width: 130 },
        ]}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(sequenceRulePath('new'))}
            data-testid="sequence-new"
          >
            {t('newRule')}
          </Button>
        }
      />
      <DataTable<TSequenceRule, SequenceFilter>
        tableId="sequence.list"
        columns={columns}
        list={list}
        rowKey="mst_seq_rule_id"
        onRowOpen={(r) => navigate(sequenceRulePath(r.mst_seq_rule_id))}
        toolbar={<ExportButton path="/SequenceRule/export" query={list.exportQuery} />}
        data-testid="sequence-table"
      />
    </Flex>
  );
}
