import { ConfigProvider, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BookingApprovalTab } from './booking-approval-tab';
import { BookingConfirmTab } from './booking-confirm-tab';
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
  const content: Record<BookingTabKey, ReactNode> = {
    header: <BookingHeaderTab {...props} onChanged={onChanged} />,
    details: <BookingDetailsTab {...props} />,
    isf: <IsfTab {...props} />,
    filing: <FilingTab {...props} />,
    documents: <DocumentsTab {...props} />,
    document_history: <DocumentHistoryTab {...props} />,
    vgm_history: <VgmHistoryTab {...props} />,
    shipping_instruction: <ShippingInstructionTab {...props} />,
    confirm: <BookingConfirmTab {...props} />,
    carrier_booking: <CarrierBookingTab {...props} />,
    house_doc: <HouseDocTab {...props} />,
    approval: <BookingApprovalTab {...props} />,
    history: booking ? <BookingHistoryTab soNo={booking.so_no} active={tab === 'history'} /> : null,
  };
  const items = BOOKING_TABS.filter((k) => booking || k !== 'history').map((key) => ({
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
  return (
    <Tabs
      size="small"
      tabBarGutter={20}
      activeKey={tab}
      onChange={(k) => onTab(k as BookingTabKey)}
      items={items}
    />
  );
}
