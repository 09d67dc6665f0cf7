import { useT } from '../i18n/index.ts';
import { profileName } from '../i18n/profile-name.ts';
import { useApp } from '../state/wallet-context.tsx';
import { SignInPanel } from '../components/SignInPanel.tsx';

export function SignInScreen() {
  const t = useT();
  const profile = useApp((state) => state.profiles?.profiles.find((candidate) => candidate.active));
  return (
    <section aria-labelledby="sign-in-title" className="card">
      <h2 id="sign-in-title">{t('signIn.title')}</h2>
      {profile && <p className="muted">{t('signIn.profile', { name: profileName(profile, t) })}</p>}
      <p>{t('signIn.intro')}</p>
      <SignInPanel />
    </section>
  );
}
