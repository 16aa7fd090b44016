import type { TSopmsTemplate } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { Button } from '../../shared/button';
import { MaintenanceDetail, parseRecordId } from '../../shared/maintenance/maintenance-detail';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { PlainTag } from '../../shared/plain/plain-tag';
import { sopmsApi } from './sopms-api';
import { SopmsForm } from './sopms-form';
import { toFormValues, toRequest } from './sopms-form-values';
import { sopmsEditPath, sopmsListPath, sopmsViewPath } from './sopms-paths';

/** SOPMSDetails/new (create), SOPMSDetails/{tmplib_id} (read-only view), SOPMSEdit/{tmplib_id} (editor). */
export function SopmsDetailRoute({ edit }: { edit: boolean }) {
  const { tmplib_id } = useParams();
  const id = parseRecordId(tmplib_id ?? 'new');
  return <SopmsDetail key={`${edit}-${tmplib_id}`} id={id} edit={edit || id === 'new'} />;
}

export default function SopmsViewPage() {
  return <SopmsDetailRoute edit={false} />;
}

function SopmsDetail({ id, edit }: { id: number | 'new' | null; edit: boolean }) {
  const { t } = useTranslation('sopms');
  const navigate = useNavigate();
  const { hasFunc } = useSession();
  const query = sopmsApi.useOne(typeof id === 'number' ? id : null);
  const create = sopmsApi.useCreate();
  const update = sopmsApi.useUpdate();
  const rec = query.data;
  // Only the owner (or an administrator) with sopms_edit changes a template; the view never does.
  const readOnly = !edit || (id === 'new' ? !hasFunc('sopms_edit') : !rec?.can_edit);
  return (
    <MaintenanceDetail<TSopmsTemplate, ReturnType<typeof toFormValues>, ReturnType<typeof toRequest>>
      id={id}
      testId="sopms"
      listPath={sopmsListPath(rec?.section_code ?? 'AR')}
      pathOf={sopmsViewPath}
      idOf={(r) => r.tmplib_id}
      query={query}
      create={(body) => create.mutateAsync(body)}
      update={(rid, body) => update.mutateAsync({ id: rid, body })}
      saving={create.isPending || update.isPending}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(r) => (r ? t('detailTitle', { name: r.name }) : t('newTemplate'))}
      titleExtra={(r) =>
        r && (
          <>
            <PlainTag>{t('ownerTag', { name: r.owner_name })}</PlainTag>
            {!edit && r.can_edit && (
              <Button
                type="primary"
                onClick={() => navigate(sopmsEditPath(r.tmplib_id))}
                data-testid="sopms-edit"
              >
                {t('edit')}
              </Button>
            )}
          </>
        )
      }
      createdText={(r) => t('created', { name: r.name })}
      savedText={(r) => t('saved', { name: r.name })}
      readOnly={readOnly}
      renderForm={({ form, onValuesChange, disabled }) => (
        <SopmsForm form={form} onValuesChange={onValuesChange} disabled={disabled} />
      )}
      renderHistory={(r, active) => (
        <RecordHistoryTab
          path={sopmsApi.historyPath(r.tmplib_id)}
          active={active}
          fieldLabel={(f) => t(`field.${f}`, { defaultValue: f })}
          formatValue={(_f, v) =>
            v === null || v === undefined || v === '' ? '—' : Array.isArray(v) ? v.join(', ') : String(v)
          }
        />
      )}
    />
  );
}
