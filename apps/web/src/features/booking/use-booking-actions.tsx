import { BOOKING_ACTIONS, MSG, type TBooking, type TBookingAction } from '@portal/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/http';
import { LazyReasonDialog as ReasonDialog } from '../../shared/components/lazy-reason-dialog';
import { useApp } from '../../shared/feedback';
import { useApiError } from '../../shared/hooks/use-api-error';
import { useBookingAction, validateBookingAction } from './booking-api';
import { useBookingLabels } from './booking-labels';
import { showValidationNotices, validationResultsOf } from './booking-validation-notice';

interface Pending {
  action: TBookingAction;
  resolve: () => void;
}

/**
 * Runs booking actions for the detail page and its tabs: a confirmation (or a required reason for
 * request_cancel, cancel and reject_cancel), the booking validation first (its notices stay until closed),
 * then the action with the version on screen. `holder` (the reason modal) must be rendered by the caller.
 */
export function useBookingActions(
  booking: TBooking | null,
  opts: {
    blocked: boolean;
    onDone: (saved: TBooking) => void;
    onConflict: () => void;
    /**
     * Shows an action's field errors on the form and in the error summary (true when it did; nothing else is
     * shown then); else the error is a message.
     */
    onFieldErrors?: (e: unknown, action: TBookingAction) => boolean;
    /** An action starts: the previous attempt's error summary closes. */
    onStart?: () => void;
  },
) {
  const { t } = useTranslation('booking');
  const labels = useBookingLabels();
  const { modal, message, notification } = useApp();
  const { showError } = useApiError();
  const mutation = useBookingAction();
  const [asking, setAsking] = useState<Pending | null>(null);
  const optsRef = useRef(opts);
  optsRef.current = opts;

  const execute = async (action: TBookingAction, reason: string | null): Promise<boolean> => {
    if (!booking) return false;
    const label = labels.action(action);
    optsRef.current.onStart?.();
    try {
      const results = await validateBookingAction(action, [booking.so_no]);
      if (results.length) {
        showValidationNotices(notification, t, label, results);
        return false;
      }
      const saved = await mutation.mutateAsync({
        soNo: booking.so_no,
        action,
        version: booking.version,
        reason,
      });
      message.success(
        t('actionDone', { action: label, so: saved.so_no, status: labels.status(saved.status) }),
      );
      optsRef.current.onDone(saved);
      return true;
    } catch (e) {
      const results = validationResultsOf(e);
      if (results) {
        showValidationNotices(notification, t, label, results, (e as ApiError).body?.msgKey);
      } else if (e instanceof ApiError && e.status === 409 && e.body?.msgKey === MSG.recordNotLatest) {
        optsRef.current.onConflict();
      } else if (!optsRef.current.onFieldErrors?.(e, action)) showError(e);
      return false;
    }
  };

  const onAction = (action: TBookingAction) =>
    new Promise<void>((resolve) => {
      if (!booking) return resolve();
      if (optsRef.current.blocked) {
        message.warning(t('saveBeforeAction'));
        return resolve();
      }
      if (BOOKING_ACTIONS[action].reason) {
        setAsking({ action, resolve });
        return;
      }
      modal.confirm({
        title: t('confirmAction', { action: labels.action(action), so: booking.so_no }),
        okText: t('yes'),
        cancelText: t('no'),
        okButtonProps: { 'data-testid': 'booking-action-ok' },
        cancelButtonProps: { 'data-testid': 'booking-action-dismiss' },
        onOk: async () => {
          await execute(action, null);
          resolve();
        },
        onCancel: () => resolve(),
      });
    });

  const close = () => {
    asking?.resolve();
    setAsking(null);
  };

  const holder = asking ? (
    <ReasonDialog
      title={t('reasonTitle', { action: labels.action(asking.action) })}
      label={t('reasonLabel')}
      okText={t('ok')}
      cancelText={t('cancel')}
      pending={mutation.isPending}
      maxLength={1000}
      okTestId="booking-reason-ok"
      inputTestId="booking-reason"
      onCancel={close}
      onOk={async (reason) => {
        if (await execute(asking.action, reason)) close();
      }}
    />
  ) : null;

  return { onAction, holder, pending: mutation.isPending ? mutation.variables?.action : undefined };
}
