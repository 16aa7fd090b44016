import {
  PARTY_ADDRESS_TYPES,
  PARTY_CONTACT_TYPES,
  PARTY_RECORD_STATUSES,
  PARTY_ROLES,
  PARTY_TYPES,
  PAYMENT_TERMS,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** Translated labels and select options for a party's codes and fields. */
export function usePartyLabels() {
  const { t } = useTranslation('party');
  const label = (group: string) => (v: string) => t(`${group}.${v}`, { defaultValue: v });
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: label(group)(value) }));
  return {
    type: label('type'),
    status: label('status'),
    approval: label('approvalStatus'),
    action: label('action'),
    field: label('field'),
    typeOptions: options(PARTY_TYPES, 'type'),
    statusOptions: options(PARTY_RECORD_STATUSES, 'status'),
    addressTypeOptions: options(PARTY_ADDRESS_TYPES, 'addressType'),
    contactTypeOptions: options(PARTY_CONTACT_TYPES, 'contactType'),
    roleOptions: options(PARTY_ROLES, 'role'),
    paymentTermOptions: PAYMENT_TERMS.map((value) => ({ value, label: value })),
  };
}

/** Tag colour of an approval status. */
export const approvalColor = (s: string) =>
  s.endsWith('R') ? 'red' : s === 'SH' || s === 'CH' ? 'green' : s === 'P' || s === 'MA' ? 'gold' : 'blue';
