import type { TLoginRequest } from '@portal/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { WithAntd } from '../../shared/antd/with-antd';
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
import { errorText } from '../../shared/i18n/error-text';
import { setLanguage } from '../../shared/i18n/i18n';
import { MsgText } from '../../shared/i18n/msg-text';
import { useDocumentTitle } from '../../shared/layout/document-title';
import { MAIN_CONTENT_ID } from '../../shared/layout/main-content';
import { PlainLinkButton } from '../../shared/plain/plain-button';
import { PublicDocsLink } from '../public-docs';
import { RegisterLink } from '../registration';
import { CredentialsForm } from './credentials-form';
import { ProfileStep } from './profile-step';
import { type SignInNotice, useSignInFeedback } from './use-sign-in-feedback';
import './login-page.css';

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
    <main id={MAIN_CONTENT_ID} className="login-page">
      <div className="login-card">
        {/* The page's one h1. */}
        <h1 className="login-title">{t('common:appName')}</h1>
        <p className="login-subtitle">
          {step === 'profile' ? t('auth:chooseProfile') : t('auth:signInTitle')}
        </p>
        {feedback.notice ? <Notice notice={feedback.notice} onClose={feedback.clear} /> : null}
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
        <hr className="login-divider" />
        <div className="login-links">
          <Link to="/forgotpassword" data-testid="link-forgot-password">
            {t('auth:forgotPassword')}
          </Link>
          <RegisterLink />
          <PlainLinkButton onClick={() => setTermsOpen(true)} data-testid="link-terms">
            {t('auth:terms.link')}
          </PlainLinkButton>
          <PrivacyPolicyLink />
          <PublicDocsLink />
        </div>
      </div>
      {termsOpen ? (
        <Suspense fallback={null}>
          <WithAntd fallback={null}>
            <TermsOfUseModal open onClose={() => setTermsOpen(false)} />
          </WithAntd>
        </Suspense>
      ) : null}
    </main>
  );
}

/** A failure (gone after 30 s) or a session message (until clicked), announced to screen readers. */
function Notice({ notice, onClose }: { notice: SignInNotice; onClose: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  if (notice.kind === 'error')
    return (
      <div className="plain-alert plain-alert--error" role="alert">
        <span data-testid="login-error">{errorText(t, notice.error)}</span>
      </div>
    );
  return (
    <div className="plain-alert plain-alert--warning" role="alert">
      <span data-testid="login-reason">
        <MsgText msgKey={notice.msgKey} />
      </span>
      <PlainLinkButton onClick={onClose} aria-label={t('common:close')} title={t('common:clickToClose')}>
        ×
      </PlainLinkButton>
    </div>
  );
}
