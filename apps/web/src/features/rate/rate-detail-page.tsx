import type { TRate } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MaintenanceDetail } from '../../shared/maintenance/maintenance-detail';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { rateApi } from './rate-api';
import { RateForm } from './rate-form';
import { type RateFormValues, toFormValues, toRequest } from './rate-form-values';
import { RATE_LIST_PATH, ratePath } from './rate-paths';

/** /BMS/rate_maintenance/:source_key ('new' creates). Remounts per key. */
export default function RateDetailRoute() {
  const { sourceKey } = useParams();
  return <RateDetail key={sourceKey} sourceKey={sourceKey || null} />;
}

function RateDetail({ sourceKey }: { sourceKey: string | null }) {
  const { t } = useTranslation('rate');
  const query = rateApi.useOne(sourceKey && sourceKey !== 'new' ? sourceKey : null);
  const create = rateApi.useCreate();
  const update = rateApi.useUpdate();

  return (
    <MaintenanceDetail<TRate, RateFormValues, ReturnType<typeof toRequest>, string>
      id={sourceKey}
      testId="rate"
      listPath={RATE_LIST_PATH}
      pathOf={ratePath}
      idOf={(r) => r.source_key}
      query={query}
      create={(body) => create.mutateAsync(body)}
      // The source key is fixed after creation: it is the record's key, not an edited field.
      update={(key, { source_key: _, ...body }) => update.mutateAsync({ id: key, body })}
      saving={create.isPending || update.isPending}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(r) => (r ? t('editTitle', { key: r.source_key }) : t('newRate'))}
      createdText={(r) => t('created', { key: r.source_key })}
      savedText={(r) => t('saved', { key: r.source_key })}
      renderForm={(p) => <RateForm {...p} />}
      renderHistory={(r, active) => (
        <RecordHistoryTab
          path={rateApi.historyPath(r.source_key)}
          active={active}
          statusLabel={(s) => t(`status.${s}`, { defaultValue: s })}
          fieldLabel={(f) => t(`field.${f}`, { defaultValue: f })}
          formatValue={(_f, v) => (v === null || v === undefined || v === '' ? '—' : String(v))}
        />
      )}
    />
  );
}
