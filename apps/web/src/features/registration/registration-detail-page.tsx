import type { TRegistration, TSisProfile } from '@portal/contracts';
import type { ButtonProps } from 'antd';
import { Flex, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { StatusHistory } from '../../shared/history/lazy-status-history';
import { errorText } from '../../shared/i18n/error-text';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainFacts } from '../../shared/plain/plain-facts';
import { PlainEmpty } from '../../shared/plain/plain-list';
import { PlainTag, type PlainTagColour } from '../../shared/plain/plain-tag';
import { PlainTextArea } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { PlainTabs } from '../../shared/tabs/plain-tabs';
import { useDecideRegistration, useRegistration, useRegistrationHistory } from './registration-api';
import { REGISTRATION_LIST_PATH } from './registration-paths';

const STATUS_COLOR: Record<string, PlainTagColour> = { P: 'gold', A: 'green', R: 'red' };

/** The SIS profiles of a registration with their parties, roles, party groups and trade lanes. */
function ProfilesPanel({ profiles }: { profiles: TSisProfile[] }) {
  const { t } = useTranslation('registration');
  if (!profiles.length) return <PlainEmpty text={t('noRecord')} />;
  return (
    <Flex vertical gap={12}>
      {profiles.map((p) => (
        <PlainCard
          key={`${p.profile_type_id}-${p.office_id}`}
          title={p.profile_type}
          data-testid="registration-profile"
        >
          <PlainFacts
            size="small"
            column={1}
            items={[
              { key: 'roles', label: t('admin.roles'), children: p.roles.map((r) => r.role_code).join(', ') },
              {
                key: 'parties',
                label: t('admin.parties'),
                children: p.parties.map((r) => r.party_code).join(', '),
              },
              {
                key: 'groups',
                label: t('admin.partyGroups'),
                children: p.party_groups.map((r) => r.group_name).join(', '),
              },
              {
                key: 'tradelanes',
                label: t('admin.tradelanes'),
                children: p.tradelanees.map((r) => r.tradelane_name).join(', '),
              },
            ]}
          />
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
    <PlainFacts
      bordered
      size="small"
      column={2}
      data-testid="registration-details"
      items={[
        { key: 'login_id', label: f('login_id'), children: r.login_id },
        { key: 'kind', label: t('admin.col.kind'), children: t(`admin.kind.${r.kind}`) },
        { key: 'family_name', label: f('family_name'), children: r.family_name },
        { key: 'given_name', label: f('given_name'), children: r.given_name },
        { key: 'address', label: f('co_address1'), children: address, span: 2 },
        { key: 'co_country_code', label: f('co_country_code'), children: r.co_country_code },
        { key: 'company', label: f('company'), children: r.company },
        { key: 'phone', label: f('phone'), children: r.phone },
        { key: 'fax', label: f('fax'), children: r.fax },
        { key: 'department', label: f('department'), children: r.department },
        { key: 'position', label: f('position'), children: r.position },
        ...(r.kind === 'SIS'
          ? [{ key: 'sis_user_id', label: f('sis_user_id'), children: r.sis_user_id }]
          : [
              { key: 'user_type_id', label: f('user_type_id'), children: r.user_type_id },
              { key: 'location_type_id', label: f('location_type_id'), children: r.location_type_id },
              { key: 'referred_by', label: f('referred_by'), children: r.referred_by },
              {
                key: 'referred_by_office',
                label: f('referred_by_office_party_id'),
                children: r.referred_by_office,
              },
            ]),
        {
          key: 'activated_at',
          label: t('admin.col.activated_at'),
          children: r.activated_at ?? t('admin.notActivated'),
        },
        ...(r.reject_reason ? [{ key: 'reason', label: t('admin.reason'), children: r.reject_reason }] : []),
      ]}
    />
  );
}

/** /BMS/user_registration_maintenance/{user_registration_id}: details, approve, reject with a reason, history. */
export default function RegistrationDetailPage() {
  const { t } = useTranslation('registration');
  const { message, modal } = useApp();
  const id = Number(useParams().user_registration_id);
  const reg = useRegistration(id);
  const history = useRegistrationHistory(id);
  const decide = useDecideRegistration(id);
  const [rejecting, setRejecting] = useState(false);
  const [tab, setTab] = useState('details');
  const [form] = Form.useForm<{ reason: string }>();

  if (reg.isLoading) return <span className="plain-spinner" />;
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
          <PlainTag colour={STATUS_COLOR[r.status]} data-testid="registration-status">
            {t(`registration:admin.status.${r.status}`)}
          </PlainTag>
        </Typography.Title>
        {r.status === 'P' ? (
          <Flex gap={8}>
            <Button
              type="primary"
              loading={decide.isPending}
              disabled={!r.activated_at}
              data-testid="registration-approve"
              onClick={() =>
                modal.confirm({
                  title: t('registration:admin.approveConfirm'),
                  okButtonProps: { 'data-testid': 'approve-confirm' },
                  onOk: () =>
                    run({ action: 'approve', version: r.version }, t('registration:admin.approved')),
                })
              }
            >
              {t('registration:admin.approve')}
            </Button>
            <Button danger onClick={() => setRejecting(true)} data-testid="registration-reject">
              {t('registration:admin.reject')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      <Typography.Text type="secondary">{t('registration:admin.approvalRule')}</Typography.Text>
      <PlainTabs
        id="registration-tabs"
        activeKey={tab}
        onChange={setTab}
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
            rules={[requiredMsgRule('msgRegRejectReasonRequired', { whitespace: true })]}
          >
            <PlainTextArea maxLength={500} rows={3} data-testid="reject-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
