import type { TWarehouse } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MaintenanceDetail, parseRecordId } from '../../shared/maintenance/maintenance-detail';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { warehouseApi } from './warehouse-api';
import { WarehouseAttachment } from './warehouse-attachment';
import { WarehouseForm } from './warehouse-form';
import { toFormValues, toRequest } from './warehouse-form-values';
import { useWarehouseLabels } from './warehouse-labels';
import { WAREHOUSE_LIST_PATH, warehousePath } from './warehouse-paths';

/** /BMS/warehouse_maintenance/:party_code_id ('new' creates). Remounts per id so a saved new one starts clean. */
export default function WarehouseDetailRoute() {
  const { party_code_id } = useParams();
  return <WarehouseDetail key={party_code_id} id={parseRecordId(party_code_id)} />;
}

function WarehouseDetail({ id }: { id: number | 'new' | null }) {
  const { t } = useTranslation('warehouse');
  const labels = useWarehouseLabels();
  const query = warehouseApi.useOne(typeof id === 'number' ? id : null);
  const create = warehouseApi.useCreate();
  const update = warehouseApi.useUpdate();
  return (
    <MaintenanceDetail<TWarehouse, ReturnType<typeof toFormValues>, ReturnType<typeof toRequest>>
      id={id}
      testId="warehouse"
      listPath={WAREHOUSE_LIST_PATH}
      pathOf={warehousePath}
      idOf={(w) => w.party_code_id}
      query={query}
      create={(body) => create.mutateAsync(body)}
      update={(pid, body) => update.mutateAsync({ id: pid, body })}
      saving={create.isPending || update.isPending}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(w) => (w ? t('editTitle', { code: w.warehouse_code }) : t('newWarehouse'))}
      createdText={(w) => t('created', { code: w.warehouse_code })}
      savedText={(w) => t('saved', { code: w.warehouse_code })}
      renderForm={(p) => (
        <>
          <WarehouseForm {...p} />
          <WarehouseAttachment id={typeof id === 'number' ? id : null} />
        </>
      )}
      renderHistory={(w, active) => (
        <RecordHistoryTab
          path={warehouseApi.historyPath(w.party_code_id)}
          active={active}
          statusLabel={labels.status}
          fieldLabel={labels.field}
          formatValue={(f, v) =>
            v === null || v === undefined || v === ''
              ? '—'
              : f === 'status'
                ? labels.status(String(v))
                : String(v)
          }
        />
      )}
    />
  );
}
