import { COOKIE_CONSENT_DAYS } from '@portal/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WithAntd } from '../antd/with-antd';
import { PlainButton, PlainLinkButton } from '../plain/plain-button';

const PrivacyPolicyModal = lazy(() => import('./privacy-policy-modal'));

/** The cookie that records the visitor's consent (000 §9: 365 days). */
export const CONSENT_COOKIE = 'portal_cookie_consent';

const hasConsent = () => document.cookie.split('; ').some((c) => c.startsWith(`${CONSENT_COOKIE}=`));

/** Remembers the consent for 365 days. */
export function giveConsent(): void {
  const maxAge = COOKIE_CONSENT_DAYS * 24 * 60 * 60;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = `${CONSENT_COOKIE}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

/** A link that opens the privacy policy in a modal; usable on any page. */
export function PrivacyPolicyLink({ testId = 'privacy-policy-link' }: { testId?: string }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <>
      <PlainLinkButton onClick={() => setOpen(true)} data-testid={testId}>
        {t('privacy.link')}
      </PlainLinkButton>
      {open ? (
        <Suspense fallback={null}>
          <WithAntd fallback={null}>
            <PrivacyPolicyModal open onClose={() => setOpen(false)} />
          </WithAntd>
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The cookie-consent banner shown on every page until the visitor accepts (000 §1): a compact bar at the top
 * of the page in the normal flow (as GOV.UK's cookie banner), so it pushes the page down instead of
 * overlaying it; a bar fixed to the bottom hid the list pagination and the menu's collapse button.
 */
export function CookieConsent() {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(() => !hasConsent());
  if (!visible) return null;
  return (
    <section
      className="portal-cookie-consent"
      aria-label={t('cookie.title')}
      data-testid="cookie-consent"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 12,
        alignItems: 'center',
        justifyContent: 'center',
        padding: '8px 24px',
        background: 'rgba(20, 33, 61, 0.95)',
        color: '#fff',
      }}
    >
      <span>
        {t('cookie.text')} <PrivacyPolicyLink testId="cookie-privacy-link" />
      </span>
      <PlainButton
        variant="primary"
        data-testid="cookie-accept"
        onClick={() => {
          giveConsent();
          setVisible(false);
        }}
      >
        {t('cookie.accept')}
      </PlainButton>
    </section>
  );
}
