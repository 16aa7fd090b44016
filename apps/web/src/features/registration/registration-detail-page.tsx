import type { TRegistration, TSisProfile } from '@portal/contracts';
import type { ButtonProps } from 'antd';
import {
  App,
  Button,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Spin,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { StatusHistory } from '../../shared/history/lazy-status-history';
import { errorText } from '../../shared/i18n/error-text';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import { useDecideRegistration, useRegistration, useRegistrationHistory } from './registration-api';
import { REGISTRATION_LIST_PATH } from './registration-paths';

const STATUS_COLOR: Record<string, string> = { P: 'gold', A: 'green', R: 'red' };

/** The SIS profiles of a registration with their parties, roles, party groups and trade lanes. */
function ProfilesPanel({ profiles }: { profiles: TSisProfile[] }) {
  const { t } = useTranslation('registration');
  if (!profiles.length) return <Empty description={t('noRecord')} />;
  return (
    <Flex vertical gap={12}>
      {profiles.map((p) => (
        <PlainCard
          key={`${p.profile_type_id}-${p.office_id}`}
          title={p.profile_type}
          data-testid="registration-profile"
        >
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('admin.roles')}>
              {p.roles.map((r) => r.role_code).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.parties')}>
              {p.parties.map((r) => r.party_code).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.partyGroups')}>
              {p.party_groups.map((r) => r.group_name).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.tradelanes')}>
              {p.tradelanees.map((r) => r.tradelane_name).join(', ')}
            </Descriptions.Item>
          </Descriptions>
        </PlainCard>
      ))}
    </Flex>
  );
}

/** The fields of a registration (000 §3 Registration user / application). */
function DetailsPanel({ r }: { r: TRegistration }) {
  const { t } = useTranslation('registration');
  const f = (k: string) => t(`field.${k}`);
  const address = [r.co_address1, r.co_address2, r.co_address3, r.co_address4].filter(Boolean).join(', ');
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="registration-details">
      <Descriptions.Item label={f('login_id')}>{r.login_id}</Descriptions.Item>
      <Descriptions.Item label={t('admin.col.kind')}>{t(`admin.kind.${r.kind}`)}</Descriptions.Item>
      <Descriptions.Item label={f('family_name')}>{r.family_name}</Descriptions.Item>
      <Descriptions.Item label={f('given_name')}>{r.given_name}</Descriptions.Item>
      <Descriptions.Item label={f('co_address1')} span={2}>
        {address}
      </Descriptions.Item>
      <Descriptions.Item label={f('co_country_code')}>{r.co_country_code}</Descriptions.Item>
      <Descriptions.Item label={f('company')}>{r.company}</Descriptions.Item>
      <Descriptions.Item label={f('phone')}>{r.phone}</Descriptions.Item>
      <Descriptions.Item label={f('fax')}>{r.fax}</Descriptions.Item>
      <Descriptions.Item label={f('department')}>{r.department}</Descriptions.Item>
      <Descriptions.Item label={f('position')}>{r.position}</Descriptions.Item>
      {r.kind === 'SIS' ? (
        <Descriptions.Item label={f('sis_user_id')}>{r.sis_user_id}</Descriptions.Item>
      ) : (
        <>
          <Descriptions.Item label={f('user_type_id')}>{r.user_type_id}</Descriptions.Item>
          <Descriptions.Item label={f('location_type_id')}>{r.location_type_id}</Descriptions.Item>
          <Descriptions.Item label={f('referred_by')}>{r.referred_by}</Descriptions.Item>
          <Descriptions.Item label={f('referred_by_office_party_id')}>
            {r.referred_by_office}
          </Descriptions.Item>
        </>
      )}
      <Descriptions.Item label={t('admin.col.activated_at')}>
        {r.activated_at ?? t('admin.notActivated')}
      </Descriptions.Item>
      {r.reject_reason ? (
        <Descriptions.Item label={t('admin.reason')}>{r.reject_reason}</Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/** /BMS/user_registration_maintenance/{user_registration_id}: details, approve, reject with a reason, history. */
export default function RegistrationDetailPage() {
  const { t } = useTranslation(['registration', 'msg']);
  const { message } = App.useApp();
  const id = Number(useParams().user_registration_id);
  const reg = useRegistration(id);
  const history = useRegistrationHistory(id);
  const decide = useDecideRegistration(id);
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  if (reg.isLoading) return <Spin />;
  if (!reg.data) return <Typography.Text type="danger">{errorText(t, reg.error)}</Typography.Text>;
  const r = reg.data;

  const run = async (d: Parameters<typeof decide.mutateAsync>[0], done: string) => {
    try {
      await decide.mutateAsync(d);
      message.success(done);
      void history.refetch();
      return true;
    } catch (e) {
      message.error(errorText(t, e));
      void reg.refetch();
      return false;
    }
  };

  return (
    <Flex vertical gap={12}>
      <Link to={REGISTRATION_LIST_PATH}>{t('registration:admin.backToList')}</Link>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('registration:admin.detailTitle', { id: r.user_registration_id })}{' '}
          <Tag color={STATUS_COLOR[r.status]} data-testid="registration-status">
            {t(`registration:admin.status.${r.status}`)}
          </Tag>
        </Typography.Title>
        {r.status === 'P' ? (
          <Flex gap={8}>
            <Popconfirm
              title={t('registration:admin.approveConfirm')}
              onConfirm={() =>
                run({ action: 'approve', version: r.version }, t('registration:admin.approved'))
              }
              okButtonProps={{ 'data-testid': 'approve-confirm' } as ButtonProps}
            >
              <Button
                type="primary"
                loading={decide.isPending}
                disabled={!r.activated_at}
                data-testid="registration-approve"
              >
                {t('registration:admin.approve')}
              </Button>
            </Popconfirm>
            <Button danger onClick={() => setRejecting(true)} data-testid="registration-reject">
              {t('registration:admin.reject')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      <Typography.Text type="secondary">{t('registration:admin.approvalRule')}</Typography.Text>
      <Tabs
        items={[
          { key: 'details', label: t('registration:admin.details'), children: <DetailsPanel r={r} /> },
          ...(r.kind === 'SIS'
            ? [
                {
                  key: 'profiles',
                  label: t('registration:admin.profiles'),
                  children: <ProfilesPanel profiles={r.profiles} />,
                },
              ]
            : []),
          {
            key: 'history',
            label: t('registration:admin.history'),
            children: (
              <StatusHistory
                entries={history.data}
                loading={history.isLoading}
                error={history.error}
                statusLabel={(s) => t(`registration:admin.status.${s}`)}
              />
            ),
          },
        ]}
      />
      <Modal
        open={rejecting}
        title={t('registration:admin.reject')}
        onCancel={() => setRejecting(false)}
        okButtonProps={
          { danger: true, loading: decide.isPending, 'data-testid': 'reject-confirm' } as ButtonProps
        }
        onOk={() =>
          form.validateFields().then(async (v) => {
            if (
              await run(
                { action: 'reject', version: r.version, reason: v.reason },
                t('registration:admin.rejected'),
              )
            )
              setRejecting(false);
          })
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('registration:admin.rejectReason')}
            rules={[{ required: true, whitespace: true, message: t('msg:msgRegRejectReasonRequired') }]}
          >
            <Input.TextArea maxLength={500} rows={3} data-testid="reject-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
