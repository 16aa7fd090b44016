import { ArrowLeftOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { MSG, PARTY_LIST_NAMES, type TParty, type TPartyList } from '@portal/contracts';
import { Flex } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { LazyResult } from '../../shared/components/lazy-result';
import { PageLoading } from '../../shared/components/page-loading';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { applyServerErrors, fieldErrorsOf } from '../../shared/form/server-errors';
import { useTabErrors } from '../../shared/form/tab-errors';
import { UnsavedChangesGuard } from '../../shared/form/unsaved-changes-guard';
import { errorText } from '../../shared/i18n/error-text';
import { DetailShortcutsArea } from '../../shared/keyboard/detail-shortcuts-area';
import { listReturnPath } from '../../shared/list/list-return';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainSpin } from '../../shared/plain/plain-spin';
import { PlainTag } from '../../shared/plain/plain-tag';
import { Typography } from '../../shared/plain/typography';
import { PlainTabs } from '../../shared/tabs/plain-tabs';
import { FollowButton } from '../notification';
import { PartyActions } from './party-actions';
import { useCreateParty, useParty, useUpdateParty } from './party-api';
import {
  PartyAgentTab,
  PartyBankTab,
  PartyCarrierTab,
  PartyConsigneeTab,
  PartyInvoiceTab,
  PartyLedgerTab,
} from './party-detail-tabs';
import { FIELD_TAB, type PartyFormValues, snapshot, toFormValues, toRequest } from './party-form-values';
import { PartyGeneralTab } from './party-general-tab';
import { PartyHistoryTab } from './party-history-tab';
import { approvalColor, usePartyLabels } from './party-labels';
import { partyListPath, partyPath } from './party-paths';
import { usePartyDuplicates } from './use-party-duplicates';

// The Details tab (antd's Select for several values) and the Document Upload tab load after the first paint.
const PartyDetailsTab = lazy(() => import('./party-details-tab'));
const PartyDocumentsTab = lazy(() => import('./party-documents-tab'));
// The duplicate warning (a table of similar parties) loads when the first similar party is found.
const PartyDuplicateWarning = lazy(() =>
  import('./party-duplicate-warning').then((m) => ({ default: m.PartyDuplicateWarning })),
);

const parseId = (raw: string | undefined): number | 'new' | null => {
  if (raw === 'new') return 'new';
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};
const isList = (s: string | undefined): s is TPartyList => !!s && (PARTY_LIST_NAMES as string[]).includes(s);

/** /BMS/party[/{search_state}]/party_maintenance/{party_id} ('new' creates). */
export default function PartyDetailRoute() {
  const { party_id, search_state } = useParams();
  const from: TPartyList = isList(search_state) ? search_state : 'search_party';
  return <PartyDetail key={party_id} id={parseId(party_id)} from={from} />;
}

function PartyDetail({ id, from }: { id: number | 'new' | null; from: TPartyList }) {
  const { t } = useTranslation('party');
  const labels = usePartyLabels();
  const { message } = useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<PartyFormValues>();
  const isNew = id === 'new';
  const query = useParty(typeof id === 'number' ? id : null);
  const create = useCreateParty();
  const update = useUpdateParty();
  const saving = create.isPending || update.isPending;
  const [record, setRecord] = useState<TParty | null>(null);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [tab, setTab] = useState('general');
  const baseline = useRef<string | null>(null);
  const dup = usePartyDuplicates(typeof id === 'number' ? id : null);
  const tabErrors = useTabErrors(form, { fieldTab: FIELD_TAB, setTab });

  const isDirty = useCallback(
    () => baseline.current !== null && snapshot(form.getFieldsValue(true)) !== baseline.current,
    [form],
  );
  const show = useCallback(
    (p: TParty | null) => {
      form.resetFields();
      form.setFieldsValue(toFormValues(p));
      baseline.current = snapshot(form.getFieldsValue(true));
      setRecord(p);
      setDirty(false);
    },
    [form],
  );

  useEffect(() => {
    if (isNew && baseline.current === null) show(null);
    const data = query.data;
    if (data && (!record || (data.version !== record.version && !isDirty()))) show(data);
  }, [isNew, query.data, record, isDirty, show]);

  const reload = async () => {
    const res = await query.refetch();
    if (res.data) {
      show(res.data);
      setConflict(false);
      message.info(t('reloaded'));
    } else if (res.error) message.error(errorText(t, res.error));
  };

  const save = async () => {
    if (saving) return;
    try {
      await form.validateFields();
    } catch {
      tabErrors.showErrors();
      return;
    }
    const body = toRequest(form.getFieldsValue(true));
    try {
      if (isNew) {
        const created = await create.mutateAsync(body);
        baseline.current = snapshot(form.getFieldsValue(true));
        message.success(t('created', { code: created.party_code }));
        navigate(partyPath(created.party_id, from), { replace: true });
      } else if (record) {
        const saved = await update.mutateAsync({
          id: record.party_id,
          body: { ...body, version: record.version },
        });
        show(saved);
        setConflict(false);
        message.success(t('saved', { code: saved.party_code }));
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && e.body?.msgKey === MSG.recordNotLatest) {
        setConflict(true);
        return;
      }
      const unmatched = applyServerErrors(form, e, t);
      tabErrors.showErrors();
      if (fieldErrorsOf(e).length === 0 || unmatched.length > 0) message.error(errorText(t, e));
    }
  };

  const back = (
    <Link to={listReturnPath(partyListPath(from))} data-testid="party-back">
      <ArrowLeftOutlined /> {t('backToList')}
    </Link>
  );
  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return <LazyResult status="404" title={t('notFound')} extra={back} />;
  }
  if (query.error && !record)
    return <LazyResult status="error" title={errorText(t, query.error)} extra={back} />;
  const loading = !isNew && !record;
  const pane = (children: React.ReactNode) => <PlainSpin spinning={loading}>{children}</PlainSpin>;
  const tabs = [
    { key: 'general', children: <PartyGeneralTab isNew={isNew} /> },
    {
      key: 'details',
      children: (
        <Suspense fallback={<PageLoading />}>
          <PartyDetailsTab />
        </Suspense>
      ),
    },
    { key: 'ledger', children: <PartyLedgerTab /> },
    { key: 'bank', children: <PartyBankTab /> },
    { key: 'invoice', children: <PartyInvoiceTab /> },
    { key: 'agent', children: <PartyAgentTab /> },
    { key: 'consignee', children: <PartyConsigneeTab /> },
    { key: 'carrier', children: <PartyCarrierTab scac={record?.carrier_scac ?? null} /> },
    {
      key: 'documents',
      children: (
        <Suspense fallback={<PageLoading />}>
          <PartyDocumentsTab partyId={record?.party_id ?? null} />
        </Suspense>
      ),
    },
  ].map((x) => ({
    key: x.key,
    label: tabErrors.label(x.key, t(`tab.${x.key}`), `party-tab-${x.key}`),
    children: pane(x.children),
    // The form tabs are rendered (hidden) to be checked and saved; the documents (no form field) load on the
    // tab's first visit.
    forceRender: x.key !== 'documents',
  }));
  if (record) {
    tabs.push({
      key: 'history',
      label: <span data-testid="party-tab-history">{t('tab.history')}</span>,
      children: <PartyHistoryTab id={record.party_id} active={tab === 'history'} />,
      forceRender: false,
    });
  }

  return (
    <Flex vertical gap={12}>
      <UnsavedChangesGuard isDirty={isDirty} />
      {back}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex wrap gap={8} align="center">
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="party-title">
            {isNew ? t('newParty') : t('editTitle', { code: record?.party_code ?? '' })}
          </Typography.Title>
          {record && (
            <PlainTag colour={approvalColor(record.approval_status)} data-testid="party-approval-status">
              {labels.approval(record.approval_status)}
            </PlainTag>
          )}
          {dirty && <PlainTag colour="orange">{t('unsaved')}</PlainTag>}
        </Flex>
        <Flex wrap gap={8} align="center">
          {record && <FollowButton module="party" docCode={String(record.party_id)} />}
          {record && <PartyActions party={record} blocked={dirty} onDone={show} />}
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={loading}
            onClick={save}
            data-testid="party-save"
          >
            {t('save')}
          </Button>
        </Flex>
      </Flex>
      {record?.approval_remarks && (
        <PlainAlert
          type={record.approval_status.endsWith('R') ? 'error' : 'info'}
          data-testid="party-approval-remarks"
          title={`${labels.field('approval_remarks')}: ${record.approval_remarks}`}
        />
      )}
      {conflict && (
        <PlainAlert
          type="warning"
          role="alert"
          data-testid="party-conflict"
          title={t('conflictTitle')}
          description={t('conflictBody')}
          action={
            <Button
              icon={<ReloadOutlined />}
              onClick={reload}
              loading={query.isFetching}
              data-testid="party-reload"
            >
              {t('reload')}
            </Button>
          }
        />
      )}
      {dup.matches.length > 0 && (
        <Suspense fallback={null}>
          <PartyDuplicateWarning matches={dup.matches} />
        </Suspense>
      )}
      <Form
        form={form}
        layout="vertical"
        disabled={saving || loading}
        onFieldsChange={tabErrors.onFieldsChange}
        onValuesChange={(_, all) => {
          setDirty(isDirty());
          dup.check(all);
        }}
        data-testid="party-form"
      >
        {/* ctrl+alt+left/right move between the tabs, ctrl+alt+up/down between their panels. */}
        <DetailShortcutsArea data-testid="party-detail">
          <PlainTabs activeKey={tab} onChange={setTab} items={tabs} />
        </DetailShortcutsArea>
      </Form>
    </Flex>
  );
}
