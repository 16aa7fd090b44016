import { MSG, type TApprovalAction, type TBookingApproval } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ButtonProps, Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/http';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { useApiError } from '../../shared/hooks/use-api-error';
import { PlainTextArea } from '../../shared/plain/plain-text-input';
import { type ApprovalActionInput, refreshAfterApproval, useApprovalAction } from './approval-api';

type Extra = Pick<ApprovalActionInput, 'proposal_id' | 'proposals'>;

/**
 * Runs approval actions on one booking: a confirmation (reject asks for a required reason instead), then
 * the action with the version on screen. A 409 calls `onConflict` and reloads; other refusals show their
 * translated message. `holder` (the reason dialog) must be rendered by the caller.
 */
export function useApprovalActions(
  approval: TBookingApproval | undefined,
  opts: { onConflict: () => void; onDone?: () => void },
) {
  const { t } = useTranslation('booking-approval');
  const { modal, message } = useApp();
  const { showError } = useApiError();
  const qc = useQueryClient();
  const mutation = useApprovalAction();
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const optsRef = useRef(opts);
  optsRef.current = opts;

  /** Sends the action; true when it was taken. */
  const execute = async (action: TApprovalAction, extra: Extra & { reason?: string | null } = {}) => {
    if (!approval) return false;
    try {
      const saved = await mutation.mutateAsync({
        soNo: approval.so_no,
        action,
        version: approval.version,
        ...extra,
      });
      message.success(t('done', { action: t(`action.${action}`), so: saved.so_no }));
      optsRef.current.onDone?.();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && e.body?.msgKey === MSG.recordNotLatest) {
        optsRef.current.onConflict();
        void refreshAfterApproval(qc, approval.so_no);
      } else showError(e);
      return false;
    }
  };

  /** Asks to confirm, then takes the action (reject opens the reason dialog). */
  const run = (action: TApprovalAction, extra: Extra = {}) => {
    if (!approval) return;
    if (action === 'reject') {
      form.resetFields();
      setRejecting(true);
      return;
    }
    modal.confirm({
      title: t(`confirm.${action}`, { so: approval.so_no }),
      okText: t('yes'),
      cancelText: t('no'),
      okButtonProps: { 'data-testid': 'approval-confirm-ok' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'approval-confirm-cancel' } as ButtonProps,
      onOk: async () => {
        await execute(action, extra);
      },
    });
  };

  const holder = (
    <Modal
      open={rejecting}
      title={t('rejectTitle', { so: approval?.so_no ?? '' })}
      okText={t('action.reject')}
      cancelText={t('cancel')}
      okButtonProps={
        { loading: mutation.isPending, danger: true, 'data-testid': 'approval-reason-ok' } as ButtonProps
      }
      cancelButtonProps={{ 'data-testid': 'approval-reason-cancel' } as ButtonProps}
      onCancel={() => setRejecting(false)}
      onOk={async () => {
        const { reason } = await form.validateFields();
        if (await execute('reject', { reason: reason.trim() })) setRejecting(false);
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('reasonLabel')}
          rules={[requiredMsgRule('msgReasonRequired', { whitespace: true })]}
        >
          <PlainTextArea rows={4} maxLength={1000} showCount autoFocus data-testid="approval-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );

  return {
    run,
    execute,
    holder,
    pending: mutation.isPending ? mutation.variables?.action : undefined,
  };
}
