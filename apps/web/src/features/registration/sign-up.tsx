import { Flex } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { applyServerErrors, type FormInstance } from '../../shared/form';
import { registerRefusalText } from './register-refusal';
import { TermsNote } from './registration-shell';
import { useLoginIdCheck } from './use-login-id-check';

const TermsOfUseModal = lazy(() => import('../../shared/components/terms-of-use-modal'));

/** The Terms of Use dialog a page opens from its Sign up note: `openTerms`, and `termsModal` to render. */
export function useTermsModal() {
  const [open, setOpen] = useState(false);
  const termsModal = open ? (
    <Suspense fallback={null}>
      <TermsOfUseModal open onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
  return { openTerms: () => setOpen(true), termsModal };
}

/** A registration form's Sign up button with the Terms of Use note under it (000 §5). */
export function SignUpFooter({ busy, onOpenTerms }: { busy: boolean; onOpenTerms: () => void }) {
  const { t } = useTranslation('registration');
  return (
    <Flex vertical gap={8}>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="registration-submit">
        {t('signUp')}
      </Button>
      <TermsNote onOpen={onOpenTerms} />
    </Flex>
  );
}

/**
 * A registration's submit (000 §5): the login id checked on the server first, then `send`; on success
 * `onRegistered` with the login id (the address the verification mail went to). A refusal puts its problems
 * on their fields and says the rest; `onFinishFailed` says the form has errors.
 */
export function useRegisterSubmit<V extends { login_id: string }>(
  form: FormInstance<V>,
  onRegistered: (loginId: string) => void,
) {
  const { t } = useTranslation(['registration', 'msg']);
  const { message } = useApp();
  const checkLoginId = useLoginIdCheck();
  const [busy, setBusy] = useState(false);

  const submit = async (v: V, send: (loginId: string) => Promise<{ success?: boolean } | undefined>) => {
    setBusy(true);
    try {
      const loginId = v.login_id.trim();
      if (!(await checkLoginId(loginId))) return;
      const res = await send(loginId);
      if (!res?.success) throw new Error(t('msg:errSaveUnknown'));
      onRegistered(loginId);
    } catch (e) {
      const left = e instanceof ApiError ? applyServerErrors(form, e, t) : [];
      const text = registerRefusalText(t, e, left);
      if (text) message.error(text);
    } finally {
      setBusy(false);
    }
  };
  const onFinishFailed = () => message.error(t('registration:formInvalid'));

  return { busy, setBusy, submit, onFinishFailed };
}
