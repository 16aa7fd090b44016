import { Checkbox, Col, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '../../shared/plain/typography';
import { SearchMultiSelect } from '../../shared/search-select/search-multi-select';
import { SearchSelect } from '../../shared/search-select/search-select';
import { FieldRow, PartyField } from './party-form-parts';
import { usePartyLabels } from './party-labels';

const check = (name: string) => <Checkbox data-testid={`party-field-${name}`} />;

/** Party Details tab: office, account group, office hours, target offices, roles and locks. */
export function PartyDetailsTab() {
  const labels = usePartyLabels();
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
        <Input placeholder="09:00" maxLength={5} data-testid="party-field-office_hour_from" />
      </PartyField>
      <PartyField name="office_hour_to">
        <Input placeholder="18:00" maxLength={5} data-testid="party-field-office_hour_to" />
      </PartyField>
      <PartyField name="target_offices">
        <SearchMultiSelect fetchOptionKey="office" data-testid="party-field-target_offices" />
      </PartyField>
      <PartyField name="roles" span={16}>
        <Select mode="multiple" options={labels.roleOptions} data-testid="party-field-roles" />
      </PartyField>
      <PartyField name="description" span={24}>
        <Input.TextArea rows={2} maxLength={500} data-testid="party-field-description" />
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

/** Ledger tab: SUN suffix, ledger code and SUN account code. */
export const PartyLedgerTab = () => (
  <FieldRow>
    <PartyField name="sun_suffix" />
    <PartyField name="ledger_code" required />
    <PartyField name="sun_ac_code" />
  </FieldRow>
);

/** Bank tab: all-or-nothing bank details (001 §5). */
export function PartyBankTab() {
  const { t } = useTranslation('party');
  return (
    <>
      <Typography.Paragraph type="secondary">{t('hint.bank')}</Typography.Paragraph>
      <FieldRow>
        <PartyField name="bank_name" span={12} />
        <PartyField name="bank_account_no" />
        <PartyField name="bank_currency">
          <Input maxLength={3} placeholder="USD" data-testid="party-field-bank_currency" />
        </PartyField>
        <PartyField name="beneficiary_name" span={12} hint={t('hint.beneficiary')} />
        <PartyField name="bic">
          <Input maxLength={11} data-testid="party-field-bic" />
        </PartyField>
      </FieldRow>
    </>
  );
}

/** Invoice tab: credit, payment terms and tax numbers. */
export function PartyInvoiceTab() {
  const { t } = useTranslation('party');
  const labels = usePartyLabels();
  return (
    <FieldRow>
      <PartyField name="credit_limit" required hint={t('field.credit_limit_cam')}>
        {/* stringMode: the amount stays a decimal string (no float); no precision/min, which would round or
            clamp on blur: the contracts rule (ZMoney) refuses 1.005 or -1 with a message instead. */}
        <InputNumber<string> stringMode style={{ width: '100%' }} data-testid="party-field-credit_limit" />
      </PartyField>
      <PartyField name="credit_reminder_days">
        <InputNumber
          min={0}
          max={999}
          precision={0}
          style={{ width: '100%' }}
          data-testid="party-field-credit_reminder_days"
        />
      </PartyField>
      <PartyField name="credit_deadline_days">
        <InputNumber
          min={0}
          max={999}
          precision={0}
          style={{ width: '100%' }}
          data-testid="party-field-credit_deadline_days"
        />
      </PartyField>
      <PartyField name="payment_terms_ar">
        <Select allowClear options={labels.paymentTermOptions} data-testid="party-field-payment_terms_ar" />
      </PartyField>
      <PartyField name="payment_terms_ap">
        <Select allowClear options={labels.paymentTermOptions} data-testid="party-field-payment_terms_ap" />
      </PartyField>
      <PartyField name="invoice_email" />
      <PartyField name="tax_id" required />
      <PartyField name="eori_no" hint={t('hint.eori')}>
        <Input maxLength={17} data-testid="party-field-eori_no" />
      </PartyField>
      <PartyField name="sst_no" />
      <PartyField name="npwp_no" />
    </FieldRow>
  );
}

/** Agent tab: agency agreement and nomination/release flags. */
export const PartyAgentTab = () => (
  <FieldRow>
    <PartyField name="agency_agreement_no" />
    <PartyField name="is_nominated_agent" valuePropName="checked">
      {check('is_nominated_agent')}
    </PartyField>
    <PartyField name="is_release_agent" valuePropName="checked">
      {check('is_release_agent')}
    </PartyField>
  </FieldRow>
);

/** Consignee tab: customs broker and notify party. */
export const PartyConsigneeTab = () => (
  <FieldRow>
    <PartyField name="customs_broker" span={12} />
    <PartyField name="notify_party_code" />
  </FieldRow>
);

/** Carrier tab: the carrier this party stands for (its SCAC shown once saved). */
export function PartyCarrierTab({ scac }: { scac: string | null }) {
  const labels = usePartyLabels();
  return (
    <FieldRow>
      <PartyField name="carrier_code">
        <SearchSelect fetchOptionKey="carrier" allowClear data-testid="party-field-carrier_code" />
      </PartyField>
      <Col xs={24} md={12} lg={8}>
        <Form.Item label={labels.field('carrier_scac')}>
          <Typography.Text data-testid="party-carrier-scac">{scac ?? '—'}</Typography.Text>
        </Form.Item>
      </Col>
    </FieldRow>
  );
}
