import type { TEmailTemplateRecord } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MaintenanceDetail } from '../../shared/maintenance/maintenance-detail';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { emailTemplateApi } from './email-template-api';
import { EmailTemplateForm } from './email-template-form';
import { type EmailTemplateFormValues, toFormValues, toRequest } from './email-template-form-values';
import { EmailTemplateGate } from './email-template-gate';
import { EMAIL_TEMPLATE_LIST_PATH, emailTemplatePath } from './email-template-paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /BMS/NotificationCenter/search_email_notification/:id ('new' creates one). */
export default function EmailTemplateDetailRoute() {
  const { id } = useParams();
  const key = id === 'new' ? 'new' : id && UUID.test(id) ? id : null;
  return (
    <EmailTemplateGate>
      <EmailTemplateDetail key={id} id={key} />
    </EmailTemplateGate>
  );
}

function EmailTemplateDetail({ id }: { id: string | 'new' | null }) {
  const { t } = useTranslation('emailTemplate');
  const { t: tn } = useTranslation('notification');
  const eventName = (code: string) => tn(`event.${code}`, { defaultValue: code });
  const query = emailTemplateApi.useOne(id !== null && id !== 'new' ? id : null);
  const create = emailTemplateApi.useCreate();
  const update = emailTemplateApi.useUpdate();
  return (
    <MaintenanceDetail<TEmailTemplateRecord, EmailTemplateFormValues, ReturnType<typeof toRequest>, string>
      id={id}
      testId="email-template"
      listPath={EMAIL_TEMPLATE_LIST_PATH}
      pathOf={emailTemplatePath}
      idOf={(r) => r.id}
      query={query}
      create={(body) => create.mutateAsync(body)}
      update={(rid, body) => update.mutateAsync({ id: rid, body })}
      saving={create.isPending || update.isPending}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(r) => (r ? t('editTitle', { code: eventName(r.event_code) }) : t('newTemplate'))}
      createdText={(r) => t('created', { code: eventName(r.event_code) })}
      savedText={(r) => t('saved', { code: eventName(r.event_code) })}
      renderForm={(p) => <EmailTemplateForm {...p} />}
      renderHistory={(r, active) => (
        <RecordHistoryTab
          path={emailTemplateApi.historyPath(r.id)}
          active={active}
          statusLabel={(s) => s}
          fieldLabel={(f) => t(`historyField.${f}`, { defaultValue: f })}
          formatValue={(_f, v) => (v === null || v === undefined || v === '' ? '—' : String(v))}
        />
      )}
    />
  );
}
