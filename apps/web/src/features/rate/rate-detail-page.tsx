import { ArrowLeftOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { DATETIME_FORMAT, MSG, type TRate } from '@portal/contracts';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Flex,
  Form,
  Result,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { applyServerErrors, fieldErrorsOf } from '../../shared/form/server-errors';
import { UnsavedChangesGuard } from '../../shared/form/unsaved-changes-guard';
import { StatusHistory } from '../../shared/history/status-history';
import { useStatusHistory } from '../../shared/history/use-status-history';
import { errorText } from '../../shared/i18n/error-text';
import { listReturnPath } from '../../shared/list/list-return';
import { rateHistoryApiPath, useCreateRate, useRate, useUpdateRate } from './rate-api';
import { RateForm } from './rate-form';
import { type RateFormValues, snapshot, toFormValues, toRequest } from './rate-form-values';
import { RATE_LIST_PATH, ratePath } from './rate-paths';

/** /BMS/rate_maintenance/:source_key ('new' creates). Remounts per key. */
export default function RateDetailRoute() {
  const { sourceKey } = useParams();
  return <RateDetail key={sourceKey} sourceKey={sourceKey ?? null} />;
}

function RateHistoryTab({ sourceKey, active }: { sourceKey: string; active: boolean }) {
  const { t } = useTranslation('rate');
  const history = useStatusHistory(rateHistoryApiPath(sourceKey), active);
  return (
    <StatusHistory
      entries={history.data}
      loading={history.isFetching}
      error={history.error}
      statusLabel={(s) => t(`status.${s}`, { defaultValue: s })}
      fieldLabel={(f) => t(`field.${f}`, { defaultValue: f })}
      formatValue={(_f, v) => (v === null || v === undefined || v === '' ? '—' : String(v))}
    />
  );
}

function RateDetail({ sourceKey }: { sourceKey: string | null }) {
  const { t } = useTranslation('rate');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RateFormValues>();
  const isNew = sourceKey === 'new';
  const query = useRate(sourceKey && !isNew ? sourceKey : null);
  const create = useCreateRate();
  const update = useUpdateRate();
  const saving = create.isPending || update.isPending;
  const [record, setRecord] = useState<TRate | null>(null);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [tab, setTab] = useState('details');
  const baseline = useRef<string | null>(null);

  const isDirty = useCallback(
    () => baseline.current !== null && snapshot(form.getFieldsValue(true)) !== baseline.current,
    [form],
  );
  const show = useCallback(
    (r: TRate | null) => {
      form.resetFields();
      form.setFieldsValue(toFormValues(r));
      baseline.current = snapshot(form.getFieldsValue(true));
      setRecord(r);
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
    setTab('details');
    try {
      await form.validateFields({ recursive: true });
    } catch {
      return;
    }
    const { source_key, ...body } = toRequest(form.getFieldsValue(true));
    try {
      if (isNew) {
        const created = await create.mutateAsync({ source_key, ...body });
        baseline.current = snapshot(form.getFieldsValue(true));
        message.success(t('created', { key: created.source_key }));
        navigate(ratePath(created.source_key), { replace: true });
      } else if (record) {
        const saved = await update.mutateAsync({
          key: record.source_key,
          body: { ...body, version: record.version },
        });
        show(saved);
        setConflict(false);
        message.success(t('saved', { key: saved.source_key }));
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

  const back = (
    <Link to={listReturnPath(RATE_LIST_PATH)} data-testid="rate-back">
      <ArrowLeftOutlined /> {t('backToList')}
    </Link>
  );
  if (!sourceKey || (query.error instanceof ApiError && query.error.status === 404)) {
    return <Result status="404" title={t('notFound')} extra={back} />;
  }
  if (query.error && !record) return <Result status="error" title={errorText(t, query.error)} extra={back} />;
  const loading = !isNew && !record;
  const when = (v: string) => dayjs(v).format(DATETIME_FORMAT);
  const details = (
    <Spin spinning={loading}>
      <Flex vertical gap={12}>
        <RateForm
          form={form}
          isNew={isNew}
          onValuesChange={() => setDirty(isDirty())}
          disabled={saving || loading}
        />
        {record && (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            data-testid="rate-meta"
            items={[
              {
                key: 'c',
                label: t('meta.created'),
                children: `${when(record.created_at)} ${record.created_by ?? ''}`,
              },
              {
                key: 'u',
                label: t('meta.updated'),
                children: `${when(record.updated_at)} ${record.updated_by ?? ''}`,
              },
              { key: 'v', label: t('meta.version'), children: record.version },
            ]}
          />
        )}
      </Flex>
    </Spin>
  );

  return (
    <Flex vertical gap={12}>
      <UnsavedChangesGuard isDirty={isDirty} />
      {back}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="rate-title">
            {isNew ? t('newRate') : t('editTitle', { key: record?.source_key ?? '' })}
          </Typography.Title>
          {dirty && <Tag color="orange">{t('unsaved')}</Tag>}
        </Space>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          disabled={loading}
          onClick={save}
          data-testid="rate-save"
        >
          {t('save')}
        </Button>
      </Flex>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="rate-conflict"
          title={t('conflictTitle')}
          description={t('conflictBody')}
          action={
            <Button
              icon={<ReloadOutlined />}
              onClick={reload}
              loading={query.isFetching}
              data-testid="rate-reload"
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
              label: <span data-testid="rate-history-tab">{t('tabHistory')}</span>,
              children: record && <RateHistoryTab sourceKey={record.source_key} active={tab === 'history'} />,
            },
          ]}
        />
      )}
    </Flex>
  );
}
