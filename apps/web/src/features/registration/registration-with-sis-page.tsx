import type { TRegisterUserRequest, TSisUser } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { errorText } from '../../shared/i18n/error-text';
import { PlainTag } from '../../shared/plain/plain-tag';
import { PlainPasswordInput, PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { ActivateResult, RegisteredResult } from './activate-result';
import { DetailsFields } from './details-fields';
import { registerSisUser, validateSisUser } from './registration-api';
import { RegistrationShell } from './registration-shell';
import { SetPasswordStep } from './set-password-step';
import { SignUpFooter, useRegisterSubmit, useTermsModal } from './sign-up';

type Details = Omit<TRegisterUserRequest, 'sis_user_id' | 'sis_password'>;
const blank = (v: string | null) => v ?? undefined;

/**
 * /RegistrationWithSIS (000 §4): Enter SIS AC → Enter Details → Email Verification → Set Password →
 * Activate Result. With loginID and token in the address (the activation link) it opens at Set Password.
 */
export default function RegistrationWithSisPage() {
  const { t } = useTranslation(['registration', 'msg']);
  const { notification } = useApp();
  const [params] = useSearchParams();
  const fromLink = params.has('loginID') || params.has('token');
  const [step, setStep] = useState(fromLink ? 3 : 0);
  const [sisForm] = Form.useForm<{ sis_user_id: string; sis_password: string }>();
  const [form] = Form.useForm<Details>();
  const [sis, setSis] = useState<{ id: string; password: string; user: TSisUser } | null>(null);
  const [email, setEmail] = useState('');
  const { openTerms, termsModal } = useTermsModal();
  const { busy, setBusy, submit, onFinishFailed } = useRegisterSubmit(form, (loginId) => {
    setEmail(loginId);
    setSis(null);
    setStep(2);
  });

  const checkSis = async (v: { sis_user_id: string; sis_password: string }) => {
    setBusy(true);
    try {
      const res = await validateSisUser(v.sis_user_id.trim(), v.sis_password);
      if ('msg_type' in res) {
        notification.error({ key: 'registration-sis', title: t(`msg:${res.msg_key}`), duration: 0 });
        return;
      }
      setSis({ id: v.sis_user_id.trim(), password: v.sis_password, user: res });
      form.setFieldsValue({
        login_id: res.login_id,
        family_name: res.family_name,
        given_name: res.given_name,
        co_address1: blank(res.co_address1),
        co_address2: blank(res.co_address2),
        co_address3: blank(res.co_address3),
        co_address4: blank(res.co_address4),
        co_country_code: blank(res.co_country_code),
        phone: blank(res.phone),
        fax: blank(res.fax),
        company: blank(res.company),
        department: blank(res.department),
        position: blank(res.position),
      });
      setStep(1);
    } catch (e) {
      notification.error({ key: 'registration-sis', title: errorText(t, e), duration: 0 });
    } finally {
      setBusy(false);
    }
  };

  const register = async (v: Details) => {
    if (!sis) return setStep(0);
    await submit(v, (loginId) =>
      registerSisUser({ ...v, login_id: loginId, sis_user_id: sis.id, sis_password: sis.password }),
    );
  };

  const steps = ['sis', 'details', 'email', 'password', 'activate'].map((s) => t(`registration:steps.${s}`));
  return (
    <RegistrationShell
      title={t('registration:withSisTitle')}
      steps={steps}
      current={step}
      testId="registration-with-sis"
    >
      {step === 0 ? (
        <Form
          form={sisForm}
          layout="vertical"
          onFinish={checkSis}
          onFinishFailed={onFinishFailed}
          style={{ maxWidth: 420 }}
          data-testid="sis-form"
        >
          <Form.Item
            name="sis_user_id"
            label={t('registration:field.sis_user_id')}
            rules={[{ required: true, whitespace: true, message: t('registration:rule.sisUserRequired') }]}
          >
            <PlainTextInput maxLength={100} autoComplete="username" data-testid="sis-user-id" />
          </Form.Item>
          <Form.Item
            name="sis_password"
            label={t('registration:field.sis_password')}
            rules={[{ required: true, message: t('registration:rule.sisPasswordRequired') }]}
          >
            <PlainPasswordInput maxLength={256} autoComplete="current-password" data-testid="sis-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="sis-check">
            {t('registration:checkSis')}
          </Button>
        </Form>
      ) : null}
      {step === 1 && sis ? (
        <Form
          form={form}
          layout="vertical"
          onFinish={register}
          onFinishFailed={onFinishFailed}
          data-testid="registration-form"
        >
          <Typography.Paragraph data-testid="sis-profiles">
            {t('registration:sisChecked', { count: sis.user.profiles.length })}{' '}
            {sis.user.profiles.map((p) => (
              <PlainTag key={`${p.profile_type_id}-${p.office_id}`}>{p.profile_type}</PlainTag>
            ))}
          </Typography.Paragraph>
          <DetailsFields />
          <SignUpFooter busy={busy} onOpenTerms={openTerms} />
        </Form>
      ) : null}
      {step === 2 ? <RegisteredResult email={email} /> : null}
      {step === 3 ? (
        <SetPasswordStep
          loginId={params.get('loginID')}
          token={params.get('token')}
          onDone={() => setStep(4)}
        />
      ) : null}
      {step === 4 ? <ActivateResult /> : null}
      {termsModal}
    </RegistrationShell>
  );
}
