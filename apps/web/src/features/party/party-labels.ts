import {
  PARTY_ADDRESS_TYPES,
  PARTY_CONTACT_TYPES,
  PARTY_FILTER_FIELDS,
  PARTY_RECORD_STATUSES,
  PARTY_ROLES,
  PARTY_STATUSES,
  PARTY_TYPES,
  PAYMENT_TERMS,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';

/** Translated labels and select options for a party's codes and fields. */
export function usePartyLabels() {
  const { t } = useTranslation('party');
  const label = (group: string) => (v: string) => t(`${group}.${v}`, { defaultValue: v });
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: label(group)(value) }));
  const typeOptions = options(PARTY_TYPES, 'type');
  const statusOptions = options(PARTY_RECORD_STATUSES, 'status');
  return {
    type: label('type'),
    status: label('status'),
    approval: label('approvalStatus'),
    action: label('action'),
    field: label('field'),
    typeOptions,
    statusOptions,
    addressTypeOptions: options(PARTY_ADDRESS_TYPES, 'addressType'),
    contactTypeOptions: options(PARTY_CONTACT_TYPES, 'contactType'),
    roleOptions: options(PARTY_ROLES, 'role'),
    paymentTermOptions: PAYMENT_TERMS.map((value) => ({ value, label: value })),
    // The server's whitelist (PARTY_FILTER_FIELDS) with labels and the choices of its select fields.
    customFilterFields: customFilterFieldsOf(PARTY_FILTER_FIELDS, label('field'), {
      party_type: { options: typeOptions },
      country_code: { fetchOptionKey: 'country' },
      status: { options: statusOptions },
      approval_status: { options: options(PARTY_STATUSES, 'approvalStatus') },
      office_code: { fetchOptionKey: 'office' },
    }),
  };
}

/** Tag colour of an approval status. */
export const approvalColor = (s: string) =>
  s.endsWith('R') ? 'red' : s === 'SH' || s === 'CH' ? 'green' : s === 'P' || s === 'MA' ? 'gold' : 'blue';
