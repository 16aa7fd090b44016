import type { TWebhookEndpointRecord } from '@portal/contracts';
import { Flex } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MaintenanceDetail } from '../../shared/maintenance/maintenance-detail';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { webhookApi } from './webhook-api';
import { WebhookForm } from './webhook-form';
import { toFormValues, toRequest, type WebhookFormValues } from './webhook-form-values';
import { WEBHOOK_LIST_PATH, webhookPath } from './webhook-paths';

// The delivery log (a paged table, the test button) is below the form of a saved endpoint: it loads after the
// form (issue 20), so the form's first view does not wait for the table's code.
const WebhookDeliveryLog = lazy(() =>
  import('./webhook-delivery-log').then((m) => ({ default: m.WebhookDeliveryLog })),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /BMS/webhook_maintenance/:id ('new' registers one). Remounts per id so a saved new one starts clean. */
export default function WebhookDetailRoute() {
  const { id } = useParams();
  const key = id === 'new' ? 'new' : id && UUID.test(id) ? id : null;
  return <WebhookDetail key={id} id={key} />;
}

function WebhookDetail({ id }: { id: string | 'new' | null }) {
  const { t } = useTranslation('webhook');
  const query = webhookApi.useOne(id !== null && id !== 'new' ? id : null);
  const create = webhookApi.useCreate();
  const update = webhookApi.useUpdate();
  const label = (w: TWebhookEndpointRecord) => `${w.party_code} ${w.url}`;
  return (
    <MaintenanceDetail<TWebhookEndpointRecord, WebhookFormValues, ReturnType<typeof toRequest>, string>
      id={id}
      testId="webhook"
      listPath={WEBHOOK_LIST_PATH}
      pathOf={webhookPath}
      idOf={(w) => w.id}
      query={query}
      create={(body) => create.mutateAsync(body)}
      update={(wid, body) => update.mutateAsync({ id: wid, body })}
      saving={create.isPending || update.isPending}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(w) => (w ? t('editTitle', { party: w.party_code }) : t('newEndpoint'))}
      createdText={(w) => t('created', { name: label(w) })}
      savedText={(w) => t('saved', { name: label(w) })}
      renderForm={(p) => (
        <Flex vertical gap={16}>
          <WebhookForm {...p} />
          {!p.isNew && id && id !== 'new' && (
            <Suspense fallback={null}>
              <WebhookDeliveryLog id={id} />
            </Suspense>
          )}
        </Flex>
      )}
      renderHistory={(w, active) => (
        <RecordHistoryTab
          path={webhookApi.historyPath(w.id)}
          active={active}
          statusLabel={(s) => s}
          fieldLabel={(f) => t(`field.${f}`, { defaultValue: f })}
          formatValue={(_f, v) => (v === null || v === undefined || v === '' ? '—' : String(v))}
        />
      )}
    />
  );
}
