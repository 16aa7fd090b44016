import { REG_MSG, SHIPPER_USER_TYPE } from '@portal/contracts';
import { Col, Flex, Row } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { applyServerErrors, Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { errorText } from '../../shared/i18n/error-text';
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
import { RegistrationShell, TermsNote } from './registration-shell';
import { SetPasswordStep } from './set-password-step';
import { useLoginIdCheck } from './use-login-id-check';

const TermsOfUseModal = lazy(() => import('../../shared/components/terms-of-use-modal'));

/**
 * /RegistrationWithoutSIS (000 §4): Enter Details → Email Verification → Set Password → Registration
 * Result. With loginID and token in the address (the activation link) it opens at Set Password.
 */
export default function RegistrationWithoutSisPage() {
  const { t } = useTranslation(['registration', 'msg']);
  const { message } = useApp();
  const [params] = useSearchParams();
  const linkLogin = params.get('loginID');
  const linkToken = params.get('token');
  const fromLink = params.has('loginID') || params.has('token');
  const [step, setStep] = useState(fromLink ? 2 : 0);
  const [email, setEmail] = useState('');
  const [saving, setSaving] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [form] = Form.useForm<ApplicationValues>();
  const userType = Form.useWatch('user_type_id', form);
  const locationType = Form.useWatch('location_type_id', form);
  const shipper = userType === SHIPPER_USER_TYPE;
  const userTypes = useUserTypeOptions();
  const locations = useLocationOptions();
  const offices = useOfficeOptions(shipper ? locationType : null);
  const checkLoginId = useLoginIdCheck();

  const submit = async (v: ApplicationValues) => {
    setSaving(true);
    try {
      if (!(await checkLoginId(v.login_id.trim()))) return;
      const res = await registerApplication(applicationBody(v));
      if (!res?.success) throw new Error(t(`msg:errSaveUnknown`));
      setEmail(v.login_id.trim());
      setStep(1);
    } catch (e) {
      const left = e instanceof ApiError ? applyServerErrors(form, e, t) : [];
      if (!(e instanceof ApiError) || left.length || !e.body?.details?.length)
        message.error(e instanceof ApiError ? errorText(t, e) : t('msg:errSaveUnknown'));
    } finally {
      setSaving(false);
    }
  };

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
          onFinish={submit}
          onFinishFailed={() => message.error(t('registration:formInvalid'))}
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
          <Flex vertical gap={8}>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="registration-submit">
              {t('registration:signUp')}
            </Button>
            <TermsNote onOpen={() => setTermsOpen(true)} />
          </Flex>
        </Form>
      ) : null}
      {step === 1 ? <RegisteredResult email={email} /> : null}
      {step === 2 ? (
        <SetPasswordStep loginId={linkLogin} token={linkToken} onDone={() => setStep(3)} />
      ) : null}
      {step === 3 ? <ActivateResult /> : null}
      {termsOpen ? (
        <Suspense fallback={null}>
          <TermsOfUseModal open onClose={() => setTermsOpen(false)} />
        </Suspense>
      ) : null}
    </RegistrationShell>
  );
}
