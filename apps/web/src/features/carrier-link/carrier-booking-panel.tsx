import { CloudDownloadOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import type { TCarrierBookingView } from '@portal/contracts';
import { ConfigProvider, Flex } from 'antd';
import { useState } from 'react';
import { ApiError, download } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { LazyReasonDialog } from '../../shared/components/lazy-reason-dialog';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { MsgText } from '../../shared/i18n/msg-text';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainSpin } from '../../shared/plain/plain-spin';
import { Typography } from '../../shared/plain/typography';
import { useCarrierBooking, useCarrierBookingMove } from './carrier-link-api';
import { useCarrierLinkLabels } from './carrier-link-labels';
import {
  bookingActions,
  bookingWordKey,
  type CarrierBookingDoc,
  carrierBookingBase,
  offersFileExport,
  reviewedLatest,
  sendHint,
} from './carrier-link-model';
import { CarrierDifferences, ExchangeFacts, ExchangeHistory, LinkNotice } from './carrier-link-parts';
import { useProblemDialog } from './problem-dialog';

export interface CarrierBookingPanelProps {
  /** The consolidation plan (consol no.) or FCL booking (SO no.) whose carrier booking this is. */
  doc: CarrierBookingDoc;
  /** The document's form holds unsaved input: the carrier gets the saved document, so moves wait for a save. */
  dirty?: boolean;
}

/**
 * The carrier booking of a consolidation plan or an FCL booking over DCSA Booking 2.0 (issue 42): whether the
 * document's carrier is connected (if not, the DCSA file export stays), why it cannot be sent (`blocked`: an LCL
 * booking goes with its plan, no carrier yet, ...), "Send to carrier" / "Amend" / "Cancel booking" (each
 * confirmed), the carrier's state in words, the link's state (sending, waiting with the last error and the next
 * attempt, in sync, failed, credentials refused), the carrier's references, the differences of the carrier's
 * confirmed booking with ticks and "Accept selected", and the history. It reads itself again every few
 * seconds while the carrier works (and on the document's live events), so "Confirmed" appears without a reload.
 */
export default function CarrierBookingPanel({ doc, dirty = false }: CarrierBookingPanelProps) {
  const l = useCarrierLinkLabels();
  const { t } = l;
  const query = useCarrierBooking(doc);
  const view = query.data;
  // The user lacks the document's function, or the document is gone: no panel.
  if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404))
    return null;
  return (
    // The document's form may be read-only (an approved plan): the carrier moves are no edit of its fields.
    <ConfigProvider componentDisabled={false}>
      <PlainCard title={t('booking.title')} data-testid="carrier-booking">
        {query.error && !view ? (
          <PlainAlert type="error" title={errorText(t, query.error)} data-testid="carrier-booking-error" />
        ) : !view ? (
          <PlainSpin spinning>
            <div style={{ minHeight: 48 }} />
          </PlainSpin>
        ) : (
          <Booking doc={doc} view={view} dirty={dirty} />
        )}
      </PlainCard>
    </ConfigProvider>
  );
}

function Booking({
  doc,
  view,
  dirty,
}: {
  doc: CarrierBookingDoc;
  view: TCarrierBookingView;
  dirty: boolean;
}) {
  const l = useCarrierLinkLabels();
  const { t } = l;
  // The words that name the document ("plan" / "booking").
  const w = (key: string, values?: Record<string, string>) => t(bookingWordKey(doc.kind, key), values);
  const { message, modal } = useApp();
  const move = useCarrierBookingMove(doc);
  const showProblems = useProblemDialog();
  const [cancelling, setCancelling] = useState(false);
  const x = view.exchange;
  const carrier = view.carrier_code ?? '';
  const actions = bookingActions(view);
  const version = view.version;
  const hint = sendHint(view);
  const blocked = hint?.kind === 'blocked' && (
    <Typography.Text type="secondary" data-testid="carrier-booking-blocked">
      <MsgText msgKey={hint.msgKey} />
    </Typography.Text>
  );

  if (!view.connected) {
    return (
      <Flex vertical gap={8} align="start" data-testid="carrier-booking-not-connected">
        {offersFileExport(view) ? (
          <>
            <Typography.Text>
              {view.carrier_code ? t('booking.notConnected', { carrier }) : w('noCarrier')}
            </Typography.Text>
            <Button
              icon={<CloudDownloadOutlined />}
              onClick={() =>
                download(`${carrierBookingBase(doc)}/dcsa/booking`).catch((e: unknown) =>
                  message.error(errorText(t, e)),
                )
              }
              data-testid="carrier-booking-download"
            >
              {t('booking.download')}
            </Button>
          </>
        ) : (
          blocked
        )}
      </Flex>
    );
  }

  const failed = (e: unknown) => showProblems(e);

  const confirmSend = () => {
    const amend = actions.send === 'amend';
    modal.confirm({
      title: amend ? w('confirmAmend', { carrier }) : w('confirmSend', { no: doc.no, carrier }),
      content: amend
        ? w('confirmAmendBody', { ref: x?.carrier_booking_reference ?? x?.carrier_ref ?? '' })
        : w('confirmSendBody'),
      okText: t(`booking.${actions.send ?? 'send'}`),
      okButtonProps: { 'data-testid': 'carrier-booking-confirm-ok' },
      onOk: () =>
        move
          .mutateAsync({ move: 'send', version })
          .then(() => message.success(t('booking.sent', { carrier })))
          .catch(failed),
    });
  };

  const cancel = (reason: string) =>
    move
      .mutateAsync({ move: 'cancel', version, reason: reason || null })
      .then(() => {
        setCancelling(false);
        message.success(t('booking.cancelSent', { carrier }));
      })
      .catch(failed);

  const accept = (fields: string[]) =>
    move
      .mutateAsync({ move: 'accept', version, fields })
      .then(() => message.success(fields.length ? t('diff.accepted', { n: fields.length }) : t('diff.kept')))
      .catch(failed);

  return (
    <Flex vertical gap={12}>
      {x ? (
        <>
          <ExchangeFacts
            x={x}
            testId="carrier-booking"
            refs={[
              { key: 'booking-ref', label: t('booking.bookingRef'), value: x.carrier_booking_reference },
              { key: 'request-ref', label: t('booking.requestRef'), value: x.carrier_ref },
            ]}
          />
          <LinkNotice x={x} testId="carrier-booking" />
        </>
      ) : (
        <Typography.Text type="secondary" data-testid="carrier-booking-not-sent">
          {t('booking.notSent')}
          {hint?.kind === 'when' && ` ${w('sendWhen')}`}
        </Typography.Text>
      )}
      {blocked}
      {(actions.send || actions.cancel) && (
        <Flex gap={8} wrap align="center">
          {actions.send && (
            <Button
              type={actions.send === 'amend' ? 'default' : 'primary'}
              icon={<SendOutlined />}
              disabled={dirty}
              loading={move.isPending && move.variables?.move === 'send'}
              onClick={confirmSend}
              data-testid={`carrier-booking-${actions.send}`}
            >
              {t(`booking.${actions.send}`)}
            </Button>
          )}
          {actions.cancel && (
            <Button
              danger
              icon={<StopOutlined />}
              disabled={dirty}
              loading={move.isPending && move.variables?.move === 'cancel'}
              onClick={() => setCancelling(true)}
              data-testid="carrier-booking-cancel"
            >
              {t('booking.cancel')}
            </Button>
          )}
          {dirty && <Typography.Text type="secondary">{t('saveFirst')}</Typography.Text>}
        </Flex>
      )}
      <CarrierDifferences
        title={w('diffTitle')}
        rows={view.differences}
        canAccept={actions.accept}
        pending={move.isPending && move.variables?.move === 'accept'}
        blocked={dirty}
        onAccept={accept}
        reviewedAt={x?.reviewed_at}
        reviewed={reviewedLatest(x)}
        testId="carrier-booking-diff"
      />
      {x && <ExchangeHistory exchanges={[x]} testId="carrier-booking-history" />}
      {cancelling && (
        <LazyReasonDialog
          title={w('cancelTitle', { no: doc.no })}
          label={t('booking.reason')}
          okText={t('booking.cancel')}
          maxLength={500}
          pending={move.isPending}
          okTestId="carrier-booking-cancel-ok"
          inputTestId="carrier-booking-cancel-reason"
          onCancel={() => setCancelling(false)}
          onOk={cancel}
        />
      )}
    </Flex>
  );
}
