import type { TTradelane } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MaintenanceDetail, parseRecordId } from '../../shared/maintenance/maintenance-detail';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { tradelaneApi } from './tradelane-api';
import { TradelaneForm } from './tradelane-form';
import { toFormValues, toRequest } from './tradelane-form-values';
import { useTradelaneLabels } from './tradelane-labels';
import { TRADELANE_LIST_PATH, tradelanePath } from './tradelane-paths';

/** /BMS/tradelane_maintenance/:tradelane_id ('new' creates). Remounts per id so a saved new one starts clean. */
export default function TradelaneDetailRoute() {
  const { tradelane_id } = useParams();
  return <TradelaneDetail key={tradelane_id} id={parseRecordId(tradelane_id)} />;
}

function TradelaneDetail({ id }: { id: number | 'new' | null }) {
  const { t } = useTranslation('tradelane');
  const labels = useTradelaneLabels();
  const query = tradelaneApi.useOne(typeof id === 'number' ? id : null);
  const create = tradelaneApi.useCreate();
  const update = tradelaneApi.useUpdate();
  const formatValue = (f: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    if (f === 'tradelane_type') return labels.type(String(v));
    if (f === 'customer_type') return labels.customerType(String(v));
    return String(v);
  };
  return (
    <MaintenanceDetail<TTradelane, ReturnType<typeof toFormValues>, ReturnType<typeof toRequest>>
      id={id}
      testId="tradelane"
      listPath={TRADELANE_LIST_PATH}
      pathOf={tradelanePath}
      idOf={(l) => l.tradelane_id}
      query={query}
      create={(body) => create.mutateAsync(body)}
      update={(lid, body) => update.mutateAsync({ id: lid, body })}
      saving={create.isPending || update.isPending}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(l) => (l ? t('editTitle', { id: l.tradelane_id, name: l.tradelane_name }) : t('newTradelane'))}
      createdText={(l) => t('created', { name: l.tradelane_name })}
      savedText={(l) => t('saved', { name: l.tradelane_name })}
      renderForm={(p) => <TradelaneForm {...p} />}
      renderHistory={(l, active) => (
        <RecordHistoryTab
          path={tradelaneApi.historyPath(l.tradelane_id)}
          active={active}
          fieldLabel={labels.field}
          formatValue={formatValue}
        />
      )}
    />
  );
}
