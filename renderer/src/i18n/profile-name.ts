import type { ProfileSummary } from '../../../common/profile.ts';
import type { MessageKey, Translate } from './index.ts';

/**
 * The built-in profiles ship with English names ("Local sandbox"); while a profile still has its shipped name, it is
 * shown in the customer's language. A name a tester or a vendor gave is theirs, and is shown as given.
 */
const BUILT_IN_NAMES: Readonly<Record<string, { name: string; key: MessageKey }>> = {
  'local-sandbox': { name: 'Local sandbox', key: 'profiles.name.local-sandbox' },
  'bank-sandbox': { name: 'Bank sandbox', key: 'profiles.name.bank-sandbox' },
  production: { name: 'Production', key: 'profiles.name.production' },
};

export function profileName(profile: Pick<ProfileSummary, 'id' | 'name' | 'builtIn'>, t: Translate): string {
  const shipped = Object.hasOwn(BUILT_IN_NAMES, profile.id) ? BUILT_IN_NAMES[profile.id] : undefined;
  return profile.builtIn && shipped?.name === profile.name ? t(shipped.key) : profile.name;
}
