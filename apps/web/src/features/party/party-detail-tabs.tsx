import { Col } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form } from '../../shared/form';
import { ChoiceField, useItemState } from '../../shared/plain/form-fields';
import { PlainCheckbox } from '../../shared/plain/plain-checkbox';
import { PlainNumberInput } from '../../shared/plain/plain-number-input';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { SearchSelect } from '../../shared/search-select/search-select';
import { FieldRow, PartyField } from './party-form-parts';
import { usePartyLabels } from './party-labels';

export const check = (name: string) => <PlainCheckbox data-testid={`party-field-${name}`} />;

/** A whole number field (Form.Item gives value and onChange as number | null). */
const WholeNumber = (props: Parameters<typeof PlainNumberInput>[0]) => (
  <PlainNumberInput min={0} max={999} precision={0} {...props} {...useItemState(props)} />
);

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
          <PlainTextInput maxLength={3} placeholder="USD" data-testid="party-field-bank_currency" />
        </PartyField>
        <PartyField name="beneficiary_name" span={12} hint={t('hint.beneficiary')} />
        <PartyField name="bic">
          <PlainTextInput maxLength={11} data-testid="party-field-bic" />
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
        {/* A text box: the amount stays the decimal string typed (no float, no rounding or clamping); the
            contracts rule (ZMoney) refuses 1.005 or -1 with a message instead. */}
        <PlainTextInput inputMode="decimal" autoComplete="off" data-testid="party-field-credit_limit" />
      </PartyField>
      <PartyField name="credit_reminder_days">
        <WholeNumber data-testid="party-field-credit_reminder_days" />
      </PartyField>
      <PartyField name="credit_deadline_days">
        <WholeNumber data-testid="party-field-credit_deadline_days" />
      </PartyField>
      <PartyField name="payment_terms_ar">
        <ChoiceField
          allowClear
          options={labels.paymentTermOptions}
          data-testid="party-field-payment_terms_ar"
        />
      </PartyField>
      <PartyField name="payment_terms_ap">
        <ChoiceField
          allowClear
          options={labels.paymentTermOptions}
          data-testid="party-field-payment_terms_ap"
        />
      </PartyField>
      <PartyField name="invoice_email" />
      <PartyField name="tax_id" required />
      <PartyField name="eori_no" hint={t('hint.eori')}>
        <PlainTextInput maxLength={17} data-testid="party-field-eori_no" />
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
