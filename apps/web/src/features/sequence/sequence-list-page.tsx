import type { TSequenceRule } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListScreen } from '../../shared/list/list-screen';
import { type SequenceFilter, useSequenceRuleList } from './sequence-api';
import { useSequenceColumns } from './sequence-columns';
import { useSequenceLabels } from './sequence-labels';
import { SEQUENCE_LIST_PATH, sequenceRulePath } from './sequence-paths';

/** /BMS/Admin/SEQ/SequenceSearch: search, filter, sort, page and export sequence rules; open or create one. */
export default function SequenceListPage() {
  const { t } = useTranslation('sequence');
  const navigate = useNavigate();
  const list = useSequenceRuleList();
  const columns = useSequenceColumns();
  const labels = useSequenceLabels();

  return (
    <ListScreen<TSequenceRule, SequenceFilter>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="mst_seq_rule_id"
      onRowOpen={(r) => navigate(sequenceRulePath(r.mst_seq_rule_id))}
      tableId="sequence.list"
      viewsUrl={SEQUENCE_LIST_PATH}
      exportPath="/SequenceRule/export"
      filters={[
        { name: 'doc_type', label: t('field.doc_type'), options: labels.docTypeOptions, width: 200 },
        { name: 'reset_period', label: t('field.reset_period'), options: labels.resetOptions, width: 150 },
        { name: 'status', label: t('field.status'), options: labels.statusOptions, width: 130 },
      ]}
      customFilterFields={labels.customFilterFields}
      create={{
        label: t('newRule'),
        onClick: () => navigate(sequenceRulePath('new')),
        testId: 'sequence-new',
      }}
      data-testid="sequence-table"
    />
  );
}
