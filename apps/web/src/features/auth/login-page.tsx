import type { TLoginRequest } from '@portal/contracts';
import { Card, Divider, Flex, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  afterSignInPath,
  clearSession,
  decodeClaims,
  LOGIN_REASONS,
  type LoginReason,
  logout,
  secondsLeft,
  selectProfile,
  sessionStore,
  signIn,
  useSessionSnapshot,
} from '../../shared/auth';
import { PrivacyPolicyLink } from '../../shared/components/cookie-consent';
import { LinkButton } from '../../shared/components/link-button';
import { setLanguage } from '../../shared/i18n/i18n';
import { useDocumentTitle } from '../../shared/layout/document-title';
import { MAIN_CONTENT_ID } from '../../shared/layout/main-content';
import { PublicDocsLink } from '../public-docs';
import { RegisterLink } from '../registration';
import { CredentialsForm } from './credentials-form';
import { ProfileStep } from './profile-step';
import { useSignInFeedback } from './use-sign-in-feedback';

const TermsOfUseModal = lazy(() => import('../../shared/components/terms-of-use-modal'));

type Step = 'credentials' | 'profile';

/** A signed-in token still waiting for its profile choice. */
const waitingForProfile = () => {
  const s = sessionStore.getSnapshot();
  return !!s.claims && s.claims.profile === null && secondsLeft(s.claims) > 0 && s.profiles.length > 1;
};

/** /login (000 §2.1, §4 Sign-in): credentials and language, then a profile when there are several. */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const redir = params.get('redir');
  const { profiles } = useSessionSnapshot();
  const [step, setStep] = useState<Step>(() => (waitingForProfile() ? 'profile' : 'credentials'));
  const [loading, setLoading] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const feedback = useSignInFeedback();
  const checked = useRef(false);
  useDocumentTitle(step === 'profile' ? t('auth:chooseProfile') : t('auth:signInTitle'));

  const finish = async () => navigate(await afterSignInPath(redir), { replace: true });

  // On load (000 §4): an expired session is logged out with the timeout message, a user without a
  // profile with the profile-not-found message; both stay until clicked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit of the page
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const param = params.get('reason');
    let reason: string | null = LOGIN_REASONS.includes(param as LoginReason) ? param : null;
    if (params.get('timeout')) reason = 'msgLoginTimeout';
    const s = sessionStore.getSnapshot();
    if (reason) {
      // Sent here because the session ended (401, countdown, another tab): log out what is left.
      if (s.token) logout();
    } else if (s.token) {
      if (!s.claims) clearSession();
      else if (secondsLeft(s.claims) <= 0) {
        logout();
        reason = 'msgLoginTimeout';
      } else if (s.claims.profile === null && s.profiles.length === 0) {
        logout();
        reason = 'msgProfileNotFound';
      } else if (s.claims.profile !== null) {
        void finish();
        return;
      }
    }
    if (reason) {
      feedback.showReason(reason);
      const next = new URLSearchParams(params);
      next.delete('reason');
      next.delete('timeout');
      setParams(next, { replace: true });
    }
  }, []);

  const onCredentials = async (values: TLoginRequest) => {
    feedback.clear();
    setLoading(true);
    try {
      const res = await signIn(values);
      void setLanguage(values.language);
      const claims = decodeClaims(res.token);
      if (claims?.profile == null) {
        if (res.profiles.length === 0) {
          logout();
          feedback.showReason('msgProfileNotFound');
          return;
        }
        if (res.profiles.length > 1) {
          setStep('profile');
          return;
        }
        await selectProfile(res.profiles[0].user_profile_id);
      }
      await finish();
    } catch (e) {
      feedback.showError(e);
    } finally {
      setLoading(false);
    }
  };

  const onProfile = async (profileId: number) => {
    feedback.clear();
    setLoading(true);
    try {
      await selectProfile(profileId);
      await finish();
    } catch (e) {
      feedback.showError(e);
    } finally {
      setLoading(false);
    }
  };

  const backToCredentials = () => {
    logout();
    setStep('credentials');
  };

  return (
    <Flex
      component="main"
      id={MAIN_CONTENT_ID}
      vertical
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 16,
        background: 'linear-gradient(160deg, #0f2a4d 0%, #1f5fa8 100%)',
      }}
    >
      <Card style={{ width: '100%', maxWidth: 420 }}>
        {/* The page's one h1 (the size of the former level-3 title). */}
        <Typography.Title level={1} style={{ marginBottom: 4, fontSize: 24 }}>
          {t('common:appName')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {step === 'profile' ? t('auth:chooseProfile') : t('auth:signInTitle')}
        </Typography.Paragraph>
        {step === 'profile' ? (
          <ProfileStep
            profiles={profiles}
            loading={loading}
            onSubmit={onProfile}
            onBack={backToCredentials}
          />
        ) : (
          <CredentialsForm loading={loading} onSubmit={onCredentials} />
        )}
        <Divider style={{ margin: '16px 0 12px' }} />
        <Flex justify="space-between" wrap gap={8}>
          <Link to="/forgotpassword" data-testid="link-forgot-password">
            {t('auth:forgotPassword')}
          </Link>
          <RegisterLink />
          <LinkButton onClick={() => setTermsOpen(true)} data-testid="link-terms">
            {t('auth:terms.link')}
          </LinkButton>
          <PrivacyPolicyLink />
          <PublicDocsLink />
        </Flex>
      </Card>
      {termsOpen ? (
        <Suspense fallback={null}>
          <TermsOfUseModal open onClose={() => setTermsOpen(false)} />
        </Suspense>
      ) : null}
    </Flex>
  );
}
