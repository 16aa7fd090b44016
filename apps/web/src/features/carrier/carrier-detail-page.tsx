import { ArrowLeftOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { MSG, type TCarrier } from '@portal/contracts';
import { Alert, App, Button, Flex, Form, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { applyServerErrors, fieldErrorsOf } from '../../shared/form/server-errors';
import { UnsavedChangesGuard } from '../../shared/form/unsaved-changes-guard';
import { errorText } from '../../shared/i18n/error-text';
import { DetailShortcutsArea } from '../../shared/keyboard/detail-shortcuts-area';
import { listReturnPath } from '../../shared/list/list-return';
import { useCarrier, useCreateCarrier, useUpdateCarrier } from './carrier-api';
import { CarrierForm } from './carrier-form';
import { type CarrierFormValues, snapshot, toFormValues, toRequest } from './carrier-form-values';
import { CarrierHistoryTab } from './carrier-history-tab';
import { CARRIER_LIST_PATH, carrierPath } from './carrier-paths';
import { RecordMeta } from './record-meta';

const parseId = (raw: string | undefined): number | 'new' | null => {
  if (raw === 'new') return 'new';
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** /BMS/carrier_maintenance/:id ('new' creates). Remounts per id so a saved new carrier starts clean. */
export default function CarrierDetailRoute() {
  const { id } = useParams();
  return <CarrierDetail key={id} id={parseId(id)} />;
}

function CarrierDetail({ id }: { id: number | 'new' | null }) {
  const { t } = useTranslation('carrier');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<CarrierFormValues>();
  const isNew = id === 'new';
  const query = useCarrier(typeof id === 'number' ? id : null);
  const create = useCreateCarrier();
  const update = useUpdateCarrier();
  const saving = create.isPending || update.isPending;

  const [record, setRecord] = useState<TCarrier | null>(null);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [tab, setTab] = useState('details');
  const baseline = useRef<string | null>(null);

  const isDirty = useCallback(
    () => baseline.current !== null && snapshot(form.getFieldsValue(true)) !== baseline.current,
    [form],
  );
  const show = useCallback(
    (c: TCarrier | null) => {
      form.resetFields();
      form.setFieldsValue(toFormValues(c));
      baseline.current = snapshot(form.getFieldsValue(true));
      setRecord(c);
      setDirty(false);
    },
    [form],
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
    if (saving) return;
    // Field errors (the client's or the server's) must be visible, so saving shows the form.
    setTab('details');
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = toRequest(form.getFieldsValue(true));
    try {
      if (isNew) {
        const created = await create.mutateAsync(body);
        baseline.current = snapshot(form.getFieldsValue(true));
        message.success(t('created', { code: created.carrier_code }));
        navigate(carrierPath(created.id), { replace: true });
      } else if (record) {
        const saved = await update.mutateAsync({ id: record.id, body: { ...body, version: record.version } });
        show(saved);
        setConflict(false);
        message.success(t('saved', { code: saved.carrier_code }));
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
    <Link to={listReturnPath(CARRIER_LIST_PATH)} data-testid="carrier-back">
      <ArrowLeftOutlined /> {t('backToList')}
    </Link>
  );

  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return <Result status="404" title={t('notFound')} extra={back} />;
  }
  if (query.error && !record) {
    return <Result status="error" title={errorText(t, query.error)} extra={back} />;
  }
  const loading = !isNew && !record;
  const title = isNew ? t('newCarrier') : t('editTitle', { code: record?.carrier_code ?? '' });
  // The form stays mounted while loading so its instance is connected when the record arrives.
  const details = (
    <Spin spinning={loading}>
      <Flex vertical gap={12}>
        <CarrierForm form={form} onValuesChange={() => setDirty(isDirty())} disabled={saving || loading} />
        {record && <RecordMeta record={record} />}
      </Flex>
    </Spin>
  );

  return (
    <DetailShortcutsArea data-testid="carrier-detail">
      <Flex vertical gap={12}>
        <UnsavedChangesGuard isDirty={isDirty} />
        {back}
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Space>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="carrier-title">
              {title}
            </Typography.Title>
            {dirty && <Tag color="orange">{t('unsaved')}</Tag>}
          </Space>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={loading}
            onClick={save}
            data-testid="carrier-save"
          >
            {t('save')}
          </Button>
        </Flex>
        {conflict && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            data-testid="carrier-conflict"
            title={t('conflictTitle')}
            description={t('conflictBody')}
            action={
              <Button
                icon={<ReloadOutlined />}
                onClick={reload}
                loading={query.isFetching}
                data-testid="carrier-reload"
              >
                {t('reload')}
              </Button>
            }
          />
        )}
        {isNew ? (
          details
        ) : (
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'details', label: t('tabDetails'), children: details, forceRender: true },
              {
                key: 'history',
                label: <span data-testid="carrier-history-tab">{t('tabHistory')}</span>,
                children: record && <CarrierHistoryTab id={record.id} active={tab === 'history'} />,
              },
            ]}
          />
        )}
      </Flex>
    </DetailShortcutsArea>
  );
}
