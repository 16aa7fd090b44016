import {
  APPROVAL_STATUSES,
  BOOKING_CONDITIONS,
  BOOKING_SIZE_TYPES,
  BOOKING_STATUSES,
  BUSINESS_TYPES,
  CONTRACT_TYPES,
  DELIVERY_TYPES,
  FREIGHT_TERMS,
  INCOTERMS,
  PACKAGE_UNITS,
  SERVICE_TYPES,
  SI_STATUSES,
  SPACE_STATUSES,
  type TBookingStatus,
  TRANSPORT_DOCUMENTS,
  TRANSPORT_MODES,
  VGM_METHODS,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { PlainTagColour } from '../../shared/plain/plain-tag';

/** Translated labels and select options for a booking's codes and fields (namespace `booking`). */
export function useBookingLabels() {
  const { t } = useTranslation('booking');
  const label = (group: string) => (v: string) => t(`${group}.${v}`, { defaultValue: v });
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: label(group)(value) }));
  const codes = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
  return {
    status: label('status'),
    action: label('action'),
    field: label('field'),
    list: label('lists'),
    approval: label('approvalStatus'),
    space: label('spaceStatus'),
    si: label('siStatus'),
    statusOptions: options(BOOKING_STATUSES, 'status'),
    transportModeOptions: options(TRANSPORT_MODES, 'transportMode'),
    serviceTypeOptions: options(SERVICE_TYPES, 'serviceType'),
    deliveryTypeOptions: options(DELIVERY_TYPES, 'deliveryType'),
    businessTypeOptions: options(BUSINESS_TYPES, 'businessType'),
    freightTermOptions: options(FREIGHT_TERMS, 'freightTerm'),
    incotermOptions: codes(INCOTERMS),
    contractTypeOptions: options(CONTRACT_TYPES, 'contractType'),
    transportDocumentOptions: options(TRANSPORT_DOCUMENTS, 'transportDocument'),
    packageUnitOptions: codes(PACKAGE_UNITS),
    spaceStatusOptions: options(SPACE_STATUSES, 'spaceStatus'),
    bookingConditionOptions: options(BOOKING_CONDITIONS, 'bookingCondition'),
    vgmMethodOptions: codes(VGM_METHODS),
    approvalOptions: options(APPROVAL_STATUSES, 'approvalStatus'),
    siStatusOptions: options(SI_STATUSES, 'siStatus'),
    sizeTypeOptions: codes(BOOKING_SIZE_TYPES),
  };
}

/** Tag colour of a booking status. */
export const statusColor = (s: TBookingStatus | string): PlainTagColour =>
  s === 'CONFIRMED'
    ? 'green'
    : s === 'CANCELLED'
      ? 'red'
      : s === 'CANCEL_PENDING' || s === 'AMEND_PENDING'
        ? 'orange'
        : s === 'RECOVERED'
          ? 'purple'
          : 'blue';
