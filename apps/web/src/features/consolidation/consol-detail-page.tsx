import {
  ArrowLeftOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  CONSOL_SIZE_TYPES,
  CONSOL_TYPES,
  CONTAINER_OWNERSHIPS,
  isExternalProfile,
  type TBooking,
  type TConsolInput,
  type TConsolidation,
  type TFieldError,
} from '@portal/contracts';
import { Flex } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api, download } from '../../shared/api/http';
import { useSession } from '../../shared/auth/use-session';
import { Button } from '../../shared/button';
import { PageLoading } from '../../shared/components/page-loading';
import { useApp } from '../../shared/feedback';
import { applyServerErrors, Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { StatusHistory } from '../../shared/history/lazy-status-history';
import { useStatusHistory } from '../../shared/history/use-status-history';
import { errorText } from '../../shared/i18n/error-text';
import { MsgText } from '../../shared/i18n/msg-text';
import { ChoiceField } from '../../shared/plain/form-fields';
import { NumberField } from '../../shared/plain/form-number-field';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainTag, type PlainTagColour } from '../../shared/plain/plain-tag';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { SearchSelect } from '../../shared/search-select/search-select';
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
import { NumberChoiceSelect } from './consol-controls';
import { ContainerFill } from './consol-fill';
import { consolColor, useConsolLabels } from './consol-labels';
import { consolCopyPath, consolDetailPath, consolListOf, consolListPath } from './consol-paths';

// The documents and remarks areas (below the plan's form) load after the first paint.
const DocumentPanel = lazy(() =>
  import('../../shared/documents').then((m) => ({ default: m.DocumentPanel })),
);
const ConsolRemarks = lazy(() => import('./consol-remarks').then((m) => ({ default: m.ConsolRemarks })));

type Equipment = { size_type: string; qty: number };
type Container = {
  seq: number;
  size_type: string;
  container_no?: string | null;
  seal_no?: string | null;
  ownership?: string | null;
  carrier_booking_no?: string | null;
  vgm_kg?: string | null;
  actual_kg?: string | null;
  cy_gate_in_at?: string | null;
  cfs_received_at?: string | null;
};
type Allocation = {
  so_no: string;
  container_seq: number;
  package_qty: number;
  cbm: string;
  kg: string;
  loading_seq?: number | null;
};
export interface ConsolFormValues {
  consol_type?: string;
  customer_party_id?: string | null;
  contact_office?: string;
  handling_office?: string;
  hbl_office?: string | null;
  pol?: string;
  pod?: string;
  etd?: string | null;
  reference?: string | null;
  agent_ref?: string | null;
  remarks?: string | null;
  equipment: Equipment[];
  so_nos: string[];
  containers: Container[];
  allocations: Allocation[];
}

const blank = (v: string | null | undefined) => (v === undefined || v === '' ? null : v);

/** The form's picture of a plan (or of a copy's prefill). */
function toForm(p: TConsolidation | TConsolInput | null): ConsolFormValues {
  if (!p)
    return {
      consol_type: 'AGENT',
      equipment: [{ size_type: '40HQ', qty: 1 }],
      so_nos: [],
      containers: [],
      allocations: [],
    };
  return {
    consol_type: p.consol_type,
    customer_party_id: p.customer_party_id ? String(p.customer_party_id) : null,
    contact_office: p.contact_office,
    handling_office: p.handling_office,
    hbl_office: p.hbl_office ?? null,
    pol: p.pol,
    pod: p.pod,
    etd: p.etd ?? null,
    reference: p.reference ?? null,
    agent_ref: p.agent_ref ?? null,
    remarks: p.remarks ?? null,
    equipment: (p.equipment ?? []).map((e) => ({ size_type: e.size_type, qty: e.qty })),
    so_nos: 'sos' in p ? p.sos.map((s) => s.so_no) : (p.so_nos ?? []),
    containers: ((p.containers ?? []) as Container[]).map((c) => ({
      seq: c.seq,
      size_type: c.size_type,
      container_no: c.container_no ?? null,
      seal_no: c.seal_no ?? null,
      ownership: c.ownership ?? 'COC',
      carrier_booking_no: c.carrier_booking_no ?? null,
      vgm_kg: c.vgm_kg ?? null,
      actual_kg: c.actual_kg ?? null,
      cy_gate_in_at: c.cy_gate_in_at ?? null,
      cfs_received_at: c.cfs_received_at ?? null,
    })),
    allocations: ((p.allocations ?? []) as Allocation[]).map((a) => ({
      so_no: a.so_no,
      container_seq: a.container_seq,
      package_qty: a.package_qty,
      cbm: String(a.cbm),
      kg: String(a.kg),
      loading_seq: a.loading_seq ?? null,
    })),
  };
}

/** The body of a save from the form. */
function toBody(v: ConsolFormValues): TConsolInput {
  return {
    consol_type: v.consol_type as TConsolInput['consol_type'],
    customer_party_id: v.customer_party_id ? Number(v.customer_party_id) : null,
    contact_office: v.contact_office ?? '',
    handling_office: v.handling_office ?? '',
    hbl_office: blank(v.hbl_office),
    pol: v.pol ?? '',
    pod: v.pod ?? '',
    etd: blank(v.etd),
    reference: blank(v.reference),
    agent_ref: blank(v.agent_ref),
    remarks: blank(v.remarks),
    equipment: (v.equipment ?? []) as TConsolInput['equipment'],
    so_nos: (v.so_nos ?? []).map((s) => s.trim()).filter(Boolean),
    containers: (v.containers ?? []).map((c) => ({
      ...c,
      size_type: c.size_type as TConsolInput['equipment'][number]['size_type'],
      ownership: (c.ownership ?? 'COC') as 'COC' | 'SOC',
      container_no: blank(c.container_no),
      seal_no: blank(c.seal_no),
      carrier_booking_no: blank(c.carrier_booking_no),
      vgm_kg: blank(c.vgm_kg),
      actual_kg: blank(c.actual_kg),
      cy_gate_in_at: blank(c.cy_gate_in_at),
      cfs_received_at: blank(c.cfs_received_at),
    })),
    allocations: (v.allocations ?? []).map((a) => ({ ...a, loading_seq: a.loading_seq ?? null })),
  };
}

/** Containers for the sizes and quantities ordered: existing ones kept in order, new ones numbered on. */
export function syncContainers(equipment: Equipment[], containers: Container[]): Container[] {
  const out: Container[] = [];
  let next = Math.max(0, ...containers.map((c) => c.seq)) + 1;
  for (const e of equipment) {
    if (!e?.size_type) continue;
    const have = containers.filter((c) => c.size_type === e.size_type && !out.includes(c));
    const keep = have.slice(0, Math.max(0, e.qty || 0));
    out.push(...keep);
    for (let i = keep.length; i < (e.qty || 0); i++)
      out.push({ seq: next++, size_type: e.size_type, ownership: 'COC' });
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/**
 * consolidation_management/new | {consol_no} (and under a list, and _copy): the areas Consol Plan, Consol
 * Approval, Load Plan (containers with fill bars and the auto-plan), Container-PO Allocation, Document
 * Upload and Status History. One Save stores the whole plan; approval steps wait for a saved form.
 */
export default function ConsolDetailPage({ copy = false }: { copy?: boolean }) {
  const { consol_no, search_state } = useParams();
  const list = consolListOf(search_state);
  const isNew = !consol_no || consol_no === 'new' || copy;
  const no = isNew ? null : (consol_no ?? null);
  const location = useLocation();
  const fromSos = useMemo(
    () =>
      (new URLSearchParams(location.search).get('so_nos') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    [location.search],
  );
  // The containers chosen on the pick list (size and number) for the picked SOs.
  const fromEquipment = useMemo((): Equipment | null => {
    const q = new URLSearchParams(location.search);
    const size = q.get('size') ?? '';
    const qty = Number(q.get('qty'));
    return (CONSOL_SIZE_TYPES as readonly string[]).includes(size) &&
      Number.isInteger(qty) &&
      qty >= 1 &&
      qty <= 50
      ? { size_type: size, qty }
      : null;
  }, [location.search]);
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
  const [dirty, setDirty] = useState(false);
  // Another user's action on the plan (the agent approves): re-read it, or keep unsaved input and say so.
  const live = useLiveDocument({ kind: 'consolidation', docCode: plan?.consol_no, isDirty: () => dirty });
  const [problems, setProblems] = useState<TFieldError[]>([]);
  const [autoNote, setAutoNote] = useState<string | null>(null);
  const editable = plan ? plan.editable : session.hasFunc('create_consolidation');
  const start = useMemo(() => {
    const v = toForm(initial);
    if (fromSos.length) v.so_nos = fromSos;
    if (fromEquipment) v.equipment = [fromEquipment];
    if (!v.containers.length) v.containers = syncContainers(v.equipment, []);
    return v;
  }, [initial, fromSos, fromEquipment]);

  // A plan started from picked SOs takes its lane, offices and agent from the first SO.
  useEffect(() => {
    if (!fromSos.length) return;
    void api.get<TBooking>(`/Booking/${encodeURIComponent(fromSos[0])}`).then((so) => {
      form.setFieldsValue({
        pol: so.pol,
        pod: so.pod,
        contact_office: so.handling_office,
        handling_office: so.handling_office,
        customer_party_id: so.nomination_agent_id
          ? String(so.nomination_agent_id)
          : so.release_agent_id
            ? String(so.release_agent_id)
            : null,
      });
      setDirty(true);
    });
  }, [fromSos, form]);

  // preserve: the containers and allocations are rendered from these values, before their fields register.
  const values = Form.useWatch([], { form, preserve: true }) as ConsolFormValues | undefined;
  const capOf = new Map((capacities.data ?? []).map((c) => [c.size_type, c]));

  const onSave = async () => {
    setProblems([]);
    try {
      const v = await form.validateFields();
      const body = toBody({ ...start, ...v });
      const saved = await save.mutateAsync({
        no: plan?.consol_no ?? null,
        body: plan ? { ...body, version: plan.version } : body,
      });
      message.success(t('saved', { no: saved.consol_no }));
      setDirty(false);
      if (!plan) navigate(consolDetailPath(saved.consol_no), { replace: true });
    } catch (e) {
      if (!(e instanceof Error) || !('status' in e)) return;
      const left = applyServerErrors(form, e, t as never);
      setProblems(left.length ? left : []);
      if (!left.length) message.error(errorText(t, e));
      else message.error(errorText(t, e));
    }
  };

  const onAutoPlan = async () => {
    const v = form.getFieldsValue(true) as ConsolFormValues;
    try {
      const r = await autoPlanCall({
        so_nos: v.so_nos.filter(Boolean),
        equipment: v.equipment,
        containers: v.containers.map((c) => ({ seq: c.seq, size_type: c.size_type })),
      });
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

  const sizeOptions = CONSOL_SIZE_TYPES.map((s) => ({ value: s, label: s }));
  const soOptions = (values?.so_nos ?? []).filter(Boolean).map((s) => ({ value: s, label: s }));
  const boxOptions = (values?.containers ?? []).map((c) => ({
    value: c.seq,
    label: `#${c.seq} ${c.size_type}${c.container_no ? ` ${c.container_no}` : ''}`,
  }));
  const poOf = new Map((plan?.sos ?? []).map((s) => [s.so_no, s.po_no]));

  return (
    <Form<ConsolFormValues>
      form={form}
      layout="vertical"
      initialValues={start}
      disabled={!editable}
      onValuesChange={(changed) => {
        setDirty(true);
        if ('equipment' in changed) {
          const v = form.getFieldsValue(true) as ConsolFormValues;
          const boxes = syncContainers(v.equipment ?? [], v.containers ?? []);
          const seqs = new Set(boxes.map((b) => b.seq));
          form.setFieldsValue({
            containers: boxes,
            allocations: (v.allocations ?? []).filter((a) => seqs.has(a.container_seq)),
          });
        }
      }}
      data-testid="consol-form"
    >
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Flex gap={8} align="center">
            <Link to={backTo} data-testid="consol-back">
              <ArrowLeftOutlined /> {t('backToList')}
            </Link>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="consol-title">
              {plan ? plan.consol_no : t('newTitle')}
            </Typography.Title>
            {plan && (
              <PlainTag colour={consolColor(plan.status) as PlainTagColour} data-testid="consol-status">
                {labels.status(plan.status)}
              </PlainTag>
            )}
            {plan?.amended && (
              <PlainTag colour="orange" data-testid="consol-amended">
                {t('amended')}
              </PlainTag>
            )}
          </Flex>
          <Flex gap={8} align="center">
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
            {editable && dirty && (
              <Button
                disabled={false}
                onClick={() => {
                  form.resetFields();
                  setDirty(false);
                  setProblems([]);
                }}
                data-testid="consol-cancel-edit"
              >
                {t('cancelEdit')}
              </Button>
            )}
            {editable && (
              <Button type="primary" onClick={onSave} loading={save.isPending} data-testid="consol-save">
                {t('save')}
              </Button>
            )}
          </Flex>
        </Flex>
        <LiveStaleNotice stale={live.stale} onReload={live.reload} testId="consol-stale" />
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

        <PlainCard title={t('area.plan')} data-testid="consol-area-plan">
          <Flex wrap gap={12}>
            <Form.Item
              name="consol_type"
              label={labels.field('consol_type')}
              rules={[requiredMsgRule()]}
              style={{ width: 180 }}
            >
              <ChoiceField
                options={CONSOL_TYPES.map((v) => ({ value: v, label: labels.type(v) }))}
                data-testid="consol-field-consol_type"
              />
            </Form.Item>
            <Form.Item
              name="customer_party_id"
              label={labels.field('customer_party_id')}
              style={{ width: 280 }}
            >
              <SearchSelect fetchOptionKey="party" allowClear data-testid="consol-field-customer_party_id" />
            </Form.Item>
            {(['contact_office', 'handling_office', 'hbl_office'] as const).map((f) => (
              <Form.Item
                key={f}
                name={f}
                label={labels.field(f)}
                rules={f === 'hbl_office' ? [] : [requiredMsgRule()]}
                style={{ width: 160 }}
              >
                <SearchSelect fetchOptionKey="office" allowClear data-testid={`consol-field-${f}`} />
              </Form.Item>
            ))}
            {(['pol', 'pod'] as const).map((f) => (
              <Form.Item
                key={f}
                name={f}
                label={labels.field(f)}
                rules={[requiredMsgRule()]}
                style={{ width: 200 }}
              >
                <SearchSelect fetchOptionKey="port" allowClear data-testid={`consol-field-${f}`} />
              </Form.Item>
            ))}
            <Form.Item name="etd" label={labels.field('etd')} style={{ width: 160 }}>
              <PlainTextInput type="date" data-testid="consol-field-etd" />
            </Form.Item>
            <Form.Item name="reference" label={labels.field('reference')} style={{ width: 180 }}>
              <PlainTextInput maxLength={60} data-testid="consol-field-reference" />
            </Form.Item>
            <Form.Item name="agent_ref" label={labels.field('agent_ref')} style={{ width: 180 }}>
              <PlainTextInput maxLength={60} data-testid="consol-field-agent_ref" />
            </Form.Item>
          </Flex>
          <Typography.Text strong>{labels.field('equipment')}</Typography.Text>
          <Form.List name="equipment">
            {(fields, { add, remove }) => (
              <Flex vertical gap={4} data-testid="consol-equipment">
                {fields.map((f) => (
                  <Flex key={f.key} align="start" gap={8}>
                    <Form.Item name={[f.name, 'size_type']} rules={[requiredMsgRule()]}>
                      <ChoiceField
                        options={sizeOptions}
                        style={{ width: 120 }}
                        aria-label={labels.field('size_type')}
                        data-testid={`consol-equipment-size-${f.name}`}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'qty']} rules={[requiredMsgRule()]}>
                      <NumberField
                        min={1}
                        max={50}
                        style={{ width: 90 }}
                        aria-label={labels.field('qty')}
                        data-testid={`consol-equipment-qty-${f.name}`}
                      />
                    </Form.Item>
                    {editable && (
                      <Button
                        icon={<DeleteOutlined />}
                        onClick={() => remove(f.name)}
                        aria-label={t('remove')}
                        data-testid={`consol-equipment-remove-${f.name}`}
                      />
                    )}
                  </Flex>
                ))}
                {editable && (
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ size_type: '40HQ', qty: 1 })}
                    style={{ width: 160 }}
                    data-testid="consol-equipment-add"
                  >
                    {t('addSize')}
                  </Button>
                )}
              </Flex>
            )}
          </Form.List>
          <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
            {labels.field('so_nos')}
          </Typography.Text>
          <Form.List name="so_nos">
            {(fields, { add, remove }) => (
              <Flex vertical gap={4} data-testid="consol-sos">
                {fields.map((f) => {
                  const soNo = values?.so_nos?.[f.name];
                  const so = plan?.sos.find((s) => s.so_no === soNo);
                  return (
                    <Flex key={f.key} align="start" wrap gap={8}>
                      <Form.Item name={f.name} rules={[requiredMsgRule()]}>
                        <PlainTextInput
                          style={{ width: 180 }}
                          aria-label={labels.field('so_no')}
                          data-testid={`consol-so-${f.name}`}
                        />
                      </Form.Item>
                      {so && (
                        <Typography.Text type="secondary" data-testid={`consol-so-cargo-${so.so_no}`}>
                          {t('soCargo', {
                            pk: so.package_qty,
                            cbm: so.cbm,
                            kg: so.kg,
                            apk: so.allocated_package_qty,
                            acbm: so.allocated_cbm,
                            akg: so.allocated_kg,
                          })}
                          {so.po_no ? ` · PO ${so.po_no}` : ''}
                        </Typography.Text>
                      )}
                      {so?.amended_changes && (
                        <PlainTag colour="orange" data-testid={`consol-so-amended-${so.so_no}`}>
                          {t('amendedFields', { fields: Object.keys(so.amended_changes).join(', ') })}
                        </PlainTag>
                      )}
                      {editable && (
                        <Button
                          icon={<DeleteOutlined />}
                          onClick={() => remove(f.name)}
                          aria-label={t('remove')}
                          data-testid={`consol-so-remove-${f.name}`}
                        />
                      )}
                    </Flex>
                  );
                })}
                {editable && (
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add('')}
                    style={{ width: 160 }}
                    data-testid="consol-so-add"
                  >
                    {t('addSo')}
                  </Button>
                )}
              </Flex>
            )}
          </Form.List>
        </PlainCard>

        {plan && <ApprovalArea plan={plan} dirty={dirty} />}

        <PlainCard
          title={t('area.loadPlan')}
          data-testid="consol-area-load-plan"
          extra={
            editable && (
              <Button icon={<ThunderboltOutlined />} onClick={onAutoPlan} data-testid="consol-auto-plan">
                {t('autoPlan.button')}
              </Button>
            )
          }
        >
          {autoNote && (
            <div style={{ marginBottom: 8 }}>
              <PlainAlert type="info" title={autoNote} data-testid="consol-auto-plan-note" />
            </div>
          )}
          <Form.List name="containers">
            {(fields) => (
              <Flex vertical gap={8}>
                {fields.map((f) => {
                  const c = values?.containers?.[f.name];
                  if (!c) return null;
                  const used = (values?.allocations ?? []).filter((a) => a?.container_seq === c.seq);
                  const cap = capOf.get(c.size_type);
                  return (
                    <PlainCard
                      key={f.key}
                      className="plain-card--inner"
                      headingLevel={3}
                      data-testid={`consol-container-${c.seq}`}
                      title={
                        <Flex component="span" gap={8} align="center">
                          {`#${c.seq} ${c.size_type}`}
                          {cap && <Typography.Text type="secondary">{cap.iso_code}</Typography.Text>}
                        </Flex>
                      }
                    >
                      <ContainerFill
                        seq={c.seq}
                        cbm={used.reduce((s, a) => s + Number(a.cbm || 0), 0)}
                        kg={used.reduce((s, a) => s + Number(a.kg || 0), 0)}
                        capacityCbm={cap ? Number(cap.capacity_cbm) : null}
                        maxKg={cap ? Number(cap.max_payload_kg) : null}
                      />
                      <Form.Item name={[f.name, 'seq']} hidden>
                        <PlainTextInput />
                      </Form.Item>
                      <Form.Item name={[f.name, 'size_type']} hidden>
                        <PlainTextInput />
                      </Form.Item>
                      <Flex wrap gap={8}>
                        <Form.Item
                          name={[f.name, 'container_no']}
                          label={labels.field('container_no')}
                          style={{ width: 160 }}
                        >
                          <PlainTextInput maxLength={20} data-testid={`consol-container-no-${c.seq}`} />
                        </Form.Item>
                        <Form.Item
                          name={[f.name, 'seal_no']}
                          label={labels.field('seal_no')}
                          style={{ width: 130 }}
                        >
                          <PlainTextInput maxLength={30} data-testid={`consol-container-seal-${c.seq}`} />
                        </Form.Item>
                        <Form.Item
                          name={[f.name, 'ownership']}
                          label={labels.field('ownership')}
                          style={{ width: 100 }}
                        >
                          <ChoiceField options={CONTAINER_OWNERSHIPS.map((o) => ({ value: o, label: o }))} />
                        </Form.Item>
                        <Form.Item
                          name={[f.name, 'carrier_booking_no']}
                          label={labels.field('carrier_booking_no')}
                          style={{ width: 160 }}
                        >
                          <PlainTextInput maxLength={40} data-testid={`consol-container-cbn-${c.seq}`} />
                        </Form.Item>
                        <Form.Item
                          name={[f.name, 'vgm_kg']}
                          label={labels.field('vgm_kg')}
                          style={{ width: 110 }}
                        >
                          <PlainTextInput data-testid={`consol-container-vgm-${c.seq}`} />
                        </Form.Item>
                        <Form.Item
                          name={[f.name, 'actual_kg']}
                          label={labels.field('actual_kg')}
                          style={{ width: 120 }}
                        >
                          <PlainTextInput data-testid={`consol-container-kg-${c.seq}`} />
                        </Form.Item>
                        <Form.Item
                          name={[f.name, 'cy_gate_in_at']}
                          label={labels.field('cy_gate_in_at')}
                          style={{ width: 200 }}
                        >
                          <PlainTextInput type="datetime-local" />
                        </Form.Item>
                        <Form.Item
                          name={[f.name, 'cfs_received_at']}
                          label={labels.field('cfs_received_at')}
                          style={{ width: 200 }}
                        >
                          <PlainTextInput type="datetime-local" />
                        </Form.Item>
                      </Flex>
                    </PlainCard>
                  );
                })}
              </Flex>
            )}
          </Form.List>
        </PlainCard>

        <PlainCard title={t('area.allocation')} data-testid="consol-area-allocation">
          <Form.List name="allocations">
            {(fields, { add, remove }) => (
              <Flex vertical gap={4}>
                <Flex gap={8} style={{ fontWeight: 500 }}>
                  <span style={{ width: 170 }}>{labels.field('so_no')}</span>
                  <span style={{ width: 120 }}>{labels.field('po_no')}</span>
                  <span style={{ width: 200 }}>{labels.field('container_seq')}</span>
                  <span style={{ width: 100 }}>{labels.field('package_qty')}</span>
                  <span style={{ width: 100 }}>{labels.field('cbm')}</span>
                  <span style={{ width: 100 }}>{labels.field('kg')}</span>
                  <span style={{ width: 90 }}>{labels.field('loading_seq')}</span>
                </Flex>
                {fields.map((f) => (
                  <Flex key={f.key} gap={8} align="start" data-testid={`consol-alloc-${f.name}`}>
                    <Form.Item
                      name={[f.name, 'so_no']}
                      style={{ width: 170, marginBottom: 4 }}
                      rules={[requiredMsgRule()]}
                    >
                      <ChoiceField
                        options={soOptions}
                        aria-label={labels.field('so_no')}
                        data-testid={`consol-alloc-so-${f.name}`}
                      />
                    </Form.Item>
                    <span style={{ width: 120, paddingTop: 5 }}>
                      {poOf.get(values?.allocations?.[f.name]?.so_no ?? '') ?? ''}
                    </span>
                    <Form.Item
                      name={[f.name, 'container_seq']}
                      style={{ width: 200, marginBottom: 4 }}
                      rules={[requiredMsgRule()]}
                    >
                      <NumberChoiceSelect
                        options={boxOptions}
                        aria-label={labels.field('container_seq')}
                        data-testid={`consol-alloc-box-${f.name}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'package_qty']}
                      style={{ width: 100, marginBottom: 4 }}
                      rules={[requiredMsgRule()]}
                    >
                      <NumberField
                        min={0}
                        aria-label={labels.field('package_qty')}
                        data-testid={`consol-alloc-pk-${f.name}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'cbm']}
                      style={{ width: 100, marginBottom: 4 }}
                      rules={[requiredMsgRule()]}
                    >
                      <PlainTextInput
                        aria-label={labels.field('cbm')}
                        data-testid={`consol-alloc-cbm-${f.name}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'kg']}
                      style={{ width: 100, marginBottom: 4 }}
                      rules={[requiredMsgRule()]}
                    >
                      <PlainTextInput
                        aria-label={labels.field('kg')}
                        data-testid={`consol-alloc-kg-${f.name}`}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'loading_seq']} style={{ width: 90, marginBottom: 4 }}>
                      <NumberField
                        min={1}
                        aria-label={labels.field('loading_seq')}
                        data-testid={`consol-alloc-seq-${f.name}`}
                      />
                    </Form.Item>
                    {editable && (
                      <Button
                        icon={<DeleteOutlined />}
                        onClick={() => remove(f.name)}
                        aria-label={t('remove')}
                        data-testid={`consol-alloc-remove-${f.name}`}
                      />
                    )}
                  </Flex>
                ))}
                {editable && (
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ container_seq: 1, package_qty: 0, cbm: '0', kg: '0' })}
                    style={{ width: 180 }}
                    data-testid="consol-alloc-add"
                  >
                    {t('addAllocation')}
                  </Button>
                )}
              </Flex>
            )}
          </Form.List>
        </PlainCard>

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
            <ConsolHistory no={plan.consol_no} />
          </PlainCard>
        )}
      </Flex>
    </Form>
  );
}

function ConsolHistory({ no }: { no: string }) {
  const labels = useConsolLabels();
  const history = useStatusHistory(consolHistoryPath(no));
  return (
    <div data-testid="consol-history">
      <StatusHistory
        entries={history.data?.map((h) => ({ ...h, action: labels.action(h.action) }))}
        loading={history.isFetching}
        error={history.error}
        statusLabel={labels.status}
        fieldLabel={labels.field}
      />
    </div>
  );
}
