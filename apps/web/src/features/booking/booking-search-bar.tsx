import { BOOKING_FILTER_FIELDS } from '@portal/contracts';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';
import { SearchBar, type SearchBarProps } from '../../shared/list/search-bar';
import { useBookingLabels } from './booking-labels';

/**
 * The search bar of every shipping-order list (the 9 booking and the 9 approval lists): smart search over
 * SO#/job#/HBL#/PO#/container#, the status filter and the custom filter over BOOKING_FILTER_FIELDS.
 */
export function BookingSearchBar({
  list,
  placeholder,
}: {
  list: SearchBarProps<'status' | 'filters'>['list'];
  placeholder: string;
}) {
  const labels = useBookingLabels();
  return (
    <SearchBar
      list={list}
      placeholder={placeholder}
      customFilterFields={customFilterFieldsOf(BOOKING_FILTER_FIELDS, labels.field, {
        status: { options: labels.statusOptions },
        service_type: { options: labels.serviceTypeOptions },
        transport_mode: { options: labels.transportModeOptions },
        si_status: { options: labels.siStatusOptions },
        space_status: { options: labels.spaceStatusOptions },
        approval_status: { options: labels.approvalOptions },
        pol: { fetchOptionKey: 'port' },
        pod: { fetchOptionKey: 'port' },
        fd: { fetchOptionKey: 'port' },
        carrier_code: { fetchOptionKey: 'carrier' },
        handling_office: { fetchOptionKey: 'office' },
      })}
      filters={[{ name: 'status', label: labels.field('status'), options: labels.statusOptions, width: 170 }]}
    />
  );
}
