import { BOOKING_ACTION_NAMES, type TBookingAction } from '@portal/contracts';
import { Flex } from 'antd';
import { Button } from '../../shared/button';
import { useBookingLabels } from './booking-labels';
import type { BookingTabProps } from './booking-tab-props';
import { OpenInMobileButton } from './panels/open-in-mobile';

const PRIMARY: TBookingAction[] = ['confirm', 'acknowledge_cancel', 'recover', 'submit_si', 'submit_booking'];
const DANGER: TBookingAction[] = ['cancel', 'request_cancel', 'reject_cancel'];

/** The buttons of the actions the server allows on this booking for this user (booking.allowed_actions). */
export function BookingActionsBar(props: BookingTabProps & { pending?: TBookingAction }) {
  const { booking, onAction, pending } = props;
  const labels = useBookingLabels();
  if (!booking) return null;
  const allowed = BOOKING_ACTION_NAMES.filter((a) => booking.allowed_actions.includes(a));
  return (
    <Flex wrap gap={8} data-testid="booking-actions">
      {allowed.map((a) => (
        <Button
          key={a}
          type={PRIMARY.includes(a) ? 'primary' : 'default'}
          danger={DANGER.includes(a)}
          loading={pending === a}
          onClick={() => void onAction(a)}
          data-testid={`booking-action-${a}`}
        >
          {labels.action(a)}
        </Button>
      ))}
      <OpenInMobileButton {...props} />
    </Flex>
  );
}
