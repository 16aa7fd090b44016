import type { TProfile } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileLabel } from '../../shared/auth/profile-label';
import { MsgText } from '../../shared/i18n/msg-text';
import { PlainButton } from '../../shared/plain/plain-button';

/** The profile choice after sign-in when the user has several (000 §4 Sign-in step 2, §5); no antd, as /login. */
export function ProfileStep({
  profiles,
  loading,
  onSubmit,
  onBack,
}: {
  profiles: TProfile[];
  loading: boolean;
  onSubmit: (profileId: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const [chosen, setChosen] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (chosen === null) setMissing(true);
    else onSubmit(chosen);
  };
  return (
    <form name="profile" noValidate onSubmit={submit}>
      <p>{t('auth:chooseProfileHint')}</p>
      <fieldset
        className="plain-radio-list"
        disabled={loading}
        data-testid="login-profile"
        aria-describedby={missing ? 'profile_help' : undefined}
      >
        <legend style={{ marginBottom: 8 }}>{t('auth:profile')}</legend>
        {profiles.map((p) => (
          <label key={p.user_profile_id} data-testid={`login-profile-${p.user_profile_id}`}>
            <input
              type="radio"
              name="profile"
              value={p.user_profile_id}
              checked={chosen === p.user_profile_id}
              onChange={() => {
                setChosen(p.user_profile_id);
                setMissing(false);
              }}
            />
            {profileLabel(t, p)}
          </label>
        ))}
      </fieldset>
      {missing ? (
        <div id="profile_help" className="plain-field-error" role="alert" style={{ marginTop: 8 }}>
          <MsgText msgKey="msgProfileRequired" />
        </div>
      ) : null}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 20 }}>
        <PlainButton type="submit" variant="primary" block loading={loading} data-testid="profile-submit">
          {t('auth:continue')}
        </PlainButton>
        <PlainButton block onClick={onBack} disabled={loading} data-testid="profile-back">
          {t('auth:backToSignIn')}
        </PlainButton>
      </div>
    </form>
  );
}
