import { REG_MSG, SHIPPER_USER_TYPE } from '@portal/contracts';
import { Col, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { ActivateResult, RegisteredResult } from './activate-result';
import { DetailsFields } from './details-fields';
import {
  registerApplication,
  useLocationOptions,
  useOfficeOptions,
  useUserTypeOptions,
} from './registration-api';
import { type ApplicationValues, applicationBody, asNumber, asText } from './registration-form-values';
import { RegistrationShell } from './registration-shell';
import { SetPasswordStep } from './set-password-step';
import { SignUpFooter, useRegisterSubmit, useTermsModal } from './sign-up';

/**
 * /RegistrationWithoutSIS (000 §4): Enter Details → Email Verification → Set Password → Registration
 * Result. With loginID and token in the address (the activation link) it opens at Set Password.
 */
export default function RegistrationWithoutSisPage() {
  const { t } = useTranslation(['registration', 'msg']);
  const [params] = useSearchParams();
  const linkLogin = params.get('loginID');
  const linkToken = params.get('token');
  const fromLink = params.has('loginID') || params.has('token');
  const [step, setStep] = useState(fromLink ? 2 : 0);
  const [email, setEmail] = useState('');
  const { openTerms, termsModal } = useTermsModal();
  const [form] = Form.useForm<ApplicationValues>();
  const userType = Form.useWatch('user_type_id', form);
  const locationType = Form.useWatch('location_type_id', form);
  const shipper = userType === SHIPPER_USER_TYPE;
  const userTypes = useUserTypeOptions();
  const locations = useLocationOptions();
  const offices = useOfficeOptions(shipper ? locationType : null);
  const { busy, submit, onFinishFailed } = useRegisterSubmit(form, (loginId) => {
    setEmail(loginId);
    setStep(1);
  });

  const steps = ['details', 'email', 'password', 'result'].map((s) => t(`registration:steps.${s}`));
  return (
    <RegistrationShell
      title={t('registration:withoutSisTitle')}
      steps={steps}
      current={step}
      testId="registration-without-sis"
    >
      {step === 0 ? (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v: ApplicationValues) => submit(v, () => registerApplication(applicationBody(v)))}
          onFinishFailed={onFinishFailed}
          onValuesChange={(changed: Partial<ApplicationValues>) => {
            // Location and referral apply to SHIPPER only; otherwise they reset (000 §5).
            if ('user_type_id' in changed && changed.user_type_id !== SHIPPER_USER_TYPE)
              form.setFieldsValue({
                location_type_id: undefined,
                referred_by: undefined,
                referred_by_office_party_id: undefined,
              });
            if ('location_type_id' in changed)
              form.setFieldsValue({ referred_by_office_party_id: undefined });
          }}
          data-testid="registration-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="user_type_id"
                label={t('registration:field.user_type_id')}
                rules={[requiredMsgRule(REG_MSG.userTypeRequired)]}
              >
                <ChoiceField
                  options={(userTypes.data ?? []).map((o) => ({ value: o.pkey, label: o.pvalue }))}
                  placeholder={userTypes.isLoading ? t('registration:loading') : undefined}
                  data-testid="reg-user_type_id"
                />
              </Form.Item>
            </Col>
            {shipper ? (
              <>
                <Col xs={24} md={8}>
                  <Form.Item
                    name="location_type_id"
                    label={t('registration:field.location_type_id')}
                    getValueProps={asText}
                    normalize={asNumber}
                  >
                    <ChoiceField
                      allowClear
                      options={(locations.data ?? []).map((o) => ({
                        value: String(Number(o.pkey)),
                        label: o.pvalue,
                      }))}
                      data-testid="reg-location_type_id"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name="referred_by_office_party_id"
                    label={t('registration:field.referred_by_office_party_id')}
                    getValueProps={asText}
                    normalize={asNumber}
                  >
                    <ChoiceField
                      allowClear
                      disabled={!locationType}
                      options={(offices.data ?? []).map((o) => ({
                        value: String(o.party_id),
                        label: o.short_name,
                      }))}
                      placeholder={offices.isLoading ? t('registration:loading') : undefined}
                      data-testid="reg-referred_by_office_party_id"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item name="referred_by" label={t('registration:field.referred_by')}>
                    <PlainTextInput maxLength={100} data-testid="reg-referred_by" />
                  </Form.Item>
                </Col>
              </>
            ) : null}
          </Row>
          <DetailsFields />
          <SignUpFooter busy={busy} onOpenTerms={openTerms} />
        </Form>
      ) : null}
      {step === 1 ? <RegisteredResult email={email} /> : null}
      {step === 2 ? (
        <SetPasswordStep loginId={linkLogin} token={linkToken} onDone={() => setStep(3)} />
      ) : null}
      {step === 3 ? <ActivateResult /> : null}
      {termsModal}
    </RegistrationShell>
  );
}
