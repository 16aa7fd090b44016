import {
  allowedInvoiceActions,
  fieldsForNextSteps,
  INVOICE_ACTIONS,
  INVOICE_EDITABLE_STATUSES,
  invoiceStepOfAction,
  type TFieldError,
  type TInvoice,
  type TInvoiceAction,
  type TInvoiceType,
} from '@portal/contracts';
import { ConfigProvider, Flex } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { useSession } from '../../shared/auth';
import { Button } from '../../shared/button';
import { LazyReasonDialog as ReasonDialog } from '../../shared/components/lazy-reason-dialog';
import { useApp } from '../../shared/feedback';
import { ErrorSummary, Form, useServerFieldErrors } from '../../shared/form';
import { errorText } from '../../shared/i18n/error-text';
import { DetailShortcutsArea } from '../../shared/keyboard/detail-shortcuts-area';
import { RecordBreadcrumb } from '../../shared/layout/page-title';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainTag, type PlainTagColour } from '../../shared/plain/plain-tag';
import { Typography } from '../../shared/plain/typography';
import { PlainTabs } from '../../shared/tabs/plain-tabs';
import { FollowButton, LiveStaleNotice, useLiveDocument } from '../notification';
import { SopmsCheckButton, useSopmsGuard } from '../sopms';
import {
  useCreateInvoice,
  useInvoice,
  useInvoiceAction,
  useInvoiceDraft,
  useUpdateInvoice,
} from './invoice-api';
import { InvoiceMoreActions } from './invoice-batch-detail';
import { InvoiceChequeTab } from './invoice-cheque-tab';
import { invoiceDetailTabs } from './invoice-detail-slots';
import {
  blankInvoice,
  fromDraft,
  fromInvoice,
  type InvoiceFormValues,
  toRequest,
} from './invoice-form-values';
import { InvoiceHeaderForm } from './invoice-header-form';
import { useInvoiceLabels } from './invoice-labels';
import { InvoiceLines } from './invoice-lines';
import { invoicePath, newInvoicePath } from './invoice-paths';
import { InvoicePrintToolbar } from './invoice-print-toolbar';
import './invoice-detail.css';
import { MsgText } from '../../shared/i18n/msg-text';

/** The reason dialog, the P&L and Status History tabs and the Document Upload tab load when opened (issue 20). */
const dialogs = () => import('./invoice-detail-dialogs');
const InvoiceHistoryTab = lazy(() => dialogs().then((m) => ({ default: m.InvoiceHistoryTab })));
/** Print and Accounting Print show the PDF in the page first; the status moves when the user confirms. */
const PrintPreviewDialog = lazy(() =>
  import('./invoice-print-modals').then((m) => ({ default: m.PrintPreviewDialog })),
);
const PREVIEWED = new Set<TInvoiceAction>(['print', 'accounting_print']);
const InvoiceProfitTab = lazy(() =>
  import('./invoice-profit-tab').then((m) => ({ default: m.InvoiceProfitTab })),
);

const DocumentPanel = lazy(() =>
  import('../../shared/documents/document-panel').then((m) => ({ default: m.DocumentPanel })),
);

/** Loading a tab's or the page's data. */
function Loading() {
  const { t } = useTranslation('common');
  return (
    <span role="status" aria-label={t('loading')} className="invoice-loading">
      <span className="plain-spinner" aria-hidden="true" />
    </span>
  );
}

type Mode =
  | { kind: 'new' }
  | { kind: 'copy'; from: number }
  | { kind: 'job'; account: string; job: string }
  | { kind: 'id'; id: number };

const STATUS_COLOUR: Record<string, PlainTagColour> = {
  NEW: 'blue',
  PREPARED: 'cyan',
  APPROVED_1: 'gold',
  APPROVED_2: 'green',
  REJECTED: 'red',
  DELETED: 'default',
};

/** The tab of a form field (for the tab's error badge): lines on General Charge, the cheque on its tab. */
const tabOfField = (name: (string | number)[]) =>
  name[0] === 'lines' ? 'charges' : name[0] === 'cheque_request' ? 'cheque' : 'header';

/** The title bar's status moves: only those the transition table and the user's functions allow. */
function Actions({
  inv,
  disabled,
  beforeMove,
  onRefused,
}: {
  inv: TInvoice;
  disabled: boolean;
  /** Saves the user's unsaved changes first (a step checks the stored invoice); null when the save failed. */
  beforeMove: () => Promise<TInvoice | null>;
  /** Shows a refusal's field errors on the form; true when it named fields (no toast then). */
  onRefused: (action: TInvoiceAction, e: unknown) => boolean;
}) {
  const { t } = useTranslation('invoice');
  const { message } = useApp();
  const labels = useInvoiceLabels();
  const session = useSession();
  const move = useInvoiceAction();
  const [asking, setAsking] = useState<TInvoiceAction | null>(null);
  const [previewing, setPreviewing] = useState<'print' | 'accounting_print' | null>(null);
  const funcs = useMemo(() => session.uac?.menu_func_accesses.map((a) => a.func_id) ?? [], [session.uac]);
  const actions = allowedInvoiceActions(inv.status, inv.inv_type, funcs);
  // A move SOPMS refuses opens its dialog (violations; override with a reason where the level allows).
  const sopms = useSopmsGuard();
  const moveOnce = async (action: TInvoiceAction, version: number, why?: string, override?: string) => {
    const saved = await move.mutateAsync({
      id: inv.inv_id,
      body: { action, version, reason: why, sopms_override_reason: override },
    });
    message.success(t('moved', { no: saved.invoice_no, status: labels.status(saved.status) }));
    setAsking(null);
  };
  const run = async (action: TInvoiceAction, why?: string) => {
    const current = await beforeMove();
    if (!current) return;
    try {
      await moveOnce(action, current.version, why);
    } catch (e) {
      if (sopms.guard(e, (override) => moveOnce(action, current.version, why, override))) return;
      setAsking(null);
      if (!onRefused(action, e)) message.error(errorText(t, e));
    }
  };
  return (
    <>
      {actions.map((a) => (
        <Button
          key={a}
          danger={a.startsWith('reject') || a === 'delete'}
          type={a.startsWith('approve') || a === 'prepare' || a === 'resubmit' ? 'primary' : 'default'}
          disabled={disabled || move.isPending}
          onClick={() =>
            PREVIEWED.has(a)
              ? setPreviewing(a as 'print' | 'accounting_print')
              : INVOICE_ACTIONS[a].reason
                ? setAsking(a)
                : void run(a)
          }
          data-testid={`invoice-action-${a}`}
        >
          {labels.action(a)}
        </Button>
      ))}
      <InvoiceMoreActions inv={inv} disabled={disabled} />
      {sopms.dialog}
      {previewing && (
        <Suspense fallback={null}>
          <PrintPreviewDialog
            inv={inv}
            action={previewing}
            pending={move.isPending}
            onConfirm={() => void run(previewing).finally(() => setPreviewing(null))}
            onCancel={() => setPreviewing(null)}
          />
        </Suspense>
      )}
      {asking && (
        <ReasonDialog
          title={labels.action(asking)}
          label={t('reason')}
          placeholder={t('reasonPlaceholder')}
          okText={t('confirm')}
          cancelText={t('cancel')}
          maxLength={500}
          okTestId="invoice-reason-ok"
          inputTestId="invoice-reason"
          pending={move.isPending}
          onOk={(why) => void run(asking, why)}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}

function InvoiceDetail({ type, mode }: { type: TInvoiceType; mode: Mode }) {
  const { t } = useTranslation('invoice');
  const { message } = useApp();
  const navigate = useNavigate();
  const session = useSession();
  const labels = useInvoiceLabels();
  const [form] = Form.useForm<InvoiceFormValues>();
  const [tab, setTab] = useState('header');
  const [stale, setStale] = useState(false);
  // A step refused for empty fields: which step and the fields it named (shown until the next try).
  const [stepMissing, setStepMissing] = useState<{ action: TInvoiceAction; fields: TFieldError[] } | null>(
    null,
  );
  const fieldErrors = useServerFieldErrors(form, { fieldTab: tabOfField, setTab });
  const loaded = useInvoice(mode.kind === 'id' ? mode.id : null);
  // A copy (apDetails/new/{inv_id}): the other invoice's header and lines in a new, unsaved form.
  const source = useInvoice(mode.kind === 'copy' ? mode.from : null);
  const draft = useInvoiceDraft(
    type,
    mode.kind === 'job' ? mode.account : null,
    mode.kind === 'job' ? mode.job : null,
  );
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  // One key per new-invoice form: a double click or a retried call creates one invoice (Idempotency-Key).
  const idemKey = useRef(`inv-${crypto.randomUUID()}`);
  const inv = loaded.data ?? null;
  // Another user's move (approved, rejected, posted): re-read it, or keep touched input and say it is stale.
  const live = useLiveDocument({
    kind: 'invoice',
    docCode: inv ? String(inv.inv_id) : null,
    isDirty: () => form.isFieldsTouched(),
  });
  const base = inv?.base_currency ?? source.data?.base_currency ?? draft.data?.base_currency ?? 'HKD';
  const initial = useMemo(
    () =>
      inv
        ? fromInvoice(inv)
        : source.data
          ? {
              ...fromInvoice(source.data),
              gov_invoice_no: null,
              ap_ref: null,
              group_no: null,
              payment_ref: null,
            }
          : draft.data
            ? fromDraft(draft.data)
            : mode.kind === 'new'
              ? blankInvoice(type)
              : null,
    [inv, source.data, draft.data, mode.kind, type],
  );
  const kind = Form.useWatch('kind', form) as string | undefined;
  const lastVersion = useRef<number | null>(null);
  useEffect(() => {
    // Load the record into the form when it first arrives or after our own save; never over the user's
    // input after a refused save (the stale notice offers a reload instead).
    if (!initial) return;
    if (inv && lastVersion.current === inv.version) return;
    lastVersion.current = inv?.version ?? null;
    form.resetFields();
    form.setFieldsValue(initial);
  }, [initial, inv, form]);

  const canEdit = session.hasFunc('inv_edit') && (!inv || INVOICE_EDITABLE_STATUSES.includes(inv.status));
  const pending = (loaded.isPending && mode.kind === 'id') || (source.isPending && mode.kind === 'copy');
  const failed = loaded.error ?? draft.error ?? source.error;

  const sopms = useSopmsGuard();
  const saveOnce = async (body: ReturnType<typeof toRequest>, override?: string) => {
    if (inv) {
      const saved = await update.mutateAsync({
        id: inv.inv_id,
        body: { ...body, version: inv.version, sopms_override_reason: override },
      });
      message.success(t('saved', { no: saved.invoice_no }));
      return saved;
    } else {
      // A new key with an override: the refused call's key answered the refusal.
      if (override) idemKey.current = `inv-${crypto.randomUUID()}`;
      const saved = await create.mutateAsync({
        body: { ...body, sopms_override_reason: override },
        key: idemKey.current,
      });
      message.success(t('created', { no: saved.invoice_no }));
      navigate(invoicePath(type, saved.inv_id), { replace: true });
      return saved;
    }
  };
  /** Saves the form; answers the saved invoice, or null when refused (the refusal is shown). */
  const save = async (): Promise<TInvoice | null> => {
    fieldErrors.clearSummary();
    const values = form.getFieldsValue(true) as InvoiceFormValues;
    const body = toRequest(type, values, base);
    try {
      return await saveOnce(body);
    } catch (e) {
      if (sopms.guard(e, (override) => saveOnce(body, override).then(() => undefined))) return null;
      if (e instanceof ApiError && e.status === 409) {
        setStale(true);
        message.error(errorText(t, e));
        return null;
      }
      const { placed, unmatched } = fieldErrors.apply(e);
      if (unmatched.length || !placed.length) message.error(errorText(t, e));
      return null;
    }
  };
  // A step acts on the stored invoice: the user's unsaved input is saved first, so what the form shows is
  // what the step checks.
  const beforeMove = async () => {
    setStepMissing(null);
    fieldErrors.clearSummary();
    if (!inv) return null;
    return canEdit && form.isFieldsTouched() ? save() : inv;
  };
  const onRefused = (action: TInvoiceAction, e: unknown) => {
    const { placed, unmatched } = fieldErrors.apply(e);
    if (!placed.length && !unmatched.length) return false;
    setStepMissing({ action, fields: [...placed, ...unmatched] });
    return true;
  };
  // What the next steps (the moves this user may make now; Prepare for a new invoice) will need: marked on
  // the form before the user presses them (contracts' step table, as the server checks).
  const funcs = useMemo(() => session.uac?.menu_func_accesses.map((a) => a.func_id) ?? [], [session.uac]);
  const nextActions = inv ? allowedInvoiceActions(inv.status, inv.inv_type, funcs) : (['prepare'] as const);
  const stepFields = fieldsForNextSteps(nextActions, type);
  const stepNames = nextActions.filter((a) => invoiceStepOfAction(a, type)).map((a) => labels.action(a));
  const fieldName = (f: string) => {
    const m = /^lines\.(\d+)\.(\w+)$/.exec(f);
    if (m) return t('lineField', { n: Number(m[1]) + 1, field: t(`line.${m[2]}`) });
    return f === 'lines' ? t('tab.charges') : labels.field(f);
  };

  if (failed)
    return <PlainAlert type="error" message={errorText(t, failed)} data-testid="invoice-load-error" />;
  if (pending || !initial) return <Loading />;

  const title = inv
    ? t(type === 'AR' ? 'arInvoice' : 'apInvoice', { no: inv.invoice_no })
    : t(type === 'AR' ? 'newArTitle' : 'newApTitle');
  return (
    <Flex vertical gap={12} data-testid="invoice-detail">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="invoice-title">
            {title}
          </Typography.Title>
          {/* The breadcrumb names the invoice by its number, not the id in the path (issue 39). */}
          <RecordBreadcrumb title={inv?.invoice_no ?? undefined} />
          {inv && (
            <PlainTag colour={STATUS_COLOUR[inv.status] ?? 'purple'} data-testid="invoice-status">
              {labels.status(inv.status)}
            </PlainTag>
          )}
        </Flex>
        <Flex gap={8} wrap>
          {inv && <FollowButton module="invoice" docCode={String(inv.inv_id)} />}
          {inv && <Actions inv={inv} disabled={stale} beforeMove={beforeMove} onRefused={onRefused} />}
          {inv && <InvoicePrintToolbar inv={inv} />}
          {inv && <SopmsCheckButton invId={inv.inv_id} status={inv.status} />}
          {inv && session.hasFunc('inv_edit') && (
            <Button
              onClick={() => navigate(`${newInvoicePath(type)}/${inv.inv_id}`)}
              data-testid="invoice-copy"
            >
              {t('copy')}
            </Button>
          )}
          {canEdit && (
            <Button
              type="primary"
              onClick={() => void save()}
              loading={create.isPending || update.isPending}
              data-testid="invoice-save"
            >
              {t('save')}
            </Button>
          )}
        </Flex>
      </Flex>
      {sopms.dialog}
      <LiveStaleNotice stale={live.stale} onReload={live.reload} testId="invoice-live-stale" />
      {stale && (
        <PlainAlert
          type="warning"
          data-testid="invoice-stale"
          message={<MsgText msgKey="msgInvoiceChangeNotSaved" />}
          description={t('staleKept')}
          action={
            <Button
              onClick={() => {
                setStale(false);
                lastVersion.current = null;
                void loaded.refetch();
              }}
            >
              {t('reload')}
            </Button>
          }
        />
      )}
      {/* A refused step or save: the shared summary (issue 39), each field a link to it on its tab. */}
      <ErrorSummary
        errors={fieldErrors}
        title={
          stepMissing
            ? t('common:form.stepSummaryTitle', { action: labels.action(stepMissing.action) })
            : t('common:form.summaryTitle')
        }
        fieldLabel={fieldName}
        data-testid="invoice-step-missing"
      />
      {inv?.reject_reason && inv.status === 'REJECTED' && (
        <PlainAlert
          type="error"
          message={`${t('field.reject_reason')}: ${inv.reject_reason}`}
          data-testid="invoice-reject-reason"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={initial}
        onFieldsChange={fieldErrors.onFieldsChange}
      >
        {/* ctrl+alt+left/right move between the tabs, ctrl+alt+up/down between their panels (002 §2). */}
        <DetailShortcutsArea data-testid="invoice-shortcuts">
          <PlainTabs
            id="invoice-tabs"
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'header',
                label: fieldErrors.label('header', t('tab.header'), 'invoice-tab-header'),
                forceRender: true,
                children: (
                  <InvoiceHeaderForm
                    type={type}
                    inv={inv}
                    disabled={!canEdit}
                    stepFields={stepFields.header}
                    stepHint={
                      canEdit && stepFields.header.size > 0
                        ? t('stepHint', { actions: stepNames.join(' / ') })
                        : null
                    }
                  />
                ),
              },
              {
                key: 'charges',
                label: fieldErrors.label('charges', t('tab.charges'), 'invoice-tab-charges'),
                forceRender: true,
                children: (
                  <InvoiceLines
                    form={form}
                    type={type}
                    disabled={!canEdit}
                    baseCurrency={base}
                    invId={inv?.inv_id ?? null}
                    requiredLine={stepFields.line}
                  />
                ),
              },
              ...(kind === 'CR'
                ? [
                    {
                      key: 'cheque',
                      label: fieldErrors.label('cheque', t('tab.cheque'), 'invoice-tab-cheque'),
                      forceRender: true,
                      children: <InvoiceChequeTab disabled={!canEdit} />,
                    },
                  ]
                : []),
              ...(inv
                ? [
                    {
                      key: 'pl',
                      label: t('tab.pl'),
                      children: (
                        <Suspense fallback={<Loading />}>
                          <InvoiceProfitTab id={inv.inv_id} active={tab === 'pl'} />
                        </Suspense>
                      ),
                    },
                    // Tabs other features add (invoice-detail-slots.ts), e.g. Settlement.
                    ...invoiceDetailTabs().map(({ key, Label, Panel }) => ({
                      key,
                      label: <Label />,
                      // Not the header form's read-only state: the tab has its own controls.
                      children: (
                        <ConfigProvider componentDisabled={false}>
                          <Suspense fallback={<Loading />}>
                            <Panel inv={inv} active={tab === key} />
                          </Suspense>
                        </ConfigProvider>
                      ),
                    })),
                    {
                      key: 'documents',
                      label: t('tab.documents'),
                      children: (
                        <Suspense fallback={<Loading />}>
                          <DocumentPanel
                            entityType="invoice"
                            entityId={inv.inv_id}
                            canEdit={session.hasFunc('inv_edit')}
                            testId="invoice-document"
                          />
                        </Suspense>
                      ),
                    },
                    {
                      key: 'history',
                      label: t('tab.history'),
                      children: (
                        <Suspense fallback={<Loading />}>
                          <InvoiceHistoryTab id={inv.inv_id} active={tab === 'history'} />
                        </Suspense>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </DetailShortcutsArea>
      </Form>
    </Flex>
  );
}

const detail = (type: TInvoiceType) =>
  function InvoiceDetailRoute() {
    const { inv_id, account_code, job_no, copy_id } = useParams();
    if (copy_id && Number(copy_id) > 0) {
      return (
        <InvoiceDetail key={`copy-${copy_id}`} type={type} mode={{ kind: 'copy', from: Number(copy_id) }} />
      );
    }
    if (account_code && job_no) {
      return (
        <InvoiceDetail
          key={`${account_code}/${job_no}`}
          type={type}
          mode={{ kind: 'job', account: account_code, job: job_no }}
        />
      );
    }
    if (!inv_id || inv_id === 'new') return <InvoiceDetail key="new" type={type} mode={{ kind: 'new' }} />;
    const id = Number(inv_id);
    if (!Number.isInteger(id) || id < 1) return <Navigate to="/404" replace />;
    return <InvoiceDetail key={id} type={type} mode={{ kind: 'id', id }} />;
  };

/** /INV/arDetails/... (m_ar; inv_edit to create). */
export const ArDetailsPage = detail('AR');
/** /INV/apDetails/... (m_ap; inv_edit to create). */
export const ApDetailsPage = detail('AP');

/** /INV/Details/{inv_id}: where the global search links; opens the AR or AP screen of the invoice. */
export function InvoiceDetailsRedirect() {
  const { inv_id } = useParams();
  const id = Number(inv_id);
  const q = useInvoice(Number.isInteger(id) && id > 0 ? id : null);
  const { t } = useTranslation('invoice');
  if (q.error) return <PlainAlert type="error" message={errorText(t, q.error)} />;
  if (!q.data) return <Loading />;
  return <Navigate to={invoicePath(q.data.inv_type, q.data.inv_id)} replace />;
}
