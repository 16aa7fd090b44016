import {
  CheckOutlined,
  CloseOutlined,
  EyeOutlined,
  NotificationOutlined,
  ReloadOutlined,
  SendOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { TApprovalAction, TBooking, TBookingApproval } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Empty, Flex, Result, Space, Spin, Tag, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/use-session';
import { Button } from '../../shared/button';
import { errorText } from '../../shared/i18n/error-text';
import { MsgText } from '../../shared/i18n/msg-text';
import { useBookingLabels } from '../booking';
import { refreshAfterApproval, useBookingApproval } from './approval-api';
import { approvalColor } from './approval-columns';
import { fmtMoment } from './format';
import { ProposalsTable } from './proposals-table';
import { ProposeDialog } from './propose-dialog';
import { useApprovalActions } from './use-approval-actions';

const ICONS: Record<TApprovalAction, ReactNode> = {
  propose: <SwapOutlined />,
  request_approval: <SendOutlined />,
  booking_advice: <NotificationOutlined />,
  approve: <CheckOutlined />,
  reject: <CloseOutlined />,
  acknowledge_update: <EyeOutlined />,
};

/**
 * The Booking Approval tab (001 §2 Booking approval): the approval status, since when, the reason and the
 * "updated by" marks, the proposed sailings with their rates, and the actions the server allows this user
 * (operations: propose, request approval, booking advice; the customer: approve one sailing, reject with a
 * reason; both: acknowledge the other side's update). Users without booking_approval see the status only.
 */
export function ApprovalPanel({ booking }: { booking: TBooking | null }) {
  const session = useSession();
  const { t } = useTranslation('booking-approval');
  if (!booking) return <Empty description={t('saveFirst')} data-testid="approval-empty" />;
  if (!session.hasFunc('booking_approval')) return <ApprovalSummary booking={booking} />;
  return <ApprovalDetail soNo={booking.so_no} canCompare={session.hasFunc('compareso')} />;
}

/** The approval status as the booking itself carries it (users without the approval function). */
function ApprovalSummary({ booking }: { booking: TBooking }) {
  const { t } = useTranslation('booking-approval');
  const labels = useBookingLabels();
  if (!booking.approval_status) return <Empty description={t('status.none')} data-testid="approval-empty" />;
  return (
    <Descriptions bordered size="small" column={1} data-testid="approval-summary">
      <Descriptions.Item label={t('status.label')}>
        <Tag color={approvalColor(booking.approval_status)} data-testid="approval-status">
          {labels.approval(booking.approval_status)}
        </Tag>
      </Descriptions.Item>
    </Descriptions>
  );
}

function ApprovalDetail({ soNo, canCompare }: { soNo: string; canCompare: boolean }) {
  const { t } = useTranslation('booking-approval');
  const qc = useQueryClient();
  const query = useBookingApproval(soNo);
  const approval = query.data;
  const [conflict, setConflict] = useState(false);
  const [proposing, setProposing] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const actions = useApprovalActions(approval, {
    onConflict: () => setConflict(true),
    onDone: () => {
      setConflict(false);
      setProposing(false);
    },
  });

  if (query.error && !approval) {
    return <Result status="error" title={errorText(t, query.error)} data-testid="approval-error" />;
  }
  if (!approval) return <Spin data-testid="approval-loading" />;

  const allowed = new Set(approval.allowed_actions);
  const canChoose = allowed.has('approve');
  // The customer's pick: what they clicked, else the approved one, else the only proposal.
  const picked =
    chosen ??
    approval.proposals.find((p) => p.is_selected)?.proposal_id ??
    (approval.proposals.length === 1 ? approval.proposals[0].proposal_id : null);

  const reload = async () => {
    await refreshAfterApproval(qc, soNo);
    setConflict(false);
  };

  const button = (
    action: TApprovalAction,
    onClick: () => void,
    extra: { disabled?: boolean; tip?: string } = {},
  ) => {
    const b = (
      <Button
        key={action}
        icon={ICONS[action]}
        type={action === 'approve' || action === 'request_approval' ? 'primary' : 'default'}
        danger={action === 'reject'}
        loading={actions.pending === action}
        disabled={extra.disabled || (actions.pending !== undefined && actions.pending !== action)}
        onClick={onClick}
        data-testid={`approval-action-${action}`}
      >
        {t(`action.${action}`)}
      </Button>
    );
    return extra.tip ? (
      <Tooltip key={action} title={extra.tip}>
        {b}
      </Tooltip>
    ) : (
      b
    );
  };

  const buttons: ReactNode[] = [];
  if (allowed.has('propose') && canCompare) buttons.push(button('propose', () => setProposing(true)));
  if (allowed.has('request_approval'))
    buttons.push(button('request_approval', () => actions.run('request_approval')));
  if (allowed.has('booking_advice'))
    buttons.push(button('booking_advice', () => actions.run('booking_advice')));
  if (canChoose) {
    buttons.push(
      button('approve', () => actions.run('approve', { proposal_id: picked }), {
        disabled: picked === null,
        tip: picked === null ? t('chooseFirst') : undefined,
      }),
    );
  }
  if (allowed.has('reject')) buttons.push(button('reject', () => actions.run('reject')));
  if (allowed.has('acknowledge_update')) {
    buttons.push(button('acknowledge_update', () => actions.run('acknowledge_update')));
  }

  return (
    <Flex vertical gap={12} data-testid="approval-panel">
      {actions.holder}
      {conflict && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="approval-conflict"
          title={<MsgText msgKey="msgRecordNotLatest" />}
          action={
            <Button
              icon={<ReloadOutlined />}
              onClick={reload}
              loading={query.isFetching}
              data-testid="approval-reload"
            >
              {t('reload')}
            </Button>
          }
        />
      )}
      <ApprovalFacts approval={approval} />
      {buttons.length > 0 && (
        <Space wrap data-testid="approval-actions">
          {buttons}
        </Space>
      )}
      {canChoose && approval.proposals.length > 1 && (
        <Alert type="info" showIcon title={t('chooseHint')} data-testid="approval-choose-hint" />
      )}
      <ProposalsTable
        proposals={approval.proposals}
        chosen={picked}
        onChoose={canChoose ? setChosen : undefined}
      />
      <ProposeDialog
        soNo={soNo}
        open={proposing}
        pending={actions.pending === 'propose'}
        onClose={() => setProposing(false)}
        onPropose={(proposals) => void actions.execute('propose', { proposals })}
      />
    </Flex>
  );
}

/** Status, since when, the reason and the "updated by" marks. */
function ApprovalFacts({ approval }: { approval: TBookingApproval }) {
  const { t } = useTranslation('booking-approval');
  const labels = useBookingLabels();
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="approval-facts">
      <Descriptions.Item label={t('status.label')}>
        <Space wrap size={4}>
          <Tag color={approvalColor(approval.approval_status)} data-testid="approval-status">
            {approval.approval_status ? labels.approval(approval.approval_status) : t('status.none')}
          </Tag>
          {approval.updated_by_mr && (
            <Tag color="volcano" data-testid="approval-updated-by-mr">
              {t('updatedByMr')}
            </Tag>
          )}
          {approval.updated_by_customer && (
            <Tag color="magenta" data-testid="approval-updated-by-customer">
              {t('updatedByCustomer')}
            </Tag>
          )}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('status.since')}>
        <span data-testid="approval-since">{fmtMoment(approval.approval_status_at) || '—'}</span>
      </Descriptions.Item>
      {approval.approval_reason && (
        <Descriptions.Item label={t('reasonLabel')} span={2}>
          <span data-testid="approval-reason-text">{approval.approval_reason}</span>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
