import type { TRoutingTemplate } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { MaintenanceDetail, parseRecordId } from '../../shared/maintenance/maintenance-detail';
import { recordValueText, useRecordCalls } from '../../shared/maintenance/record-calls';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { routingTemplateApi } from './routing-template-api';
import { RoutingTemplateForm } from './routing-template-form';
import { toFormValues, toRequest } from './routing-template-form-values';
import { ROUTING_TEMPLATE_LIST_PATH, routingTemplatePath } from './routing-template-paths';

/** routing_template_detail/:id ('new' creates). Remounts per id so a saved new template starts clean. */
export default function RoutingTemplateDetailRoute() {
  const { id } = useParams();
  return <RoutingTemplateDetail key={id ?? 'new'} id={parseRecordId(id ?? 'new')} />;
}

function RoutingTemplateDetail({ id }: { id: number | 'new' | null }) {
  const { t } = useTranslation('routing-template');
  const { hasFunc } = useSession();
  // Viewing needs routing_template; only create_routing_template may change a template.
  const canEdit = hasFunc('create_routing_template');
  const calls = useRecordCalls(routingTemplateApi, id);
  const formatValue = (_field: string, v: unknown) => recordValueText(v, { yes: t('yes'), no: t('no') });

  return (
    <MaintenanceDetail<TRoutingTemplate, ReturnType<typeof toFormValues>, ReturnType<typeof toRequest>>
      id={id}
      testId="routing-template"
      listPath={ROUTING_TEMPLATE_LIST_PATH}
      pathOf={routingTemplatePath}
      idOf={(r) => r.routing_template_id}
      {...calls}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(r) => (r ? t('editTitle', { name: r.name }) : t('newTemplate'))}
      createdText={(r) => t('created', { name: r.name })}
      savedText={(r) => t('saved', { name: r.name })}
      readOnly={!canEdit}
      renderForm={({ form, onValuesChange, disabled }) => (
        <RoutingTemplateForm form={form} onValuesChange={onValuesChange} disabled={disabled} />
      )}
      renderHistory={(r, active) => (
        <RecordHistoryTab
          path={routingTemplateApi.historyPath(r.routing_template_id)}
          active={active}
          fieldLabel={(f) => t(`field.${f.replace('_party_id', '')}`, { defaultValue: f })}
          formatValue={formatValue}
        />
      )}
    />
  );
}
