/** Login screen: logo, e-mail, password, submit with loading label, error box, info line. */
import { useState, type FormEvent } from 'react';
import { Logo } from '../../ui/Logo.tsx';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { LanguageSwitch } from '../layout/LanguageSwitch.tsx';
import { useSessionStore } from './session-store.ts';
import { TextField } from '../../ui/fields.tsx';

export function LoginScreen() {
  const { t } = useI18n();
  const signIn = useSessionStore((s) => s.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await signIn(email, password);
    } catch {
      // 'Authentication failed' and every other failure surface as 'Invalid credentials'.
      setError(t('login.invalidCredentials'));
      setSubmitting(false);
    }
  }

  return (
    <main className="login">
      <div className="login-language">
        <LanguageSwitch />
      </div>
      <form className="login-card" onSubmit={submit} aria-labelledby="login-title">
        <div className="login-brand">
          <Logo size={56} />
          <h1 id="login-title">{t('app.name')}</h1>
          <p className="muted">{t('login.subtitle')}</p>
        </div>
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={setEmail}
        />
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        {error && (
          <div className="error-box" role="alert">
            {error}
          </div>
        )}
        <button type="submit" className="button primary" disabled={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </button>
        <p className="info-line">{t('login.info')}</p>
      </form>
    </main>
  );
}
