import { ProfileSchema, type Profile } from '../../common/profile.ts';
import { LOCAL_SANDBOX_ID } from '../../common/profile-rules.ts';

/**
 * The profiles every build knows. The local sandbox works out of the box (the main process starts the embedded
 * sandbox and fills in its address); the bank's sandbox and production are templates a tester or vendor fills in.
 */
export { LOCAL_SANDBOX_ID };

export function builtInProfiles(): Profile[] {
  return [
    ProfileSchema.parse({
      id: LOCAL_SANDBOX_ID,
      name: 'Local sandbox',
      environment: 'local-sandbox',
      // Filled in when the embedded sandbox starts: its address, and the app registration it knows. The
      // registration lives in the sandbox's own chunk, so a build without the sandbox carries none of it.
      baseUrl: '',
      authUrl: '',
      clientId: '',
      clientSecret: '',
      apiKey: '',
    }),
    ProfileSchema.parse({
      id: 'bank-sandbox',
      name: 'Bank sandbox',
      environment: 'bank-sandbox',
      baseUrl: '',
      authUrl: '',
      clientId: '',
      clientSecret: '',
      apiKey: '',
    }),
    ProfileSchema.parse({
      id: 'production',
      name: 'Production',
      environment: 'production',
      baseUrl: '',
      authUrl: '',
      clientId: '',
      clientSecret: '',
      apiKey: '',
      // The bank's production document does not show the sandbox-only `accounts` scope.
      scopes: ['profile', 'openid', 'customer', 'payments'],
    }),
  ];
}

/** What a build ships: the built-in profiles, or the vendor's preset (with the Local sandbox if it says so). */
export function shippedProfiles(preset?: {
  profiles: Profile[];
  shipLocalSandbox: boolean;
  allowProfileEdit: boolean;
}): { profiles: Profile[]; allowEdit: boolean; localSandbox: boolean } {
  if (!preset) return { profiles: builtInProfiles(), allowEdit: true, localSandbox: true };
  const local = builtInProfiles().filter((profile) => profile.id === LOCAL_SANDBOX_ID);
  return {
    profiles: [...(preset.shipLocalSandbox ? local : []), ...preset.profiles],
    allowEdit: preset.allowProfileEdit,
    localSandbox: preset.shipLocalSandbox,
  };
}
