import { useTranslation } from 'react-i18next';
import { CheckGroupField } from '../../shared/plain/multi-fields';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { SearchSelect } from '../../shared/search-select/search-select';
import { SearchTagsField } from '../../shared/search-select/search-tags-field';
import { check } from './party-detail-tabs';
import { FieldRow, PartyField } from './party-form-parts';
import { usePartyLabels } from './party-labels';

/**
 * Party Details tab: office, account group, office hours, target offices, roles and locks. Its own module,
 * loaded right after the page's first paint (the tabs mount their hidden panels then). Its several-values
 * pickers are plain (issue 20): the roles as check boxes, the target offices as tags with a search box.
 */
export default function PartyDetailsTab() {
  const labels = usePartyLabels();
  const { t } = useTranslation('party');
  return (
    <FieldRow>
      <PartyField name="office_code">
        <SearchSelect fetchOptionKey="office" allowClear data-testid="party-field-office_code" />
      </PartyField>
      <PartyField name="customer_id">
        <SearchSelect fetchOptionKey="account_group" allowClear data-testid="party-field-customer_id" />
      </PartyField>
      <PartyField name="cost_centre_code" />
      <PartyField name="office_hour_from">
        <PlainTextInput placeholder="09:00" maxLength={5} data-testid="party-field-office_hour_from" />
      </PartyField>
      <PartyField name="office_hour_to">
        <PlainTextInput placeholder="18:00" maxLength={5} data-testid="party-field-office_hour_to" />
      </PartyField>
      <PartyField name="target_offices">
        <SearchTagsField
          fetchOptionKey="office"
          removeLabel={(name) => t('removeOffice', { name })}
          wrapperTestId="party-field-target_offices"
          data-testid="party-field-target_offices-search"
        />
      </PartyField>
      <PartyField name="roles" span={16}>
        <CheckGroupField
          options={labels.roleOptions}
          aria-label={labels.field('roles')}
          data-testid="party-field-roles"
        />
      </PartyField>
      <PartyField name="description" span={24}>
        <PlainTextArea rows={2} maxLength={500} data-testid="party-field-description" />
      </PartyField>
      <PartyField name="no_edit_name" valuePropName="checked">
        {check('no_edit_name')}
      </PartyField>
      <PartyField name="no_edit_address" valuePropName="checked">
        {check('no_edit_address')}
      </PartyField>
      <PartyField name="no_hbl_printing" valuePropName="checked">
        {check('no_hbl_printing')}
      </PartyField>
    </FieldRow>
  );
}
