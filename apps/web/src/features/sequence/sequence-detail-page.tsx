import type { TSequenceRuleDetail } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MaintenanceDetail, parseRecordId } from '../../shared/maintenance/maintenance-detail';
import { recordValueText, useRecordCalls } from '../../shared/maintenance/record-calls';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { sequenceApi } from './sequence-api';
import { SequenceForm } from './sequence-form';
import { toFormValues, toRequest } from './sequence-form-values';
import { useSequenceLabels } from './sequence-labels';
import { SEQUENCE_LIST_PATH, sequenceRulePath } from './sequence-paths';

/** /BMS/Admin/SEQ/sequence_rule_details/:id ('new' creates). Remounts per id so a saved new rule starts clean. */
export default function SequenceDetailRoute() {
  const { id } = useParams();
  return <SequenceDetail key={id} id={parseRecordId(id)} />;
}

function SequenceDetail({ id }: { id: number | 'new' | null }) {
  const { t } = useTranslation('sequence');
  const labels = useSequenceLabels();
  const calls = useRecordCalls(sequenceApi, id);
  const name = (r: TSequenceRuleDetail) =>
    `${labels.docType(r.doc_type)} / ${r.office_code ?? t('allOffices')}`;
  const formatValue = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    if (field === 'status') return labels.status(String(v));
    if (field === 'doc_type') return labels.docType(String(v));
    if (field === 'date_format') return labels.dateFormat(String(v));
    if (field === 'reset_period') return labels.reset(String(v));
    if (field === 'include_office') return v ? t('yes') : t('no');
    return recordValueText(v);
  };

  return (
    <MaintenanceDetail<TSequenceRuleDetail, ReturnType<typeof toFormValues>, ReturnType<typeof toRequest>>
      id={id}
      testId="sequence"
      listPath={SEQUENCE_LIST_PATH}
      pathOf={sequenceRulePath}
      idOf={(r) => r.mst_seq_rule_id}
      {...calls}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(r) => (r ? t('editTitle', { name: name(r) }) : t('newRule'))}
      createdText={(r) => t('created', { name: name(r) })}
      savedText={(r) => t('saved', { name: name(r) })}
      renderForm={({ form, onValuesChange, disabled }) => (
        <SequenceForm
          form={form}
          onValuesChange={onValuesChange}
          disabled={disabled}
          record={calls.query.data ?? null}
        />
      )}
      renderHistory={(r, active) => (
        <RecordHistoryTab
          path={sequenceApi.historyPath(r.mst_seq_rule_id)}
          active={active}
          statusLabel={labels.status}
          fieldLabel={labels.field}
          formatValue={formatValue}
        />
      )}
    />
  );
}
