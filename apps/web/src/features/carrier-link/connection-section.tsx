import { ApiOutlined, CopyOutlined, SaveOutlined } from '@ant-design/icons';
import {
  CARRIER_AUTH_KINDS,
  CARRIER_INBOUND_SECRET_MIN,
  MSG,
  type TCarrierConnection,
  type TCarrierConnectionTestResult,
} from '@portal/contracts';
import { Col, Flex, Row } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { applyServerErrors, fieldErrorsOf } from '../../shared/form/server-errors';
import { requiredMsgRule, zodRule } from '../../shared/form/zod-rule';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { MsgText } from '../../shared/i18n/msg-text';
import { CheckboxField } from '../../shared/plain/multi-fields';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainFacts } from '../../shared/plain/plain-facts';
import { PlainRadioGroup } from '../../shared/plain/plain-radio-group';
import { PlainSpin } from '../../shared/plain/plain-spin';
import { PlainTag, type PlainTagColour } from '../../shared/plain/plain-tag';
import { PlainPasswordInput, PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { useCarrierConnection, useSaveCarrierConnection, useTestCarrierConnection } from './carrier-link-api';
import { useCarrierLinkLabels } from './carrier-link-labels';
import { type ConnectionFormValues, toConnectionForm, toConnectionSave } from './connection-form-values';
import './carrier-link.css';

const F = fieldsOf((c) => c.ZCarrierConnectionSave);

const CREDENTIAL_COLOUR: Record<string, PlainTagColour> = {
  OK: 'green',
  UNTESTED: 'default',
  REFUSED: 'red',
};

/**
 * "Carrier connection (DCSA)" on a carrier's maintenance screen (admin; issue 42): the carrier's DCSA API base
 * URL, its authentication (OAuth2 client credentials: token URL, client id, client secret; or an API key in a
 * header), the secret the carrier sends with its notifications, the standards (Booking 2.0, eBL 3.0), on/off.
 * Secrets are write-only ("stored — leave empty to keep"). Below: the notification addresses to give the
 * carrier (copyable), the credentials' state and "Test connection". A form of its own beside the carrier's.
 */
export default function CarrierConnectionSection({ carrierId }: { carrierId: number }) {
  const l = useCarrierLinkLabels();
  const query = useCarrierConnection(carrierId);
  // The carrier itself is not there (its screen says so): no section.
  if (query.error instanceof ApiError && query.error.status === 404) return null;
  return (
    <PlainCard title={l.t('connection.title')} data-testid="carrier-connection" style={{ marginTop: 12 }}>
      {query.error ? (
        <PlainAlert type="error" title={errorText(l.t, query.error)} data-testid="carrier-connection-error" />
      ) : query.data === undefined ? (
        <PlainSpin spinning>
          <div style={{ minHeight: 48 }} />
        </PlainSpin>
      ) : (
        <ConnectionForm
          key={query.data?.version ?? 'new'}
          carrierId={carrierId}
          connection={query.data}
          reread={() => void query.refetch()}
        />
      )}
    </PlainCard>
  );
}

function ConnectionForm({
  carrierId,
  connection,
  reread,
}: {
  carrierId: number;
  connection: TCarrierConnection | null;
  reread: () => void;
}) {
  const l = useCarrierLinkLabels();
  const { t } = l;
  const { message } = useApp();
  const [form] = Form.useForm<ConnectionFormValues>();
  const save = useSaveCarrierConnection(carrierId);
  const test = useTestCarrierConnection(carrierId);
  const [tested, setTested] = useState<TCarrierConnectionTestResult | null>(null);
  const [conflict, setConflict] = useState(false);
  const authKind = Form.useWatch('auth_kind', form) ?? connection?.auth_kind ?? 'OAUTH2';
  const oauth = authKind === 'OAUTH2';
  // A stored secret belongs to its authentication: switching from OAuth2 to an API key (or back) needs the new one.
  const hasSecret = !!connection?.has_secret && connection.auth_kind === authKind;
  const hasInbound = !!connection?.has_inbound_secret;

  const onSave = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = toConnectionSave(form.getFieldsValue(true) as ConnectionFormValues, connection?.version);
    try {
      const saved = await save.mutateAsync(body);
      setConflict(false);
      setTested(null);
      message.success(
        t(connection ? 'connection.saved' : 'connection.created', { code: saved.carrier_code }),
      );
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && e.body?.msgKey === MSG.recordNotLatest) {
        setConflict(true);
        reread();
        return;
      }
      const unmatched = applyServerErrors(form, e, t);
      if (fieldErrorsOf(e).length === 0 || unmatched.length > 0) message.error(errorText(t, e));
    }
  };

  const onTest = async () => {
    setTested(null);
    try {
      setTested(await test.mutateAsync());
    } catch (e) {
      message.error(errorText(t, e));
    }
  };

  const secretHint = (stored: boolean, fresh: string) => (stored ? t('connection.hint.secretStored') : fresh);
  const secretField = (
    <Form.Item
      name="secret"
      label={t(oauth ? 'connection.field.client_secret' : 'connection.field.api_key')}
      required={!hasSecret}
      rules={hasSecret ? [zodRule(F('secret'))] : [requiredMsgRule(), zodRule(F('secret'))]}
      extra={secretHint(hasSecret, t('connection.hint.secretNew'))}
    >
      <PlainPasswordInput
        maxLength={500}
        autoComplete="new-password"
        placeholder={hasSecret ? t('connection.stored') : undefined}
        data-testid="carrier-connection-secret"
      />
    </Form.Item>
  );
  const half = { xs: 24, md: 12 };

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('connection.intro')}
      </Typography.Paragraph>
      {!connection && (
        <PlainAlert type="info" title={t('connection.none')} data-testid="carrier-connection-none" />
      )}
      {conflict && (
        <PlainAlert
          type="warning"
          title={t('connection.conflict')}
          data-testid="carrier-connection-conflict"
        />
      )}
      <Form<ConnectionFormValues>
        form={form}
        name="carrier-connection"
        layout="vertical"
        initialValues={toConnectionForm(connection)}
        disabled={save.isPending}
        scrollToFirstError={{ block: 'center', focus: true }}
        data-testid="carrier-connection-form"
      >
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item
              name="base_url"
              label={t('connection.field.base_url')}
              required
              rules={[zodRule(F('base_url'))]}
              extra={t('connection.hint.base_url')}
            >
              <PlainTextInput
                maxLength={2000}
                placeholder="https://api.carrier.example/dcsa"
                data-testid="carrier-connection-base-url"
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="auth_kind" label={t('connection.field.auth_kind')} required>
              <PlainRadioGroup
                aria-labelledby="carrier-connection_auth_kind_label"
                options={CARRIER_AUTH_KINDS.map((k) => ({ value: k, label: l.auth(k) }))}
                data-testid="carrier-connection-auth"
                optionTestId={(v) => `carrier-connection-auth-${v}`}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="enabled" valuePropName="checked" label=" " extra={t('connection.hint.enabled')}>
              <CheckboxField data-testid="carrier-connection-enabled">
                {t('connection.field.enabled')}
              </CheckboxField>
            </Form.Item>
          </Col>
          {oauth ? (
            <>
              <Col {...half}>
                <Form.Item
                  name="token_url"
                  label={t('connection.field.token_url')}
                  required
                  rules={[requiredMsgRule('msgFieldRequired', { whitespace: true }), zodRule(F('token_url'))]}
                  extra={t('connection.hint.token_url')}
                >
                  <PlainTextInput maxLength={2000} data-testid="carrier-connection-token-url" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item
                  name="client_id"
                  label={t('connection.field.client_id')}
                  required
                  rules={[requiredMsgRule('msgFieldRequired', { whitespace: true }), zodRule(F('client_id'))]}
                >
                  <PlainTextInput
                    maxLength={200}
                    autoComplete="off"
                    data-testid="carrier-connection-client-id"
                  />
                </Form.Item>
              </Col>
              <Col {...half}>{secretField}</Col>
            </>
          ) : (
            <>
              <Col {...half}>
                <Form.Item
                  name="api_key_header"
                  label={t('connection.field.api_key_header')}
                  rules={[zodRule(F('api_key_header'))]}
                  extra={t('connection.hint.api_key_header')}
                >
                  <PlainTextInput
                    maxLength={100}
                    autoComplete="off"
                    data-testid="carrier-connection-key-header"
                  />
                </Form.Item>
              </Col>
              <Col {...half}>{secretField}</Col>
            </>
          )}
          <Col {...half}>
            <Form.Item
              name="inbound_secret"
              label={t('connection.field.inbound_secret')}
              rules={[zodRule(F('inbound_secret'))]}
              extra={secretHint(
                hasInbound,
                t('connection.hint.inboundNew', { min: CARRIER_INBOUND_SECRET_MIN }),
              )}
            >
              <PlainPasswordInput
                maxLength={500}
                autoComplete="new-password"
                placeholder={hasInbound ? t('connection.stored') : undefined}
                data-testid="carrier-connection-inbound-secret"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              label={t('connection.field.standards')}
              required
              extra={t('connection.hint.standards')}
              style={{ marginBottom: 0 }}
            >
              <Flex gap={16} wrap>
                <Form.Item
                  name="booking_version"
                  valuePropName="checked"
                  dependencies={['ebl_version']}
                  rules={[standardRule(t('connection.standardRequired'))]}
                >
                  <CheckboxField data-testid="carrier-connection-booking">
                    {t('connection.standard.BOOKING')}
                  </CheckboxField>
                </Form.Item>
                <Form.Item name="ebl_version" valuePropName="checked">
                  <CheckboxField data-testid="carrier-connection-ebl">
                    {t('connection.standard.EBL')}
                  </CheckboxField>
                </Form.Item>
              </Flex>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Flex gap={8} wrap align="center">
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={save.isPending}
          onClick={onSave}
          data-testid="carrier-connection-save"
        >
          {t('connection.save')}
        </Button>
        {connection && (
          <Typography.Text type="secondary">
            {t('connection.updatedBy', {
              at: l.time(connection.updated_at),
              user: connection.updated_by ?? '—',
            })}
          </Typography.Text>
        )}
      </Flex>
      {connection ? <ConnectionState connection={connection} /> : null}
      {connection ? (
        <Flex vertical gap={8} align="start">
          <Button
            icon={<ApiOutlined />}
            loading={test.isPending}
            onClick={onTest}
            data-testid="carrier-connection-test"
          >
            {t('connection.test')}
          </Button>
          {test.isPending && (
            <Typography.Text type="secondary" role="status" data-testid="carrier-connection-testing">
              {t('connection.testing')}
            </Typography.Text>
          )}
          {tested && (
            <PlainAlert
              type={tested.ok ? 'success' : 'error'}
              data-testid="carrier-connection-test-result"
              title={msgText(t, tested.message_key) ?? <MsgText msgKey={tested.message_key} />}
              description={tested.detail ? l.error(tested.detail) : undefined}
            />
          )}
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('connection.testSaveFirst')}</Typography.Text>
      )}
    </Flex>
  );
}

/** At least one standard ticked (the rule sits on Booking and looks at eBL too). */
function standardRule(text: string) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async () => {
      if (!getFieldValue('booking_version') && !getFieldValue('ebl_version')) throw new Error(text);
    },
  });
}

/** The credentials' state and the addresses the carrier posts its notifications to (copyable). */
function ConnectionState({ connection }: { connection: TCarrierConnection }) {
  const l = useCarrierLinkLabels();
  const { t } = l;
  const { message } = useApp();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      message.success(t('connection.copied'));
    } catch {
      message.error(t('connection.copyFailed'));
    }
  };
  const urls = connection.notification_urls;
  const kinds = ['booking', 'shipping_instructions', 'transport_document'] as const;
  return (
    <Flex vertical gap={8}>
      <PlainFacts
        column={1}
        bordered
        size="small"
        data-testid="carrier-connection-state"
        items={[
          {
            key: 'credentials',
            label: t('connection.credentials'),
            children: (
              <Flex gap={8} wrap align="center">
                <PlainTag
                  colour={CREDENTIAL_COLOUR[connection.credential_state] ?? 'default'}
                  data-testid="carrier-connection-credential"
                >
                  {l.credential(connection.credential_state)}
                </PlainTag>
                {connection.credential_error && (
                  <Typography.Text type="danger" data-testid="carrier-connection-credential-error">
                    {l.error(connection.credential_error)}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
        ]}
      />
      <Typography.Text strong>{t('connection.notificationUrls')}</Typography.Text>
      <PlainFacts
        column={1}
        bordered
        size="small"
        data-testid="carrier-connection-urls"
        items={kinds.map((k) => ({
          key: k,
          label: t(`connection.notify.${k}`),
          children: (
            <Flex gap={8} align="center">
              <Typography.Text code className="carrier-link-url" data-testid={`carrier-connection-url-${k}`}>
                {urls[k]}
              </Typography.Text>
              <Button
                size="small"
                icon={<CopyOutlined />}
                aria-label={t('connection.copyLabel', { what: t(`connection.notify.${k}`) })}
                onClick={() => void copy(urls[k])}
              />
            </Flex>
          ),
        }))}
      />
    </Flex>
  );
}
