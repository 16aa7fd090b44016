import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { MSG } from '@portal/contracts';
import { Col, Flex, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { LazyResult } from '../../shared/components/lazy-result';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { applyServerErrors, fieldErrorsOf } from '../../shared/form/server-errors';
import { zodRule } from '../../shared/form/zod-rule';
import { errorText } from '../../shared/i18n/error-text';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainSpin } from '../../shared/plain/plain-spin';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { useAccountGroup, useSaveAccountGroup } from './party-api';
import { usePartyLabels } from './party-labels';
import { ACCOUNT_GROUP_LIST_PATH, accountGroupPath } from './party-paths';

interface Values {
  code: string;
  name: string;
  status: 'A' | 'I';
}

/** /BMS/party/account_group_code_maintenance/{customer_id} ('new' creates): code (unique), name, status. */
export default function AccountGroupDetailPage() {
  const { customer_id } = useParams();
  const isNew = customer_id === 'new';
  const id = isNew ? null : Number(customer_id);
  const { t } = useTranslation('party');
  const labels = usePartyLabels();
  const { message } = useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const query = useAccountGroup(id && Number.isInteger(id) && id > 0 ? id : null);
  const save = useSaveAccountGroup();
  const [conflict, setConflict] = useState(false);

  useEffect(() => {
    if (isNew) form.setFieldsValue({ code: '', name: '', status: 'A' });
    else if (query.data) form.setFieldsValue(query.data as Values);
  }, [isNew, query.data, form]);

  const back = (
    <Link to={ACCOUNT_GROUP_LIST_PATH} data-testid="account-group-back">
      <ArrowLeftOutlined /> {t('backToList')}
    </Link>
  );
  if (!isNew && (query.error instanceof ApiError || (id !== null && !Number.isInteger(id)))) {
    return <LazyResult status="404" title={t('group.notFound')} extra={back} />;
  }

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const saved = await save.mutateAsync({
        id,
        body: query.data ? { ...values, version: query.data.version } : values,
      });
      message.success(t('group.saved', { code: saved.code }));
      setConflict(false);
      if (isNew) navigate(accountGroupPath(saved.customer_id), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && e.body?.msgKey === MSG.recordNotLatest) {
        setConflict(true);
        return;
      }
      const unmatched = applyServerErrors(form, e, t);
      if (fieldErrorsOf(e).length === 0 || unmatched.length > 0) message.error(errorText(t, e));
    }
  };

  return (
    <Flex vertical gap={12}>
      {back}
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {isNew ? t('group.new') : t('group.editTitle', { code: query.data?.code ?? '' })}
        </Typography.Title>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={save.isPending}
          onClick={submit}
          data-testid="account-group-save"
        >
          {t('save')}
        </Button>
      </Flex>
      {conflict && <PlainAlert type="warning" title={t('conflictTitle')} description={t('conflictBody')} />}
      <PlainSpin spinning={!isNew && query.isLoading}>
        <Form form={form} layout="vertical">
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="code"
                label={t('group.code')}
                required
                rules={[zodRule((c) => c.ZAccountGroupFields.shape.code)]}
              >
                <PlainTextInput maxLength={20} data-testid="account-group-code" />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item
                name="name"
                label={t('group.name')}
                required
                rules={[zodRule((c) => c.ZAccountGroupFields.shape.name)]}
              >
                <PlainTextInput maxLength={200} data-testid="account-group-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="status" label={t('group.status')} required>
                <ChoiceField options={labels.statusOptions} data-testid="account-group-status" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </PlainSpin>
    </Flex>
  );
}
