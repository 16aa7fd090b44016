import { Alert } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PublicFrame } from '../../shared/layout/public-frame';
import { Typography } from '../../shared/plain/typography';

/** Seconds before a public password page goes on after a success (000 §8). */
export const REDIRECT_SECONDS = 5;

/** The centred card the public password pages sit in (like /login), with the link back to sign-in below. */
export function PublicCard(props: { title: string; children: ReactNode; testId: string }) {
  const { t } = useTranslation(['password']);
  return (
    <PublicFrame title={props.title} maxWidth={420} testId={props.testId}>
      <Typography.Paragraph type="secondary">{props.title}</Typography.Paragraph>
      {props.children}
      <div style={{ marginTop: 16 }}>
        <Link to="/login" data-testid="link-back-to-login">
          {t('password:backToLogin')}
        </Link>
      </div>
    </PublicFrame>
  );
}

/** A public page's success, saying it goes on in REDIRECT_SECONDS. */
export function PublicDoneAlert(props: { title: string; testId: string }) {
  const { t } = useTranslation(['password']);
  return (
    <Alert
      type="success"
      showIcon
      title={props.title}
      description={t('password:redirecting', { seconds: REDIRECT_SECONDS })}
      data-testid={props.testId}
    />
  );
}

/** A refused submit, above the form's fields (nothing when there is no error). */
export function PublicErrorAlert(props: { error: string | null; testId: string }) {
  return props.error ? (
    <Alert
      type="error"
      showIcon
      title={props.error}
      style={{ marginBottom: 16 }}
      data-testid={props.testId}
    />
  ) : null;
}

/** Once `done`, goes on to `to` after REDIRECT_SECONDS (replacing the page in the history). */
export function useRedirectWhenDone(done: boolean, to: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [done, navigate, to]);
}
