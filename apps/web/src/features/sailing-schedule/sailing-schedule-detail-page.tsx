import type { TSailingSchedule } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MaintenanceDetail, parseRecordId } from '../../shared/maintenance/maintenance-detail';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { PlainTag } from '../../shared/plain/plain-tag';
import { sailingApi, signalSailingSaved, useSailingCrossTab } from './sailing-schedule-api';
import { SailingForm } from './sailing-schedule-form';
import { type SailingFormValues, toFormValues, toRequest } from './sailing-schedule-form-values';
import { useSailingLabels } from './sailing-schedule-labels';
import { SAILING_LIST_PATH, sailingPath } from './sailing-schedule-paths';

/** /BMS/sailing_schedule_maintenance/:sailing_schedule_id ('new' creates). Remounts per id. */
export default function SailingDetailRoute() {
  const { id } = useParams();
  return <SailingDetail key={id} id={parseRecordId(id)} />;
}

const sailingName = (s: Pick<TSailingSchedule, 'vessel_name' | 'voyage'>) => `${s.vessel_name} ${s.voyage}`;

function SailingDetail({ id }: { id: number | 'new' | null }) {
  const { t } = useTranslation('sailing-schedule');
  const labels = useSailingLabels();
  const query = sailingApi.useOne(typeof id === 'number' ? id : null);
  const create = sailingApi.useCreate();
  const update = sailingApi.useUpdate();
  useSailingCrossTab();
  const formatValue = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    if (field === 'status') return labels.status(String(v));
    if (typeof v === 'boolean') return labels.yesNo(v);
    return String(v).replace(/^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/, '$1 $2');
  };

  return (
    <MaintenanceDetail<TSailingSchedule, SailingFormValues, ReturnType<typeof toRequest>>
      id={id}
      testId="sailing"
      listPath={SAILING_LIST_PATH}
      pathOf={sailingPath}
      idOf={(s) => s.sailing_schedule_id}
      query={query}
      create={(body) => create.mutateAsync(body).then(signalSailingSaved)}
      update={(sid, body) => update.mutateAsync({ id: sid, body }).then(signalSailingSaved)}
      saving={create.isPending || update.isPending}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(s) => (s ? t('editTitle', { name: sailingName(s) }) : t('newSailing'))}
      titleExtra={(s) => s?.is_tbc && <PlainTag colour="orange">{t('tbc')}</PlainTag>}
      createdText={(s) => t('created', { name: sailingName(s) })}
      savedText={(s) => t('saved', { name: sailingName(s) })}
      renderForm={({ form, onValuesChange, disabled }) => (
        <SailingForm form={form} onValuesChange={onValuesChange} disabled={disabled} />
      )}
      renderHistory={(s, active) => (
        <RecordHistoryTab
          path={sailingApi.historyPath(s.sailing_schedule_id)}
          active={active}
          statusLabel={labels.status}
          fieldLabel={labels.field}
          formatValue={formatValue}
        />
      )}
    />
  );
}
