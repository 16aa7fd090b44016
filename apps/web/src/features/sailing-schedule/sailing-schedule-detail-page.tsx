import { ArrowLeftOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { DATETIME_FORMAT, MSG, type TSailingSchedule } from '@portal/contracts';
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
import { errorText } from '../../shared/i18n/error-text';
import { listReturnPath } from '../../shared/list/list-return';
import { useCreateSailing, useSailing, useUpdateSailing } from './sailing-schedule-api';
import { SailingForm } from './sailing-schedule-form';
import { type SailingFormValues, snapshot, toFormValues, toRequest } from './sailing-schedule-form-values';
import { SailingHistoryTab } from './sailing-schedule-history-tab';
import { SAILING_LIST_PATH, sailingPath } from './sailing-schedule-paths';

const parseId = (raw: string | undefined): number | 'new' | null => {
  if (raw === 'new') return 'new';
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** /BMS/sailing_schedule_maintenance/:sailing_schedule_id ('new' creates). Remounts per id. */
export default function SailingDetailRoute() {
  const { id } = useParams();
  return <SailingDetail key={id} id={parseId(id)} />;
}

function SailingDetail({ id }: { id: number | 'new' | null }) {
  const { t } = useTranslation('sailing-schedule');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<SailingFormValues>();
  const isNew = id === 'new';
  const query = useSailing(typeof id === 'number' ? id : null);
  const create = useCreateSailing();
  const update = useUpdateSailing();
  const saving = create.isPending || update.isPending;

  const [record, setRecord] = useState<TSailingSchedule | null>(null);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [tab, setTab] = useState('details');
  const baseline = useRef<string | null>(null);

  const isDirty = useCallback(
    () => baseline.current !== null && snapshot(form.getFieldsValue(true)) !== baseline.current,
    [form],
  );
  const show = useCallback(
    (s: TSailingSchedule | null) => {
      form.resetFields();
      form.setFieldsValue(toFormValues(s));
      baseline.current = snapshot(form.getFieldsValue(true));
      setRecord(s);
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
    setTab('details');
    try {
      await form.validateFields({ recursive: true });
    } catch {
      return;
    }
    const body = toRequest(form.getFieldsValue(true));
    const label = `${body.vessel_name} ${body.voyage}`;
    try {
      if (isNew) {
        const created = await create.mutateAsync(body);
        baseline.current = snapshot(form.getFieldsValue(true));
        message.success(t('created', { name: label }));
        navigate(sailingPath(created.sailing_schedule_id), { replace: true });
      } else if (record) {
        const saved = await update.mutateAsync({
          id: record.sailing_schedule_id,
          body: { ...body, version: record.version },
        });
        show(saved);
        setConflict(false);
        message.success(t('saved', { name: label }));
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
    <Link to={listReturnPath(SAILING_LIST_PATH)} data-testid="sailing-back">
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
  const title = isNew
    ? t('newSailing')
    : t('editTitle', { name: record ? `${record.vessel_name} ${record.voyage}` : '' });
  const when = (v: string) => dayjs(v).format(DATETIME_FORMAT);
  const details = (
    <Spin spinning={loading}>
      <Flex vertical gap={12}>
        <SailingForm form={form} onValuesChange={() => setDirty(isDirty())} disabled={saving || loading} />
        {record && (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            data-testid="sailing-meta"
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
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="sailing-title">
            {title}
          </Typography.Title>
          {record?.is_tbc && <Tag color="orange">{t('tbc')}</Tag>}
          {dirty && <Tag color="orange">{t('unsaved')}</Tag>}
        </Space>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          disabled={loading}
          onClick={save}
          data-testid="sailing-save"
        >
          {t('save')}
        </Button>
      </Flex>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="sailing-conflict"
          title={t('conflictTitle')}
          description={t('conflictBody')}
          action={
            <Button
              icon={<ReloadOutlined />}
              onClick={reload}
              loading={query.isFetching}
              data-testid="sailing-reload"
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
              label: <span data-testid="sailing-history-tab">{t('tabHistory')}</span>,
              children: record && (
                <SailingHistoryTab id={record.sailing_schedule_id} active={tab === 'history'} />
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
