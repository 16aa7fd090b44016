import { ConfigProvider } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTabs } from '../../shared/tabs/plain-tabs';
import { bookingDetailTab } from './booking-detail-slots';
import { BookingDetailsTab } from './booking-details-tab';
import { BookingHeaderTab } from './booking-header-tab';
import type { BookingTabProps } from './booking-tab-props';
import { FilingTab } from './tabs/filing-tab';
import { IsfTab } from './tabs/isf-tab';

/** The tabs besides the form's load when first opened (issue 20): their tables, uploads and dialogs stay off the first screen. */
const BookingConfirmTab = lazy(() =>
  import('./booking-confirm-tab').then((m) => ({ default: m.BookingConfirmTab })),
);
const BookingHistoryTab = lazy(() =>
  import('./booking-history-tab').then((m) => ({ default: m.BookingHistoryTab })),
);
const CarrierBookingTab = lazy(() =>
  import('./tabs/carrier-booking-tab').then((m) => ({ default: m.CarrierBookingTab })),
);
const DocumentHistoryTab = lazy(() =>
  import('./tabs/document-history-tab').then((m) => ({ default: m.DocumentHistoryTab })),
);
const DocumentsTab = lazy(() => import('./tabs/documents-tab').then((m) => ({ default: m.DocumentsTab })));
const HouseDocTab = lazy(() => import('./tabs/house-doc-tab').then((m) => ({ default: m.HouseDocTab })));
const ShippingInstructionTab = lazy(() =>
  import('./tabs/shipping-instruction-tab').then((m) => ({ default: m.ShippingInstructionTab })),
);
const VgmHistoryTab = lazy(() => import('./tabs/vgm-tab').then((m) => ({ default: m.VgmHistoryTab })));

/** The detail's tabs in the order of 001 §2 (Header … Status History). */
export const BOOKING_TABS = [
  'header',
  'details',
  'isf',
  'filing',
  'documents',
  'document_history',
  'vgm_history',
  'shipping_instruction',
  'confirm',
  'carrier_booking',
  'house_doc',
  'approval',
  'history',
] as const;
export type BookingTabKey = (typeof BOOKING_TABS)[number];
/**
 * Tabs of the forwarder's own work (the carrier's VGM messages, its booking and the confirmation checklist):
 * not shown to external users (a shipper sees only what a shipper fills in, issue 39).
 */
export const INTERNAL_TABS: readonly BookingTabKey[] = ['vgm_history', 'confirm', 'carrier_booking'];
/** Tabs holding shipping-order fields: always rendered so their fields validate and save. */
const FORM_TABS: BookingTabKey[] = ['header', 'details', 'isf', 'filing'];

/** A tab whose code is still loading: a spinner, announced as busy. */
function TabLoading() {
  return <div className="plain-spinner" role="status" aria-busy="true" />;
}

export function BookingDetailTabs({
  tab,
  onTab,
  props,
  onChanged,
  label,
}: {
  tab: BookingTabKey;
  onTab: (t: BookingTabKey) => void;
  props: BookingTabProps;
  onChanged: () => void;
  /** A tab's label from its key and text (the page's error counts and required markers); plain text without. */
  label?: (key: BookingTabKey, text: string) => ReactNode;
}) {
  const { t } = useTranslation('booking');
  const { booking } = props;
  // Booking Approval comes from features/booking-approval (registered there), not imported here.
  const Approval = bookingDetailTab('approval');
  const content: Record<BookingTabKey, ReactNode> = {
    header: <BookingHeaderTab {...props} onChanged={onChanged} />,
    details: <BookingDetailsTab {...props} />,
    isf: <IsfTab {...props} onChanged={onChanged} />,
    filing: <FilingTab {...props} onChanged={onChanged} />,
    documents: <DocumentsTab {...props} />,
    document_history: <DocumentHistoryTab {...props} />,
    vgm_history: <VgmHistoryTab {...props} />,
    shipping_instruction: <ShippingInstructionTab {...props} />,
    confirm: <BookingConfirmTab {...props} />,
    carrier_booking: <CarrierBookingTab {...props} />,
    house_doc: <HouseDocTab {...props} />,
    approval: Approval && (
      <Suspense fallback={<TabLoading />}>
        <Approval {...props} />
      </Suspense>
    ),
    history: booking ? <BookingHistoryTab soNo={booking.so_no} active={tab === 'history'} /> : null,
  };
  const keys = BOOKING_TABS.filter(
    (k) =>
      (booking || k !== 'history') &&
      (Approval || k !== 'approval') &&
      (props.internal || !INTERNAL_TABS.includes(k)),
  );
  const items = keys.map((key) => ({
    key,
    label: label ? (
      label(key, t(`tab.${key}`))
    ) : (
      <span data-testid={`booking-tab-${key}`}>{t(`tab.${key}`)}</span>
    ),
    // Only the form tabs follow the form's read-only state; the others decide for themselves.
    children: FORM_TABS.includes(key) ? (
      content[key]
    ) : (
      <ConfigProvider componentDisabled={false}>
        <Suspense fallback={<TabLoading />}>{content[key]}</Suspense>
      </ConfigProvider>
    ),
    forceRender: FORM_TABS.includes(key),
  }));
  // 13 tabs do not fit one row beside the side panels at 1440 px: the bar wraps (no hidden tabs, no "more").
  return (
    <PlainTabs id="booking-tabs" activeKey={tab} onChange={(k) => onTab(k as BookingTabKey)} items={items} />
  );
}
