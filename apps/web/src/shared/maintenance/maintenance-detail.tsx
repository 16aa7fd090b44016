import { ArrowLeftOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { MSG } from '@portal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Flex } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../api/http';
import { Button } from '../button';
import { LazyResult } from '../components/lazy-result';
import { useApp } from '../feedback';
import { Form, type FormInstance } from '../form/form';
import { applyServerErrors, fieldErrorsOf } from '../form/server-errors';
import { UnsavedChangesGuard } from '../form/unsaved-changes-guard';
import { errorText } from '../i18n/error-text';
import { DetailShortcutsArea } from '../keyboard/detail-shortcuts-area';
import { RecordBreadcrumb } from '../layout/page-title';
import { listReturnPath } from '../list/list-return';
import { PlainAlert } from '../plain/plain-alert';
import { PlainSpin } from '../plain/plain-spin';
import { PlainTag } from '../plain/plain-tag';
import { Typography } from '../plain/typography';
import { PlainTabs } from '../tabs/plain-tabs';
import { type AuditedRecord, RecordMeta } from './record-meta';

/** Re-exported for the detail routes (a module of its own, so a page can read its id without this one). */
export { parseRecordId } from './record-id';

/** A record's key in routes and API paths: a serial id, or e.g. a rate's source key. */
export type RecordKey = number | string;

export interface MaintenanceDetailProps<
  TRecord extends AuditedRecord,
  TValues,
  TBody,
  TId extends RecordKey = number,
> {
  /** The record's key from the route, 'new' for a new record, null when the route's key is malformed. */
  id: TId | 'new' | null;
  /**
   * data-testid prefix: `<testId>-detail` (the whole screen), `-save`, `-title`, `-back`, `-conflict`,
   * `-reload`, `-history-tab`, `-meta`, `-read-only`.
   */
  testId: string;
  listPath: string;
  pathOf: (id: TId) => string;
  idOf: (r: TRecord) => TId;
  query: UseQueryResult<TRecord>;
  create: (body: TBody) => Promise<TRecord>;
  update: (id: TId, body: TBody & { version: number }) => Promise<TRecord>;
  saving: boolean;
  /** The user may look but not change (lacks the write function): no Save button, fields disabled. */
  readOnly?: boolean;
  toFormValues: (r: TRecord | null) => TValues;
  toRequest: (values: Record<string, unknown>) => TBody;
  /** Page title for a new record (null) or a loaded one. */
  title: (r: TRecord | null) => string;
  /** Shown beside the title, e.g. a status tag. */
  titleExtra?: (r: TRecord | null) => ReactNode;
  /** Success messages, in the feature's words. */
  createdText: (r: TRecord) => string;
  savedText: (r: TRecord) => string;
  renderForm: (p: {
    form: FormInstance<TValues>;
    onValuesChange: () => void;
    disabled: boolean;
    isNew: boolean;
  }) => ReactNode;
  renderHistory: (r: TRecord, active: boolean) => ReactNode;
}

/**
 * The detail screen of a maintained record: load, edit with client rules, save (create or update with the
 * loaded version), server field errors on their fields, "record not latest" with Reload, unsaved-changes
 * guard, ctrl+s, a History tab, ctrl+alt+arrows between panels and tabs, and a read-only mode. The feature
 * gives the form and the words.
 */
export function MaintenanceDetail<
  TRecord extends AuditedRecord,
  TValues,
  TBody,
  TId extends RecordKey = number,
>(p: MaintenanceDetailProps<TRecord, TValues, TBody, TId>) {
  const { t } = useTranslation('maintenance');
  const { message } = useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TValues>();
  const isNew = p.id === 'new';
  const { query, toRequest, toFormValues } = p;

  const [record, setRecord] = useState<TRecord | null>(null);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [tab, setTab] = useState('details');
  const baseline = useRef<string | null>(null);
  const snapshot = useCallback(
    () => JSON.stringify(toRequest(form.getFieldsValue(true) as Record<string, unknown>)),
    [form, toRequest],
  );

  const isDirty = useCallback(() => baseline.current !== null && snapshot() !== baseline.current, [snapshot]);
  const show = useCallback(
    (r: TRecord | null) => {
      form.resetFields();
      form.setFieldsValue(toFormValues(r) as Parameters<typeof form.setFieldsValue>[0]);
      baseline.current = snapshot();
      setRecord(r);
      setDirty(false);
    },
    [form, toFormValues, snapshot],
  );

  // First load, and a newer version arriving while nothing is being edited; never over unsaved input.
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
    if (p.saving || p.readOnly) return;
    // Field errors (the client's or the server's) must be visible, so saving shows the form.
    setTab('details');
    try {
      await form.validateFields({ recursive: true });
    } catch {
      return;
    }
    const body = toRequest(form.getFieldsValue(true) as Record<string, unknown>);
    try {
      if (isNew) {
        const created = await p.create(body);
        baseline.current = snapshot();
        message.success(p.createdText(created));
        navigate(p.pathOf(p.idOf(created)), { replace: true });
      } else if (record) {
        const saved = await p.update(p.idOf(record), { ...body, version: record.version });
        show(saved);
        setConflict(false);
        message.success(p.savedText(saved));
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && e.body?.msgKey === MSG.recordNotLatest) {
        setConflict(true);
        return;
      }
      const unmatched = applyServerErrors(form, e, t);
      if (fieldErrorsOf(e).length === 0 || unmatched.length > 0) message.error(errorText(t, e));
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const back = (
    <Link to={listReturnPath(p.listPath)} data-testid={`${p.testId}-back`}>
      <ArrowLeftOutlined /> {t('backToList')}
    </Link>
  );

  if (p.id === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return <LazyResult status="404" title={t('notFound')} extra={back} />;
  }
  if (query.error && !record) {
    return <LazyResult status="error" title={errorText(t, query.error)} extra={back} />;
  }
  const loading = !isNew && !record;
  // The form stays mounted while loading so its instance is connected when the record arrives.
  const details = (
    <PlainSpin spinning={loading}>
      <Flex vertical gap={12}>
        {p.renderForm({
          form,
          onValuesChange: () => setDirty(isDirty()),
          disabled: p.saving || loading || !!p.readOnly,
          isNew,
        })}
        {record && <RecordMeta record={record} testId={p.testId} />}
      </Flex>
    </PlainSpin>
  );

  return (
    <DetailShortcutsArea data-testid={`${p.testId}-detail`}>
      <Flex vertical gap={12}>
        <UnsavedChangesGuard isDirty={isDirty} />
        {back}
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Flex gap={8} align="center" wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid={`${p.testId}-title`}>
              {p.title(isNew ? null : record)}
            </Typography.Title>
            {!isNew && record && <RecordBreadcrumb title={p.title(record)} />}
            {p.titleExtra?.(isNew ? null : record)}
            {dirty && <PlainTag colour="orange">{t('unsaved')}</PlainTag>}
            {p.readOnly && <PlainTag data-testid={`${p.testId}-read-only`}>{t('readOnly')}</PlainTag>}
          </Flex>
          {!p.readOnly && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={p.saving}
              disabled={loading}
              onClick={save}
              data-testid={`${p.testId}-save`}
            >
              {t('save')}
            </Button>
          )}
        </Flex>
        {conflict && (
          <PlainAlert
            type="warning"
            data-testid={`${p.testId}-conflict`}
            title={t('conflictTitle')}
            description={t('conflictBody')}
            action={
              <Button
                icon={<ReloadOutlined />}
                onClick={reload}
                loading={query.isFetching}
                data-testid={`${p.testId}-reload`}
              >
                {t('reload')}
              </Button>
            }
          />
        )}
        {isNew ? (
          details
        ) : (
          <PlainTabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'details', label: t('tabDetails'), children: details, forceRender: true },
              {
                key: 'history',
                label: <span data-testid={`${p.testId}-history-tab`}>{t('tabHistory')}</span>,
                children: record && p.renderHistory(record, tab === 'history'),
              },
            ]}
          />
        )}
      </Flex>
    </DetailShortcutsArea>
  );
}
