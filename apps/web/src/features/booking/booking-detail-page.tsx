import { ArrowLeftOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import {
  BOOKING_LIST_KEYS,
  type BookingStage,
  bookingRequiredFields,
  fieldsForNextBookingSteps,
  isExternalProfile,
  MSG,
  type TBooking,
  type TBookingAction,
  type TBookingListKey,
  type TBookingStatus,
  type TBookingWarning,
} from '@portal/contracts';
import { type ButtonProps, Flex } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { useSession } from '../../shared/auth/use-session';
import { Button } from '../../shared/button';
import { LazyResult } from '../../shared/components/lazy-result';
import { useApp } from '../../shared/feedback';
import { ErrorSummary } from '../../shared/form/error-summary';
import { useServerFieldErrors } from '../../shared/form/server-field-errors';
import { UnsavedChangesGuard } from '../../shared/form/unsaved-changes-guard';
import { useMediaQuery, WIDE_SCREEN } from '../../shared/hooks/use-media-query';
import { errorText } from '../../shared/i18n/error-text';
import { DetailShortcutsArea } from '../../shared/keyboard/detail-shortcuts-area';
import { listReturnPath } from '../../shared/list/list-return';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCollapse } from '../../shared/plain/plain-collapse';
import { PlainSpin } from '../../shared/plain/plain-spin';
import { PlainTag } from '../../shared/plain/plain-tag';
import { Typography } from '../../shared/plain/typography';
import { FollowButton, useLiveDocument } from '../notification';
import { BookingActionsBar } from './booking-actions-bar';
import { useBooking, useBookingCopy, useCreateBooking, useUpdateBooking } from './booking-api';
import { useBookingCrossTab } from './booking-cross-tab';
import { bookingSidePanels } from './booking-detail-slots';
import { BOOKING_TABS, BookingDetailTabs, type BookingTabKey } from './booking-detail-tabs';
import { BookingRequiredContext } from './booking-form-parts';
import {
  type BookingFormValues,
  requiredLeftByTab,
  snapshot,
  tabOfField,
  toFormValues,
  toRequest,
} from './booking-form-values';
import { statusColor, useBookingLabels } from './booking-labels';
import { type BookingDetailKind, bookingListPath, bookingPath } from './booking-paths';
import { type ChosenSailing, SAILING_FACTS } from './booking-sailing-picker';
import type { BookingTabProps } from './booking-tab-props';
import { checkBooking } from './booking-validation';
import { OwnPartyFieldContext, useOwnPartyPrefill } from './own-party';
import { useBookingActions } from './use-booking-actions';
import './booking-detail-page.css';
import { Form } from '../../shared/form';
import { loadMsg } from '../../shared/i18n/i18n';
import { MsgText } from '../../shared/i18n/msg-text';

/** The side column (related orders, sailings, remarks) loads after the form: the form is what the page opens for. */
const BookingSidePanels = lazy(() =>
  import('./panels/booking-side-panels').then((m) => ({ default: m.BookingSidePanels })),
);
const RemarksPanel = lazy(() => import('./panels/remarks-panel').then((m) => ({ default: m.RemarksPanel })));

const isList = (s: string | undefined): s is TBookingListKey =>
  !!s && (BOOKING_LIST_KEYS as string[]).includes(s);
const kindOf = (path: string): BookingDetailKind =>
  path.includes('/shipping_order_copy/')
    ? 'shipping_order_copy'
    : path.includes('/e_booking/')
      ? 'e_booking'
      : 'shipping_order';

/** Statuses in which a booking's fields may still be changed, by internal and by external users. */
const EDITABLE_INTERNAL: TBookingStatus[] = [
  'NEW_E_BOOKING',
  'AMEND_PENDING',
  'NEW_MANUAL',
  'CONFIRMED',
  'RECOVERED',
];
const EDITABLE_EXTERNAL: TBookingStatus[] = ['NEW_E_BOOKING', 'AMEND_PENDING'];

/** How another screen opens the booking detail: where Back returns and which tab opens first. */
export interface BookingDetailRouteProps {
  /** Back goes here instead of the booking list (booking approval passes its list). */
  backTo?: string;
  /** The tab shown first (booking approval opens its own tab). */
  openTab?: BookingTabKey;
  /** Whose notifications Follow subscribes to (booking approval passes its own module). */
  notificationModule?: 'booking' | 'booking_approval';
}

/**
 * /BMS/enhance_booking[/{search_state}]/{shipping_order|e_booking|shipping_order_copy}/{so_no} ('new' creates);
 * booking approval shows the same page under its own paths with `backTo` and `openTab`.
 */
export default function BookingDetailRoute({ backTo, openTab, notificationModule }: BookingDetailRouteProps) {
  const { so_no, search_state } = useParams();
  const { pathname, search } = useLocation();
  const kind = kindOf(pathname);
  const from: TBookingListKey = isList(search_state) ? search_state : 'search_booking';
  // shipping_order/new has no :so_no parameter.
  const soNo = so_no ?? (pathname.endsWith('/new') ? 'new' : '');
  // `?tab=details` opens a tab (the master bill's SI refusal links to an SO's cargo lines, issue 39).
  const asked = new URLSearchParams(search).get('tab');
  const urlTab = (BOOKING_TABS as readonly string[]).includes(asked ?? '')
    ? (asked as BookingTabKey)
    : undefined;
  return (
    <BookingDetail
      key={`${kind}:${soNo}`}
      soNo={soNo}
      kind={kind}
      from={from}
      backTo={backTo}
      openTab={openTab ?? urlTab}
      notificationModule={notificationModule}
    />
  );
}

function BookingDetail({
  soNo,
  kind,
  from,
  backTo,
  openTab,
  notificationModule,
}: {
  soNo: string;
  kind: BookingDetailKind;
  from: TBookingListKey;
} & BookingDetailRouteProps) {
  const { t } = useTranslation('booking');
  const labels = useBookingLabels();
  const { message, modal } = useApp();
  const navigate = useNavigate();
  const session = useSession();
  const wide = useMediaQuery(WIDE_SCREEN);
  const [form] = Form.useForm<BookingFormValues>();
  const isCopy = kind === 'shipping_order_copy';
  const isNew = soNo === 'new' || isCopy;
  const query = useBooking(isNew ? null : soNo);
  const copy = useBookingCopy(isCopy ? soNo : null);
  const create = useCreateBooking();
  const update = useUpdateBooking();
  const saving = create.isPending || update.isPending;
  const [record, setRecord] = useState<TBooking | null>(null);
  const [ready, setReady] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [tab, setTab] = useState<BookingTabKey>(openTab ?? 'header');
  // A refused save or step: its fields on the form, counted on their tabs, listed with links (ErrorSummary).
  const fieldErrors = useServerFieldErrors(form, {
    fieldTab: (name) => tabOfField(name[0]),
    setTab: setTab as (key: string) => void,
  });
  const [summaryTitle, setSummaryTitle] = useState('');
  // Required fields still empty, per tab (the tabs' required markers).
  const [requiredLeft, setRequiredLeft] = useState<Record<string, number>>({});
  const baseline = useRef<string | null>(null);
  // One key per attempt to create: a retried call (lost answer) answers the booking the first call made.
  const idempotencyKey = useRef(crypto.randomUUID());
  const internal = !isExternalProfile(session.currentProfile?.profile_type);
  const canCreate = session.hasFunc('create_booking');

  const isDirty = useCallback(
    () => baseline.current !== null && snapshot(form.getFieldsValue(true)) !== baseline.current,
    [form],
  );
  const show = useCallback(
    (b: TBooking | null, prefill?: Parameters<typeof toFormValues>[0]) => {
      form.resetFields();
      form.setFieldsValue({
        ...toFormValues(b ?? prefill ?? null),
        [SAILING_FACTS]: b?.sailing_id
          ? ({ pol: b.pol, pod: b.pod, is_tbc: b.is_tbc_sailing } satisfies ChosenSailing)
          : null,
      });
      baseline.current = snapshot(form.getFieldsValue(true));
      setRecord(b);
      setReady(true);
      setDirty(false);
    },
    [form],
  );
  const onChanged = useCallback(() => setDirty(isDirty()), [isDirty]);
  // Another tab changed a sailing or this booking: re-read, never over unsaved input (then say it is stale).
  useBookingCrossTab(isNew ? null : soNo, {
    version: record?.version,
    isDirty,
    onStale: () => setConflict(true),
  });
  // Another user's action on it (an approval, a confirm): re-read, or say it is stale over unsaved input.
  const live = useLiveDocument({
    kind: 'booking',
    docCode: isNew ? null : soNo,
    isDirty,
    onStale: () => setConflict(true),
  });

  useEffect(() => {
    if (soNo === 'new' && baseline.current === null) show(null);
    if (isCopy && copy.data && baseline.current === null) show(null, copy.data);
    const data = query.data;
    if (data && (!record || (data.version !== record.version && !isDirty()))) show(data);
  }, [soNo, isCopy, copy.data, query.data, record, isDirty, show]);

  const editable = isNew
    ? canCreate
    : !!record &&
      (internal ? EDITABLE_INTERNAL : EDITABLE_EXTERNAL).includes(record.status) &&
      (internal || canCreate);
  const readOnly = !editable;
  // Which fields a save needs for this user and status (contracts bookingRequiredFields): asterisks and checks.
  const stage: BookingStage = {
    side: internal ? 'internal' : 'external',
    status: isNew ? null : (record?.status ?? null),
    step: 'save',
  };
  // …and those the booking's next steps need (Confirm: the sailing), marked before the user presses them
  // (contracts BOOKING_STEP_REQUIREMENTS, which the server checks).
  const nextActions = editable && record ? record.allowed_actions : [];
  const stepFields = fieldsForNextBookingSteps(nextActions);
  const required = new Set([...bookingRequiredFields(stage), ...stepFields]);
  const requiredKey = [...required].sort().join(',');
  const stepNames = nextActions
    .filter((a) => fieldsForNextBookingSteps([a]).size > 0)
    .map((a) => labels.action(a));
  const recountRequired = useCallback(() => {
    const next = requiredLeftByTab(form.getFieldsValue(true), requiredKey.split(','));
    setRequiredLeft((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
  }, [form, requiredKey]);
  useEffect(() => {
    // Each time a record's values are shown in the form.
    if (ready && record !== undefined) recountRequired();
  }, [ready, record, recountRequired]);
  // A shipper's new booking starts with its own party (contracts OWN_PARTY_FIELD_OF).
  const ownParty = useOwnPartyPrefill(form, {
    active: isNew && !isCopy && ready && !readOnly,
    profileType: session.currentProfile?.profile_type,
    onPrefilled: () => {
      baseline.current = snapshot(form.getFieldsValue(true));
      recountRequired();
    },
  });

  const actions = useBookingActions(record, {
    blocked: dirty,
    onDone: (saved) => {
      show(saved);
      setConflict(false);
    },
    onConflict: () => setConflict(true),
    // Confirm refused for fields (e.g. the sailing an e-booking left blank): show them where they are, list
    // them in the summary and put the cursor in the first.
    onFieldErrors: (e, action: TBookingAction) => {
      setSummaryTitle(t('common:form.stepSummaryTitle', { action: labels.action(action) }));
      const { placed, unmatched } = fieldErrors.apply(e);
      return placed.length > 0 || unmatched.length > 0;
    },
    onStart: fieldErrors.clearSummary,
  });

  const reload = async () => {
    const res = await query.refetch();
    if (res.data) {
      show(res.data);
      setConflict(false);
      // …and what the booking's panels read of it (the approval, the history): all of it is the latest now.
      live.reload();
      message.info(t('reloaded'));
    } else if (res.error) message.error(errorText(t, res.error));
  };

  const confirmWarnings = (texts: string[]) =>
    new Promise<boolean>((resolve) =>
      modal.confirm({
        title: t('warningsTitle'),
        content: (
          <ul data-testid="booking-warnings">
            {texts.map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        ),
        okText: t('saveAnyway'),
        cancelText: t('cancel'),
        okButtonProps: { 'data-testid': 'booking-warnings-ok' } as ButtonProps,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );

  /** The non-blocking warnings the server returns beside a saved booking (ZBookingSaved.warnings). */
  const showServerWarnings = (saved: TBooking & { warnings?: TBookingWarning[] }, confirmed: string[]) => {
    for (const w of saved.warnings ?? []) {
      const text = t(w.msgKey, { ns: 'msg', ...(w.params ?? {}) });
      if (!confirmed.includes(text)) message.warning(text);
    }
  };

  const save = async () => {
    if (saving || readOnly) return;
    fieldErrors.clearSummary();
    setSummaryTitle(t('common:form.summaryTitle'));
    try {
      await form.validateFields();
    } catch {
      fieldErrors.showSummary();
      return;
    }
    const values = form.getFieldsValue(true);
    const body = toRequest(values, internal);
    const sailing = (values[SAILING_FACTS] as ChosenSailing | null | undefined) ?? null;
    // The checks' texts and the server's warnings are msg keys: that namespace loads here, not with the page.
    await loadMsg();
    const checked = await checkBooking(body, t, { sailing, stage });
    if (checked.errors.length) {
      form.setFields(checked.errors);
      fieldErrors.showSummary();
      return;
    }
    const warned = checked.warnings.map((w) => t(w.message, { ns: 'msg', ...(w.params ?? {}) }));
    if (warned.length && !(await confirmWarnings(warned))) return;
    try {
      if (isNew) {
        const created = await create.mutateAsync({ body, idempotencyKey: idempotencyKey.current });
        baseline.current = snapshot(form.getFieldsValue(true));
        message.success(t('created', { so: created.so_no }));
        showServerWarnings(created, warned);
        navigate(
          bookingPath(created.so_no, { from, kind: created.is_e_booking ? 'e_booking' : 'shipping_order' }),
          {
            replace: true,
          },
        );
      } else if (record) {
        const saved = await update.mutateAsync({
          soNo: record.so_no,
          body: { ...body, version: record.version },
        });
        show(saved);
        setConflict(false);
        message.success(t('saved', { so: saved.so_no }));
        showServerWarnings(saved, warned);
      }
    } catch (e) {
      // Refused (4xx): nothing was created, so the next attempt is a new request. Network failures and 5xx
      // keep the key: that attempt may have created the booking, and the retry must answer the same one.
      if (isNew && e instanceof ApiError && e.status >= 400 && e.status < 500) {
        idempotencyKey.current = crypto.randomUUID();
      }
      if (e instanceof ApiError && e.status === 409 && e.body?.msgKey === MSG.recordNotLatest) {
        setConflict(true);
        return;
      }
      const { placed, unmatched } = fieldErrors.apply(e);
      if (!placed.length || unmatched.length > 0) message.error(errorText(t, e));
    }
  };

  /** A field's name in the summary: its label, or "Containers line 2: Seal no." for a line's field. */
  const fieldLabel = (field: string) => {
    const [top, n, leaf] = field.split('.');
    if (n !== undefined && /^\d+$/.test(n) && leaf)
      return t('summaryLine', { list: labels.field(top), n: Number(n) + 1, field: labels.field(leaf) });
    return labels.field(top);
  };

  const back = (
    <Link to={listReturnPath(backTo ?? bookingListPath(from))} data-testid="booking-back">
      <ArrowLeftOutlined /> {t('backToList')}
    </Link>
  );
  const loadError = isCopy ? copy.error : query.error;
  if (!soNo || (loadError instanceof ApiError && loadError.status === 404)) {
    return <LazyResult status="404" title={<MsgText msgKey="msgSoNotFound" />} extra={back} />;
  }
  if (loadError && !ready) return <LazyResult status="error" title={errorText(t, loadError)} extra={back} />;
  if (isNew && !canCreate) return <LazyResult status="403" title={t('noCreateRight')} extra={back} />;

  const tabProps: BookingTabProps = {
    booking: record,
    readOnly,
    internal,
    onAction: actions.onAction,
    dirty,
  };
  const side = (
    <Flex vertical gap={12}>
      <Suspense fallback={<div className="plain-spinner" role="status" aria-busy="true" />}>
        <BookingSidePanels {...tabProps} />
        <RemarksPanel {...tabProps} />
      </Suspense>
      {/* Panels other features add (the CO2e panel): lazy, each in its own Suspense. */}
      {bookingSidePanels().map(([key, Panel]) => (
        <Suspense key={key} fallback={null}>
          <Panel {...tabProps} />
        </Suspense>
      ))}
    </Flex>
  );
  const title = isCopy
    ? t('copyTitle', { so: soNo })
    : isNew
      ? t('newBooking')
      : t('editTitle', { so: record?.so_no ?? soNo });

  return (
    <Flex vertical gap={12}>
      <UnsavedChangesGuard isDirty={isDirty} />
      {actions.holder}
      {back}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex wrap gap={8} align="center">
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="booking-title">
            {title}
          </Typography.Title>
          {record && (
            <PlainTag colour={statusColor(record.status)} data-testid="booking-status">
              {labels.status(record.status)}
            </PlainTag>
          )}
          {record?.is_e_booking && <PlainTag colour="cyan">{t('eBooking')}</PlainTag>}
          {readOnly && ready && <PlainTag data-testid="booking-read-only">{t('readOnly')}</PlainTag>}
          {dirty && <PlainTag colour="orange">{t('unsaved')}</PlainTag>}
        </Flex>
        <Flex wrap gap={8} align="center">
          {record && <FollowButton module={notificationModule ?? 'booking'} docCode={record.so_no} />}
          <BookingActionsBar {...tabProps} pending={actions.pending} />
          {!readOnly && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={!ready}
              onClick={save}
              data-testid="booking-save"
            >
              {t('save')}
            </Button>
          )}
        </Flex>
      </Flex>
      {record?.cancel_reason && (record.status === 'CANCEL_PENDING' || record.status === 'CANCELLED') && (
        <PlainAlert
          type="warning"
          data-testid="booking-cancel-reason"
          title={`${t('field.cancel_reason')}: ${record.cancel_reason}`}
        />
      )}
      {conflict && (
        <PlainAlert
          type="warning"
          data-testid="booking-conflict"
          title={<MsgText msgKey="msgRecordNotLatest" />}
          description={t('conflictBody')}
          action={
            <Button
              icon={<ReloadOutlined />}
              onClick={reload}
              loading={query.isFetching}
              data-testid="booking-reload"
            >
              {t('reload')}
            </Button>
          }
        />
      )}
      <ErrorSummary
        errors={fieldErrors}
        title={summaryTitle || t('common:form.summaryTitle')}
        fieldLabel={fieldLabel}
        data-testid="booking-error-summary"
      />
      {!readOnly && stepNames.length > 0 && (
        <Typography.Text type="secondary" data-testid="booking-step-hint">
          {t('stepHint', { actions: stepNames.join(' / ') })}
        </Typography.Text>
      )}
      {/* ctrl+alt+left/right move between the tabs, ctrl+alt+up/down between their panels. */}
      <DetailShortcutsArea data-testid="booking-detail">
        <PlainSpin spinning={!ready}>
          <div className="booking-layout">
            <div className="booking-layout-main">
              <Form
                form={form}
                layout="vertical"
                disabled={saving || !ready || readOnly}
                onValuesChange={() => {
                  onChanged();
                  recountRequired();
                }}
                onFieldsChange={fieldErrors.onFieldsChange}
                data-testid="booking-form"
              >
                <BookingRequiredContext.Provider value={required}>
                  <OwnPartyFieldContext.Provider value={ownParty.field}>
                    <BookingDetailTabs
                      tab={tab}
                      onTab={setTab}
                      props={tabProps}
                      onChanged={() => {
                        onChanged();
                        recountRequired();
                      }}
                      label={(key, text) =>
                        fieldErrors.label(key, text, `booking-tab-${key}`, { required: requiredLeft[key] })
                      }
                    />
                  </OwnPartyFieldContext.Provider>
                </BookingRequiredContext.Provider>
              </Form>
            </div>
            <div className="booking-layout-side">
              {wide ? (
                side
              ) : (
                <PlainCollapse
                  defaultOpen={[]}
                  items={[{ key: 'side', label: t('sidePanels'), children: side }]}
                  data-testid="booking-side-collapse"
                />
              )}
            </div>
          </div>
        </PlainSpin>
      </DetailShortcutsArea>
    </Flex>
  );
}
