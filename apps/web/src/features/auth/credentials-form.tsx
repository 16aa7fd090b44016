import type { Language, TLoginRequest } from '@portal/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMsg, setLanguage } from '../../shared/i18n/i18n';
import { LANGUAGE_OPTIONS } from '../../shared/i18n/language-options';
import { PlainButton } from '../../shared/plain/plain-button';
import { PlainTextField } from '../../shared/plain/plain-field';
import { type CredentialField, checkCredentials, signInLanguage } from './credentials-model';

type Field = CredentialField;

/**
 * Username, password and language (000 §2.1, §5). Choosing a language switches the UI at once. Native
 * controls, no antd: /login is the first screen and loads on its own (issue 20); the ids (`login_username`…)
 * are the ones the form had under antd, so labels and tests still find them.
 */
export function CredentialsForm({
  loading,
  onSubmit,
}: {
  loading: boolean;
  onSubmit: (values: TLoginRequest) => void;
}) {
  const { t, i18n } = useTranslation('auth');
  const current = signInLanguage(i18n.language);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const username = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const checked = checkCredentials(username.current?.value ?? '', password.current?.value ?? '', current);
    if ('request' in checked) {
      setErrors({});
      onSubmit(checked.request);
      return;
    }
    const next = checked.errors;
    // The texts are msg keys: that namespace loads when the first one shows, not with the sign-in page.
    void loadMsg().then(() => {
      setErrors(next);
      if (next.username) username.current?.focus();
      else password.current?.focus();
    });
  };
  const clear = (f: Field) => () => {
    if (errors[f]) setErrors((x) => ({ ...x, [f]: undefined }));
  };

  return (
    <form name="login" noValidate onSubmit={submit}>
      <fieldset disabled={loading} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <PlainTextField
          ref={username}
          id="login_username"
          name="username"
          label={t('auth:username')}
          error={errors.username && t(errors.username)}
          autoComplete="username"
          autoFocus
          required
          maxLength={254}
          onInput={clear('username')}
          data-testid="login-username"
        />
        <PlainTextField
          ref={password}
          id="login_password"
          name="password"
          type="password"
          label={t('auth:password')}
          error={errors.password && t(errors.password)}
          autoComplete="current-password"
          required
          maxLength={256}
          onInput={clear('password')}
          data-testid="login-password"
        />
        <div className="plain-field">
          <label htmlFor="login_language">{t('auth:language')}</label>
          <select
            id="login_language"
            name="language"
            className="plain-input"
            value={current}
            onChange={(e) => void setLanguage(e.target.value as Language)}
            data-testid="login-language"
          >
            {LANGUAGE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <PlainButton type="submit" variant="primary" block loading={loading} data-testid="login-submit">
          {t('auth:signIn')}
        </PlainButton>
      </fieldset>
    </form>
  );
}
