import { ConfigProvider, Spin, Tabs } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { wrappingTabBar } from '../../shared/tabs/wrapping-tab-bar';
import { BookingConfirmTab } from './booking-confirm-tab';
import { bookingDetailTab } from './booking-detail-slots';
import { BookingDetailsTab } from './booking-details-tab';
import { BookingHeaderTab } from './booking-header-tab';
import { BookingHistoryTab } from './booking-history-tab';
import type { BookingTabProps } from './booking-tab-props';
import { CarrierBookingTab } from './tabs/carrier-booking-tab';
import { DocumentHistoryTab } from './tabs/document-history-tab';
import { DocumentsTab } from './tabs/documents-tab';
import { FilingTab } from './tabs/filing-tab';
import { HouseDocTab } from './tabs/house-doc-tab';
import { IsfTab } from './tabs/isf-tab';
import { ShippingInstructionTab } from './tabs/shipping-instruction-tab';
import { VgmHistoryTab } from './tabs/vgm-tab';

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
/** Tabs holding shipping-order fields: always rendered so their fields validate and save. */
const FORM_TABS: BookingTabKey[] = ['header', 'details', 'isf', 'filing'];

export function BookingDetailTabs({
  tab,
  onTab,
  props,
  onChanged,
}: {
  tab: BookingTabKey;
  onTab: (t: BookingTabKey) => void;
  props: BookingTabProps;
  onChanged: () => void;
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
      <Suspense fallback={<Spin />}>
        <Approval {...props} />
      </Suspense>
    ),
    history: booking ? <BookingHistoryTab soNo={booking.so_no} active={tab === 'history'} /> : null,
  };
  const keys = BOOKING_TABS.filter((k) => (booking || k !== 'history') && (Approval || k !== 'approval'));
  const items = keys.map((key) => ({
    key,
    label: <span data-testid={`booking-tab-${key}`}>{t(`tab.${key}`)}</span>,
    // Only the form tabs follow the form's read-only state; the others decide for themselves.
    children: FORM_TABS.includes(key) ? (
      content[key]
    ) : (
      <ConfigProvider componentDisabled={false}>{content[key]}</ConfigProvider>
    ),
    forceRender: FORM_TABS.includes(key),
  }));
  // 13 tabs do not fit one row beside the side panels at 1440 px: the bar wraps (no hidden tabs, no "more").
  return (
    <Tabs
      id="booking-tabs"
      size="small"
      activeKey={tab}
      onChange={(k) => onTab(k as BookingTabKey)}
      items={items}
      renderTabBar={wrappingTabBar(items)}
    />
  );
}
