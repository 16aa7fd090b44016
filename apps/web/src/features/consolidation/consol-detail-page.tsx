import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { isExternalProfile, type TBooking, type TConsolInput, type TConsolidation } from '@portal/contracts';
import { Flex } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { api, download } from '../../shared/api/http';
import { useSession } from '../../shared/auth/use-session';
import { Button } from '../../shared/button';
import { PageLoading } from '../../shared/components/page-loading';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { DocumentFormHeader, useDocumentForm } from '../../shared/form/document-form';
import { DocumentHistory } from '../../shared/history/document-history';
import { errorText } from '../../shared/i18n/error-text';
import { MsgText } from '../../shared/i18n/msg-text';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainTag, type PlainTagColour } from '../../shared/plain/plain-tag';
import { ConsolCarrierPanel } from '../carrier-link';
import { mblNewPath } from '../master-bl';
import { FollowButton, LiveStaleNotice, useLiveDocument } from '../notification';
import {
  autoPlanCall,
  consolHistoryPath,
  useCapacities,
  useConsol,
  useConsolCopy,
  useSaveConsol,
} from './consol-api';
import { ApprovalArea } from './consol-approval-area';
import {
  afterEquipmentChange,
  autoPlanBody,
  type ConsolFormValues,
  type Equipment,
  equipmentFromQuery,
  prefillFromSo,
  sosFromQuery,
  startValues,
  toBody,
} from './consol-form-model';
import { consolColor, useConsolLabels } from './consol-labels';
import { consolCopyPath, consolDetailPath, consolListOf, consolListPath } from './consol-paths';
import { AllocationArea, LoadPlanArea, PlanArea } from './consol-plan-areas';

// The documents and remarks areas (below the plan's form) load after the first paint.
const DocumentPanel = lazy(() =>
  import('../../shared/documents').then((m) => ({ default: m.DocumentPanel })),
);
const ConsolRemarks = lazy(() => import('./consol-remarks').then((m) => ({ default: m.ConsolRemarks })));

/**
 * consolidation_management/new | {consol_no} (and under a list, and _copy): the areas Consol Plan, Consol
 * Approval, Load Plan (containers with fill bars and the auto-plan), Container-PO Allocation, Document
 * Upload and Status History. One Save stores the whole plan; approval steps wait for a saved form. The form
 * model is consol-form-model.ts, the plan's areas consol-plan-areas.tsx.
 */
export default function ConsolDetailPage({ copy = false }: { copy?: boolean }) {
  const { consol_no, search_state } = useParams();
  const list = consolListOf(search_state);
  const isNew = !consol_no || consol_no === 'new' || copy;
  const no = isNew ? null : (consol_no ?? null);
  const location = useLocation();
  const fromSos = useMemo(() => sosFromQuery(location.search), [location.search]);
  // The containers chosen on the pick list (size and number) for the picked SOs.
  const fromEquipment = useMemo(() => equipmentFromQuery(location.search), [location.search]);
  const plan = useConsol(no);
  const copied = useConsolCopy(copy ? (consol_no ?? null) : null);
  const { t } = useTranslation('consolidation');
  if (plan.error)
    return <PlainAlert type="error" title={errorText(t, plan.error)} data-testid="consol-load-error" />;
  if ((no && !plan.data) || (copy && !copied.data)) return <PageLoading />;
  const initial = plan.data ?? (copy ? (copied.data ?? null) : null);
  return (
    <ConsolForm
      key={`${plan.data?.consol_no ?? 'new'}:${plan.data?.version ?? 0}`}
      plan={plan.data ?? null}
      initial={initial}
      fromSos={isNew && !copy ? fromSos : []}
      fromEquipment={isNew && !copy ? fromEquipment : null}
      backTo={consolListPath(list)}
    />
  );
}

function ConsolForm({
  plan,
  initial,
  fromSos,
  fromEquipment,
  backTo,
}: {
  plan: TConsolidation | null;
  initial: TConsolidation | TConsolInput | null;
  fromSos: string[];
  fromEquipment: Equipment | null;
  backTo: string;
}) {
  const { t } = useTranslation('consolidation');
  const labels = useConsolLabels();
  const { message } = useApp();
  const navigate = useNavigate();
  const session = useSession();
  const [form] = Form.useForm<ConsolFormValues>();
  const save = useSaveConsol();
  const capacities = useCapacities();
  const start = useMemo(
    () => startValues(initial, fromSos, fromEquipment),
    [initial, fromSos, fromEquipment],
  );
  const saved = plan && { no: plan.consol_no, version: plan.version };
  const store = (no: string | null, body: TConsolInput) =>
    save.mutateAsync({ no, body }).then((r) => r.consol_no);
  const edit = useDocumentForm({ form, start, toBody, saved, store, t, detailPath: consolDetailPath });
  const { dirty, setDirty, problems } = edit;
  // Another user's action on the plan (the agent approves): re-read it, or keep unsaved input and say so.
  const live = useLiveDocument({ kind: 'consolidation', docCode: plan?.consol_no, isDirty: () => dirty });
  const [autoNote, setAutoNote] = useState<string | null>(null);
  const editable = plan ? plan.editable : session.hasFunc('create_consolidation');

  // A plan started from picked SOs takes its lane, offices and agent from the first SO.
  useEffect(() => {
    if (!fromSos.length) return;
    void api.get<TBooking>(`/Booking/${encodeURIComponent(fromSos[0])}`).then((so) => {
      form.setFieldsValue(prefillFromSo(so));
      setDirty(true);
    });
  }, [fromSos, form, setDirty]);

  // preserve: the containers and allocations are rendered from these values, before their fields register.
  const values = Form.useWatch([], { form, preserve: true }) as ConsolFormValues | undefined;

  const onAutoPlan = async () => {
    const v = form.getFieldsValue(true) as ConsolFormValues;
    try {
      const r = await autoPlanCall(autoPlanBody(v));
      form.setFieldValue(
        'allocations',
        r.allocations.map((a) => ({ ...a })),
      );
      setDirty(true);
      setAutoNote(
        r.unallocated.length
          ? t('autoPlan.left', { n: r.unallocated.length, sos: r.unallocated.map((u) => u.so_no).join(', ') })
          : t('autoPlan.done', { used: r.containers_used }),
      );
    } catch (e) {
      message.error(errorText(t, e));
    }
  };

  return (
    <Form<ConsolFormValues>
      form={form}
      layout="vertical"
      initialValues={start}
      disabled={!editable}
      onValuesChange={(changed) => {
        setDirty(true);
        if ('equipment' in changed)
          form.setFieldsValue(afterEquipmentChange(form.getFieldsValue(true) as ConsolFormValues));
      }}
      data-testid="consol-form"
    >
      <Flex vertical gap={12}>
        <DocumentFormHeader
          testId="consol"
          backTo={backTo}
          title={plan ? plan.consol_no : t('newTitle')}
          status={
            plan && { colour: consolColor(plan.status) as PlainTagColour, text: labels.status(plan.status) }
          }
          tags={
            plan?.amended && (
              <PlainTag colour="orange" data-testid="consol-amended">
                {t('amended')}
              </PlainTag>
            )
          }
          tools={
            <>
              {plan && <FollowButton module="consolidation" docCode={plan.consol_no} />}
              {plan &&
                (plan.status === 'APPROVED' || plan.status === 'CONSOL_ADVICE') &&
                session.hasFunc('master_bl') &&
                !isExternalProfile(session.currentProfile?.profile_type) && (
                  <Button
                    disabled={false}
                    onClick={() => navigate(mblNewPath({ consol_no: plan.consol_no }))}
                    data-testid="consol-create-mbl"
                  >
                    {t('createMbl')}
                  </Button>
                )}
              {plan && (
                <Button
                  icon={<DownloadOutlined />}
                  // A download is no edit: enabled while the plan's form is read-only.
                  disabled={false}
                  onClick={() =>
                    download(`/Consolidation/${encodeURIComponent(plan.consol_no)}/dcsa/booking`).catch((e) =>
                      message.error(errorText(t, e)),
                    )
                  }
                  data-testid="consol-dcsa-booking"
                >
                  {t('dcsaBooking')}
                </Button>
              )}
              {plan && session.hasFunc('create_consolidation') && (
                <Button
                  icon={<CopyOutlined />}
                  disabled={false}
                  onClick={() => navigate(consolCopyPath(plan.consol_no))}
                  data-testid="consol-copy"
                >
                  {t('copy')}
                </Button>
              )}
            </>
          }
          editable={editable}
          edit={edit}
          saving={save.isPending}
          t={t}
          notice={<LiveStaleNotice stale={live.stale} onReload={live.reload} testId="consol-stale" />}
        />
        {problems.length > 0 && (
          <PlainAlert
            type="error"
            data-testid="consol-problems"
            title={problems.map((p) => (
              <div key={`${p.field}:${p.msgKey}`}>
                {labels.field(p.field.split('.')[0])}: <MsgText msgKey={p.msgKey} params={p.params} />
              </div>
            ))}
          />
        )}

        <PlanArea values={values} editable={editable} plan={plan} />

        {plan && <ApprovalArea plan={plan} dirty={dirty} />}

        {plan && <ConsolCarrierPanel consolNo={plan.consol_no} dirty={dirty} />}

        <LoadPlanArea
          values={values}
          editable={editable}
          capacities={capacities.data}
          autoNote={autoNote}
          onAutoPlan={onAutoPlan}
        />

        <AllocationArea values={values} editable={editable} plan={plan} />

        <PlainCard title={t('area.documents')} data-testid="consol-area-documents">
          <Suspense fallback={<PageLoading />}>
            <DocumentPanel
              entityType="consolidation"
              entityId={plan?.consol_no ?? null}
              canEdit={!!plan && plan.status !== 'CANCELLED'}
              requiredTypes={plan ? [plan.required_document_type] : []}
              testId="consol-document"
            />
          </Suspense>
        </PlainCard>

        {plan && (
          <PlainCard title={t('area.remarks')} data-testid="consol-area-remarks">
            <Suspense fallback={<PageLoading />}>
              <ConsolRemarks
                consolNo={plan.consol_no}
                internal={!isExternalProfile(session.currentProfile?.profile_type)}
                planNote={plan.remarks}
              />
            </Suspense>
          </PlainCard>
        )}

        {plan && (
          <PlainCard title={t('area.history')} data-testid="consol-area-history">
            <DocumentHistory
              path={consolHistoryPath(plan.consol_no)}
              testId="consol-history"
              actionLabel={labels.action}
              statusLabel={labels.status}
              fieldLabel={labels.field}
            />
          </PlainCard>
        )}
      </Flex>
    </Form>
  );
}
