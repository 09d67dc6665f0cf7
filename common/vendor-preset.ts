import { z } from 'zod';
import { DEFAULT_PRESENCE_SECONDS } from './passcode-rules.ts';
import { closestName } from './did-you-mean.ts';
import { describeIssues, fieldPath, ProfileSchema } from './profile.ts';

/**
 * A vendor's preset (`vendor.config.json`): the brand and the bank profiles a build ships with. Validated at
 * build time and again at start; every problem is reported with the path of its field.
 */
const PresetFields = z
  .object({
    productName: z.string().trim().min(1).max(60),
    appId: z.string().regex(/^[a-zA-Z][\w-]*(\.[a-zA-Z][\w-]*)+$/, 'a reverse-DNS id such as is.example.wallet'),
    publisher: z.string().trim().min(1).max(120),
    icon: z.string().min(1).optional(),
    // Strict here, unlike a saved profile: a vendor's misspelt key ("clientSecrett") is named, not dropped.
    profiles: z.array(ProfileSchema.strict()).default([]),
    shipLocalSandbox: z.boolean().default(true),
    allowProfileEdit: z.boolean().default(true),
    updateFeed: z
      .string()
      .regex(/^https:\/\/\S+$/, 'must be an https:// URL')
      .optional(),
    // The app lock (docs/SECURITY.md): a build may require a passcode, and ask for it before every payment (0) or
    // within fewer seconds than the app's default minute.
    requirePasscode: z.boolean().default(false),
    presenceSeconds: z.number().int().min(0).max(DEFAULT_PRESENCE_SECONDS).optional(),
    // The list of calls to the bank (docs/BANK-CALLS.md), shown in test profiles, may be turned on in production
    // profiles too, for support: secrets removed the same way.
    showBankCalls: z.boolean().default(false),
    // The vendor's web site: the Help menu's link and the .deb's Homepage. Without it, package.json's.
    homepage: z
      .string()
      .regex(/^https:\/\/\S+$/, 'must be an https:// URL')
      .optional(),
  })
  .strict();

export const VendorPresetSchema = PresetFields.superRefine((preset, context) => {
  const seen = new Set<string>();
  preset.profiles.forEach((profile, index) => {
    if (seen.has(profile.id)) {
      context.addIssue({ code: 'custom', path: ['profiles', index, 'id'], message: `"${profile.id}" is used twice` });
    }
    seen.add(profile.id);
    if (profile.environment === 'local-sandbox') {
      context.addIssue({
        code: 'custom',
        path: ['profiles', index, 'environment'],
        message: 'the local sandbox is built in: use shipLocalSandbox',
      });
    }
  });
});
export type VendorPreset = z.infer<typeof VendorPresetSchema>;

export type PresetCheck = { ok: true; preset: VendorPreset } | { ok: false; errors: string[] };

/** The keys a preset may have at a path: its own at the top, a profile's inside `profiles`. */
function knownKeys(path: readonly PropertyKey[]): readonly string[] {
  return path.length === 0
    ? Object.keys(PresetFields.shape)
    : path[0] === 'profiles'
      ? Object.keys(ProfileSchema.shape)
      : [];
}

export function checkVendorPreset(json: unknown): PresetCheck {
  const parsed = VendorPresetSchema.safeParse(json);
  if (parsed.success) return { ok: true, preset: parsed.data };
  // An unknown key is most often a slip of the keyboard: each is named on its own line, with the key meant.
  const [unknown, rest] = [
    parsed.error.issues.filter((issue) => issue.code === 'unrecognized_keys'),
    parsed.error.issues.filter((issue) => issue.code !== 'unrecognized_keys'),
  ];
  const named = unknown.flatMap((issue) =>
    issue.keys.map((key) => {
      const meant = closestName(key, knownKeys(issue.path));
      return `${fieldPath(issue.path)}: "${key}" is not a ${issue.path[0] === 'profiles' ? 'profile' : 'preset'} key${meant ? `; did you mean "${meant}"?` : ''}`;
    }),
  );
  return { ok: false, errors: [...named, ...describeIssues(new z.ZodError(rest))] };
}
