import type { TCarrier } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MaintenanceDetail, parseRecordId } from '../../shared/maintenance/maintenance-detail';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { CarrierConnectionSection } from '../carrier-link';
import { carrierApi } from './carrier-api';
import { CarrierForm } from './carrier-form';
import { type CarrierFormValues, toFormValues, toRequest } from './carrier-form-values';
import { useCarrierLabels } from './carrier-labels';
import { CARRIER_LIST_PATH, carrierPath } from './carrier-paths';

/** /BMS/carrier_maintenance/:id ('new' creates). Remounts per id so a saved new carrier starts clean. */
export default function CarrierDetailRoute() {
  const { id } = useParams();
  const carrierId = parseRecordId(id);
  return (
    <>
      <CarrierDetail key={id} id={carrierId} />
      {typeof carrierId === 'number' && <CarrierConnectionSection key={id} carrierId={carrierId} />}
    </>
  );
}

function CarrierDetail({ id }: { id: number | 'new' | null }) {
  const { t } = useTranslation('carrier');
  const labels = useCarrierLabels();
  const query = carrierApi.useOne(typeof id === 'number' ? id : null);
  const create = carrierApi.useCreate();
  const update = carrierApi.useUpdate();
  const formatValue = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    if (field === 'status') return labels.status(String(v));
    if (field === 'alliance') return labels.alliance(String(v));
    if (field === 'carrier_type') return labels.type(String(v));
    return String(v);
  };

  return (
    <MaintenanceDetail<TCarrier, CarrierFormValues, ReturnType<typeof toRequest>>
      id={id}
      testId="carrier"
      listPath={CARRIER_LIST_PATH}
      pathOf={carrierPath}
      idOf={(c) => c.id}
      query={query}
      create={(body) => create.mutateAsync(body)}
      update={(cid, body) => update.mutateAsync({ id: cid, body })}
      saving={create.isPending || update.isPending}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(c) => (c ? t('editTitle', { code: c.carrier_code }) : t('newCarrier'))}
      createdText={(c) => t('created', { code: c.carrier_code })}
      savedText={(c) => t('saved', { code: c.carrier_code })}
      renderForm={({ form, onValuesChange, disabled }) => (
        <CarrierForm form={form} onValuesChange={onValuesChange} disabled={disabled} />
      )}
      renderHistory={(c, active) => (
        <RecordHistoryTab
          path={carrierApi.historyPath(c.id)}
          active={active}
          statusLabel={labels.status}
          fieldLabel={labels.field}
          formatValue={formatValue}
        />
      )}
    />
  );
}
