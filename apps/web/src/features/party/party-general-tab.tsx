import { useTranslation } from 'react-i18next';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { SearchSelect } from '../../shared/search-select/search-select';
import { FieldRow, PartyField } from './party-form-parts';
import { usePartyLabels } from './party-labels';

/** General tab: identity, address and contact, requester remarks. */
export function PartyGeneralTab({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation('party');
  const labels = usePartyLabels();
  return (
    <>
      <FieldRow>
        <PartyField name="party_code" required>
          <PlainTextInput
            data-testid="party-field-party_code"
            maxLength={20}
            onInput={(e) => {
              e.currentTarget.value = e.currentTarget.value.toUpperCase();
            }}
          />
        </PartyField>
        <PartyField name="other_code" />
        <PartyField name="party_type" required>
          <ChoiceField options={labels.typeOptions} data-testid="party-field-party_type" />
        </PartyField>
        <PartyField name="short_name" required />
        <PartyField name="full_name" required span={16} />
        <PartyField name="status" required>
          <ChoiceField options={labels.statusOptions} data-testid="party-field-status" />
        </PartyField>
        <PartyField name="contact_person" />
      </FieldRow>
      <FieldRow>
        <PartyField name="address1" required span={12} />
        <PartyField name="address2" span={12} />
        <PartyField name="address3" span={12} />
        <PartyField name="address4" span={12} />
        <PartyField name="city" />
        <PartyField name="state" />
        <PartyField name="zip_postal" />
        <PartyField name="country_code" required>
          <SearchSelect fetchOptionKey="country" allowClear data-testid="party-field-country_code" />
        </PartyField>
        <PartyField name="tel" required hint={t('hint.tel')} />
        <PartyField name="fax" />
        <PartyField name="email" />
        <PartyField name="address_type" required>
          <ChoiceField options={labels.addressTypeOptions} data-testid="party-field-address_type" />
        </PartyField>
        <PartyField name="contact_type" required>
          <ChoiceField options={labels.contactTypeOptions} data-testid="party-field-contact_type" />
        </PartyField>
      </FieldRow>
      <FieldRow>
        <PartyField name="requester_remarks" required span={24}>
          <PlainTextArea
            rows={isNew ? 3 : 2}
            maxLength={1000}
            showCount
            data-testid="party-field-requester_remarks"
          />
        </PartyField>
      </FieldRow>
    </>
  );
}
